import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type TestServer } from '../../testing/http.ts';
import { createPictureCheck } from './picture-check.ts';

/** A picture host: /ok.png is a picture, /page an HTML page, /gone a 404, /hang never answers. */
let host: TestServer;
const asked: string[] = [];
const hanging = new Set<http.ServerResponse>();
beforeAll(async () => {
  host = await serve((req, res) => {
    asked.push(`${req.method ?? ''} ${req.url ?? ''}`);
    if (req.url === '/ok.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end();
    else if (req.url === '/page') res.writeHead(200, { 'Content-Type': 'text/html' }).end();
    else if (req.url === '/moved') res.writeHead(302, { Location: '/ok.png' }).end();
    else if (req.url === '/hang') hanging.add(res);
    else res.writeHead(404).end();
  });
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await host.close();
});

describe('createPictureCheck', () => {
  it('says a picture that answers as an image is reachable, with one HEAD request, following redirects', async () => {
    const check = createPictureCheck();
    asked.length = 0;
    expect(await check(`${host.url}/ok.png`)).toBe(true);
    expect(await check(`${host.url}/moved`)).toBe(true);
    expect(asked).toEqual(['HEAD /ok.png', 'HEAD /moved', 'HEAD /ok.png']);
  });

  it('refuses an error status, a page that is no image, an unknown host and a host that does not answer in time', async () => {
    const check = createPictureCheck({ timeoutMs: 200 });
    expect(await check(`${host.url}/gone`)).toBe(false);
    expect(await check(`${host.url}/page`)).toBe(false);
    expect(await check('http://127.0.0.1:1/nothing.png')).toBe(false);
    expect(await check(`${host.url}/hang`)).toBe(false);
  });

  it('remembers each answer for a while, then asks again; simultaneous views share one request', async () => {
    let clock = 0;
    const check = createPictureCheck({ now: () => clock, reachableForMs: 1_000, unreachableForMs: 100 });
    asked.length = 0;
    expect(await Promise.all([check(`${host.url}/ok.png`), check(`${host.url}/ok.png`)])).toEqual([true, true]);
    expect(await check(`${host.url}/gone`)).toBe(false);
    clock = 500;
    expect(await check(`${host.url}/ok.png`)).toBe(true);
    expect(await check(`${host.url}/gone`)).toBe(false);
    expect(asked).toEqual(['HEAD /ok.png', 'HEAD /gone', 'HEAD /gone']);
    clock = 1_500;
    await check(`${host.url}/ok.png`);
    expect(asked).toHaveLength(4);
  });
});
