import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAssets } from '#core/route-assets';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { PAGE_RENDER_FILE, RENDER_DIR } from './page-renderer.ts';
import { serverToday } from './page-text.ts';

const INDEX =
  '<!doctype html><head><title>Memento</title><meta name="description" content="shell" /></head><body><div id="root"><div class="boot" aria-hidden="true">Memento</div></div></body>';

/** A stand-in for the build's renderer: it writes down what it was asked for. */
const RENDERER = `
export async function renderPage({ pathname, day, origin }) {
  return '<main><h1>Written</h1><input value="' + origin + pathname + '"><p>' + day + '</p></main>';
}
`;

const PUBLIC_ORIGIN = 'https://memento.example';
const database = useTestDatabase({ migrated: false });
let build: string;
let server: TestServer;

beforeAll(async () => {
  // The browser's files in pwa/ and the renderer beside them in render/, as `npm run build` writes them.
  build = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-written-'));
  const publicDir = path.join(build, 'pwa');
  await fs.mkdir(path.join(publicDir, 'assets'), { recursive: true });
  await fs.mkdir(path.join(build, RENDER_DIR));
  await fs.writeFile(path.join(publicDir, 'index.html'), INDEX);
  const routes: RouteAssets = { routes: [{ path: '/weeksuntil/:target', scripts: ['/assets/result-R.js'], styles: ['/assets/result-R.css'] }] };
  await fs.writeFile(path.join(publicDir, 'route-assets.json'), JSON.stringify(routes));
  await fs.writeFile(path.join(publicDir, 'assets', 'result-R.css'), '.count{font-size:4rem}');
  await fs.writeFile(path.join(build, RENDER_DIR, PAGE_RENDER_FILE), RENDERER);
  server = await serveApp(database().sql, { PUBLIC_DIR: publicDir, PUBLIC_ORIGIN });
});
afterAll(async () => {
  await server.close();
  await fs.rm(build, { recursive: true, force: true });
});

const page = (urlPath: string, host?: string) =>
  rawRequest(server.url, { method: 'GET', path: urlPath, headers: host === undefined ? {} : { host } });

describe('a date page the server writes whole', () => {
  it('carries the app’s markup for today, its words and its route’s styles, allowed by the policy', async () => {
    const response = await page('/weeksuntil/christmas');
    expect(response.status).toBe(200);
    expect(response.text).toContain(`<div id="root" inert data-written-day="${serverToday()}"><main><h1>Written</h1>`);
    expect(response.text).toMatch(/<title>[^<]+ until Christmas · Memento<\/title>/);
    expect(response.text).toContain('<style>.count{font-size:4rem}</style>');
    // The page's inline styles are allowed by their hash, no other inline style.
    expect(response.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-[\w+/=]+'(;|$)/);
  });

  it('spells out its addresses at the origin the browser opened it at', async () => {
    // The published host: its own origin, https, though the request reached this server as http.
    expect((await page('/weeksuntil/christmas', 'memento.example')).text).toContain(`value="${PUBLIC_ORIGIN}/weeksuntil/christmas"`);
    // This machine's own address (a developer's, a test's): the request's own.
    expect((await page('/weeksuntil/christmas', '127.0.0.1:5555')).text).toContain('value="http://127.0.0.1:5555/weeksuntil/christmas"');
    expect((await page('/weeksuntil/christmas', 'localhost:4000')).text).toContain('value="http://localhost:4000/weeksuntil/christmas"');
    // Any other name in the Host header is not written into the page.
    const other = await page('/weeksuntil/christmas', 'elsewhere.example');
    expect(other.text).toContain(`value="${PUBLIC_ORIGIN}/weeksuntil/christmas"`);
    expect(other.text).not.toContain('elsewhere.example');
  });

  it('is left to the app where the address is not a date page it can answer', async () => {
    const problem = await page('/weeksuntil/2026-02-30');
    expect(problem.text).toContain('<div id="root"><div class="boot" aria-hidden="true">Memento</div></div>');
    expect(problem.text).not.toContain('Written');
    expect((await page('/tools')).text).not.toContain('Written');
  });
});
