import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { serveApp } from './testing/app.ts';
import { useTestDatabase } from './testing/database.ts';
import type { TestServer } from './testing/http.ts';

const database = useTestDatabase({ migrated: false });
let server: TestServer;
let publicDir: string;
// Its own small public folder: these tests must not depend on whether `npm run build` ran first.
beforeAll(async () => {
  publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-app-public-'));
  await fs.writeFile(path.join(publicDir, 'index.html'), '<!doctype html><title>Memento</title><div id="root"></div>');
  server = await serveApp(database().sql, { PUBLIC_DIR: publicDir });
});
afterAll(async () => {
  await server.close();
  await fs.rm(publicDir, { recursive: true, force: true });
});

function post(path: string, body: string, contentType = 'application/json'): Promise<Response> {
  return fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
}

/** Sends a request exactly as written (fetch would normalize a malformed path first). */
function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body = ''): Promise<number> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

describe('security headers', () => {
  it.each(['/api/health', '/some/deep/link'])('are sent on %s', async (path) => {
    const response = await fetch(`${server.url}${path}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((directive) => {
        const [name = '', ...sources] = directive.trim().split(/\s+/);
        return [name, sources.join(' ')];
      }),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data: blob:",
      'connect-src': "'self'",
      'font-src': "'self'",
      'media-src': "'self'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('gives every response a request id, keeping a sane one the client sent', async () => {
    const given = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'not ok\u00e9' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('API errors', () => {
  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await post('/api/health', '{"unclosed": ');
    expect(response.status).toBe(400);
    const body = apiErrorBodySchema.parse(await response.json());
    expect(body.error).toBe('INVALID_JSON');
    expect(body.message).toBeTruthy();
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await post('/api/health', JSON.stringify({ text: 'x'.repeat(200_000) }));
    expect(response.status).toBe(413);
    expect(apiErrorBodySchema.parse(await response.json()).error).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['DELETE', '/api/health'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/deep/unknown/path.json'],
  ])('answers %s %s with 404 JSON, never the app shell', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(apiErrorBodySchema.parse(await response.json()).error).toBe('NOT_FOUND');
  });

  it.each([
    ['a JSON string where an object belongs', 'POST', '/api/health', { 'content-type': 'application/json' }, '"text"'],
    ['an unknown charset', 'POST', '/api/health', { 'content-type': 'application/json; charset=klingon' }, '{}'],
    ['an unknown content encoding', 'POST', '/api/health', { 'content-type': 'application/json', 'content-encoding': 'zip' }, '{}'],
    ['a lying gzip body', 'POST', '/api/health', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, '{}'],
    ['a prototype-polluting body', 'POST', '/api/nope', { 'content-type': 'application/json' }, '{"__proto__":{"x":1}}'],
    ['deeply nested JSON', 'POST', '/api/nope', { 'content-type': 'application/json' }, `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['a form body', 'POST', '/api/nope', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1&b=2'],
    ['broken percent-encoding in an API path', 'GET', '/api/%E0%A4%A', {}, ''],
    ['broken percent-encoding in a file path', 'GET', '/assets/%E0%A4%A.js', {}, ''],
    ['broken percent-encoding in a page path', 'GET', '/%', {}, ''],
    ['a path escaping the public folder', 'GET', '/../../etc/passwd', {}, ''],
    ['an encoded path escape', 'GET', '/assets/..%2f..%2fpackage.json', {}, ''],
  ])('never answers 500 for %s', async (_name, method, path, headers, body) => {
    const status = await rawRequest(method, path, headers, body);
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
  });
});
