import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';

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
  server = await serveApp(database().sql, { PUBLIC_DIR: publicDir });
});
afterAll(async () => {
  await server.close();
  await fs.rm(publicDir, { recursive: true, force: true });
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
