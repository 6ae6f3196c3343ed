import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { rawRequest } from '../testing/raw-http.ts';

const INDEX = '<!doctype html><title>Memento</title><div id="root"></div>';

const database = useTestDatabase({ migrated: false });
let publicDir: string;
let server: TestServer;

beforeAll(async () => {
  publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-public-'));
  await fs.mkdir(path.join(publicDir, 'assets'));
  await fs.writeFile(path.join(publicDir, 'index.html'), INDEX);
  await fs.writeFile(path.join(publicDir, 'sw.js'), 'self.addEventListener("install", () => {});');
  await fs.writeFile(path.join(publicDir, 'manifest.webmanifest'), '{"name":"Memento"}');
  await fs.writeFile(path.join(publicDir, 'icon-192.png'), 'png');
  await fs.writeFile(path.join(publicDir, 'assets', 'index-B_ZzpneR.js'), 'console.log("app");'.repeat(200));
  await fs.writeFile(path.join(publicDir, 'assets', 'index-B_ZzpneR.js.map'), '{"version":3,"sourcesContent":["secret"]}');
  await fs.writeFile(path.join(publicDir, 'sw.js.map'), '{"version":3,"sourcesContent":["secret"]}');
  // The build's compressed copies. Their words differ from the plain file's, so a test can tell
  // which one was sent.
  await fs.writeFile(path.join(publicDir, 'assets', 'entry-C0PIES1.js'), 'console.log("plain");');
  await fs.writeFile(path.join(publicDir, 'assets', 'entry-C0PIES1.js.br'), zlib.brotliCompressSync('console.log("brotli copy");'));
  await fs.writeFile(path.join(publicDir, 'assets', 'entry-C0PIES1.js.gz'), zlib.gzipSync('console.log("gzip copy");'));
  await fs.writeFile(path.join(publicDir, 'sw.js.br'), zlib.brotliCompressSync('self.addEventListener("install", () => {}); // copy'));
  await fs.writeFile(path.join(publicDir, 'assets', 'plain-N0C0PY.css'), 'body { color: black; }\n'.repeat(100));
  // Beside the public folder, where no request may reach.
  await fs.writeFile(path.join(publicDir, '..', `${path.basename(publicDir)}-outside.js.br`), zlib.brotliCompressSync('secret'));
  server = await serveApp(database().sql, { PUBLIC_DIR: publicDir });
});
afterAll(async () => {
  await server.close();
  await fs.rm(publicDir, { recursive: true, force: true });
  await fs.rm(path.join(publicDir, '..', `${path.basename(publicDir)}-outside.js.br`), { force: true });
});

function get(urlPath: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${urlPath}`, { headers });
}

describe('serving the built app', () => {
  it('keeps hashed assets for a year', async () => {
    const response = await get('/assets/index-B_ZzpneR.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('compresses what it sends when the browser accepts it', async () => {
    const response = await get('/assets/index-B_ZzpneR.js', { 'accept-encoding': 'gzip' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  describe('the compressed copies the build wrote', () => {
    const request = (urlPath: string, acceptEncoding: string, method = 'GET') =>
      rawRequest(server.url, { method, path: urlPath, headers: { 'accept-encoding': acceptEncoding } });

    it('sends the Brotli copy to a browser that takes Brotli, with the file’s own type and caching', async () => {
      const response = await request('/assets/entry-C0PIES1.js', 'gzip, deflate, br, zstd');
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.text).toBe('console.log("brotli copy");');
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
    });

    it('sends the gzip copy to a browser that takes gzip only', async () => {
      const response = await request('/assets/entry-C0PIES1.js', 'gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.text).toBe('console.log("gzip copy");');
    });

    it('sends the plain file to a client that takes no encoding', async () => {
      const response = await request('/assets/entry-C0PIES1.js', 'identity');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.text).toBe('console.log("plain");');
    });

    it('revalidates an unhashed file’s copy as it does the file', async () => {
      const response = await request('/sw.js', 'br');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toContain('// copy');
    });

    it('answers a repeated request with 304 when the copy is unchanged', async () => {
      const first = await request('/assets/entry-C0PIES1.js', 'br');
      const etag = first.headers.etag;
      expect(etag).toBeDefined();
      const again = await rawRequest(server.url, {
        method: 'GET',
        path: '/assets/entry-C0PIES1.js',
        headers: { 'accept-encoding': 'br', 'if-none-match': etag ?? '' },
      });
      expect(again.status).toBe(304);
    });

    it('answers HEAD with the copy’s headers', async () => {
      const response = await request('/assets/entry-C0PIES1.js', 'br', 'HEAD');
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.text).toBe('');
    });

    it('compresses a file without copies as it is sent', async () => {
      const response = await request('/assets/plain-N0C0PY.css', 'gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.text).toContain('body { color: black; }');
    });

    it('sends the plain file when it is newer than its copy (replaced after the build)', async () => {
      const file = path.join(publicDir, 'assets', 'replaced-R3PL.js');
      await fs.writeFile(`${file}.br`, zlib.brotliCompressSync('console.log("old copy");'));
      await fs.writeFile(file, 'console.log("replaced");');
      const copyTime = new Date(Date.now() - 60_000);
      await fs.utimes(`${file}.br`, copyTime, copyTime);
      const response = await request('/assets/replaced-R3PL.js', 'br');
      expect(response.text).toBe('console.log("replaced");');
    });

    it('answers a path with a NUL in it as a client error, not a server failure', async () => {
      const response = await request('/assets/entry-C0PIES1%00.js', 'br');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it('reaches no copy outside the public folder', async () => {
      const response = await request(`/..%2f${path.basename(publicDir)}-outside.js`, 'br');
      expect(response.status).toBe(404);
      expect(response.text).not.toContain('secret');
    });
  });

  it.each([
    ['/sw.js', /javascript/],
    ['/manifest.webmanifest', /manifest\+json/],
    ['/icon-192.png', /image\/png/],
  ])('revalidates %s on every load', async (urlPath, type) => {
    const response = await get(urlPath);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(type);
  });

  it.each(['/', '/dashboard', '/weeksuntil/no-such-day', '/ex/JaneDoe', '/no/such/page'])(
    'answers the navigation %s with the app shell, revalidated',
    async (urlPath) => {
      const response = await get(urlPath, { accept: 'text/html' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('answers a date page with the app shell carrying the page’s own title', async () => {
    const response = await get('/weeksuntil/christmas', { accept: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]* until Christmas · Memento<\/title>/);
    expect(html).toContain('<div id="root"></div>');
  });

  it('serves the app shell to HEAD as well', async () => {
    const response = await fetch(`${server.url}/dashboard`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it.each(['/assets/index-OLDHASH.js', '/assets/missing', '/favicon.ico', '/robots.txt'])(
    'answers a missing file %s with 404, not the app shell',
    async (urlPath) => {
      const response = await get(urlPath);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    },
  );

  it('does not answer other methods with the app shell', async () => {
    const response = await fetch(`${server.url}/dashboard`, { method: 'POST' });
    expect(response.status).toBe(404);
  });

  it('keeps /api out of the fallback', async () => {
    const response = await get('/api/anything', { accept: 'text/html' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'NOT_FOUND', message: 'No such API endpoint.' });
  });
});

describe('source maps', () => {
  it('serves them outside production, for the developers', async () => {
    expect((await get('/sw.js.map')).status).toBe(200);
  });

  it('keeps them out of reach in production', async () => {
    const production = await serveApp(database().sql, {
      PUBLIC_DIR: publicDir,
      NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://memento.example',
      ALLOW_LOCAL_SIGNIN: 'true',
      ALLOW_TEST_PAYMENTS: 'true',
    });
    try {
      for (const urlPath of ['/sw.js.map', '/assets/index-B_ZzpneR.js.map']) {
        const response = await fetch(`${production.url}${urlPath}`);
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain('sourcesContent');
      }
      const page = await fetch(`${production.url}/assets/index-B_ZzpneR.js`);
      expect(page.status).toBe(200);
      expect(page.headers.get('permissions-policy')).toContain('camera=()');
    } finally {
      await production.close();
    }
  });
});

describe('before the app is built', () => {
  it('answers navigations with a short 503 saying how to build it', async () => {
    const emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-empty-'));
    const unbuilt = await serveApp(database().sql, { PUBLIC_DIR: path.join(emptyDir, 'missing') });
    try {
      const response = await fetch(`${unbuilt.url}/dashboard`);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await response.text()).toContain('npm run build');
      expect((await fetch(`${unbuilt.url}/api/health`)).status).toBe(200);
    } finally {
      await unbuilt.close();
      await fs.rm(emptyDir, { recursive: true, force: true });
    }
  });
});
