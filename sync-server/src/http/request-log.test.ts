import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type TestServer } from '../testing/http.ts';
import { errorHandler } from './error-handler.ts';
import { requestLogger } from './request-log.ts';

interface Line {
  readonly level: number;
  readonly msg: string;
  readonly req?: { readonly id?: string; readonly method?: string; readonly path?: string };
  readonly res?: { readonly statusCode?: number };
  readonly responseTime?: number;
  readonly err?: { readonly message?: string };
}

const lines: Line[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString('utf8').split('\n')) if (text !== '') lines.push(JSON.parse(text) as Line);
    done();
  },
});
// Written synchronously to the sink: a line is there once the response has closed.
const logger = pino({ level: 'info' }, sink);
let requestArrived: () => void = () => undefined;

let server: TestServer;
beforeAll(async () => {
  const app = express();
  app.use(requestLogger(logger));
  app.get('/ok', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/broken', () => {
    throw new Error('secret detail');
  });
  // As Express's file sending reports a client that went away before the file was sent.
  app.get('/abandoned', (req, _res, next) => {
    requestArrived();
    req.once('close', () => {
      next(Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' }));
    });
  });
  app.use(errorHandler(logger));
  server = await serve(app);
});
afterAll(() => server.close());

/** The lines about one request id, once its 'request …' line is there (written as the response closes). */
async function linesOf(id: string): Promise<Line[]> {
  await expect.poll(() => lines.some((line) => line.req?.id === id && line.msg.startsWith('request ')), { timeout: 15_000 }).toBe(true);
  return lines.filter((line) => line.req?.id === id);
}

describe('requestLogger', () => {
  it('writes one line per request: id, method, path without the query string, status and time', async () => {
    const response = await fetch(`${server.url}/ok?token=secret-in-query`, { headers: { 'x-request-id': 'req-1', authorization: 'Bearer secret' } });
    expect(response.headers.get('x-request-id')).toBe('req-1');
    const [line, ...more] = await linesOf('req-1');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { id: 'req-1', method: 'GET', path: '/ok' }, res: { statusCode: 200 } });
    expect(line?.responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('never writes a download token: the secret segment of a download link is logged as :token', async () => {
    const token = 'Tok3n_secret-download-link-0123456789abcdef';
    const cases = [
      [`/api/humansounds/library/${token}`, '/api/humansounds/library/:token'],
      [`/api/humansounds/library/${token}/zip?x=1`, '/api/humansounds/library/:token/zip'],
      [`/humansounds/thankyou/${token}`, '/humansounds/thankyou/:token'],
      [`/HumanSounds//ThankYou/${token}/`, '/HumanSounds//ThankYou/:token/'],
    ] as const;
    for (const [index, [path, logged]] of cases.entries()) {
      const id = `req-token-${index}`;
      await (await fetch(`${server.url}${path}`, { headers: { 'x-request-id': id } })).text();
      const [line] = await linesOf(id);
      expect(line?.req?.path).toBe(logged);
    }
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('logs an unexpected error with the request id, and the request itself at error level', async () => {
    const response = await fetch(`${server.url}/broken`, { headers: { 'x-request-id': 'req-2' } });
    expect(response.status).toBe(500);
    const [error, request, ...more] = await linesOf('req-2');
    expect(error).toMatchObject({ level: 50, msg: 'unexpected error', err: { message: 'secret detail' } });
    expect(request).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
    expect(more).toEqual([]);
  });

  it('a request its client abandoned is logged as aborted, not as an error of the server', async () => {
    const arrived = new Promise<void>((resolve) => {
      requestArrived = resolve;
    });
    const abandon = new AbortController();
    const request = fetch(`${server.url}/abandoned`, { headers: { 'x-request-id': 'req-3' }, signal: abandon.signal });
    await arrived;
    abandon.abort();
    await expect(request).rejects.toThrow();
    const [line, ...more] = await linesOf('req-3');
    expect(line).toMatchObject({ level: 30, msg: 'request aborted by the client', req: { id: 'req-3', path: '/abandoned' } });
    expect(more).toEqual([]);
  });

  it('writes nothing for requests below its level', async () => {
    const quiet: Line[] = [];
    const quietLogger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          quiet.push(JSON.parse(chunk.toString('utf8')) as Line);
          done();
        },
      }),
    );
    const app = express();
    app.use(requestLogger(quietLogger));
    app.get('/ok', (_req, res) => {
      res.json({ ok: true });
    });
    const quietServer = await serve(app);
    try {
      const response = await fetch(`${quietServer.url}/ok`);
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await response.text();
    } finally {
      await quietServer.close();
    }
    expect(quiet).toEqual([]);
  });
});
