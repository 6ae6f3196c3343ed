import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorBodySchema, parseApiErrorBody } from '#core/schemas/api-error';
import { createLogger } from '../logger.ts';
import { serve, type TestServer } from '../testing/http.ts';
import { ApiError } from './api-error.ts';
import { errorHandler } from './error-handler.ts';
import { requestLogger } from './request-log.ts';
import { MAX_NESTING, nestsDeeperThan, parseBody, parseParams, parseQuery } from './validate.ts';

const noteSchema = z.object({ title: z.string().min(1).max(20), tags: z.array(z.string()).max(2) });

/** A small app wired like the real one, with routes that exercise the helpers. */
function probeApp() {
  const app = express();
  const logger = createLogger('silent');
  app.use(requestLogger(logger));
  app.use(express.json());
  app.post('/notes', (req, res) => {
    const note = parseBody(noteSchema, req);
    res.status(201).json(note);
  });
  app.get('/notes/:id', (req, res) => {
    const { id } = parseParams(z.object({ id: z.coerce.number().int().positive() }), req);
    const { limit } = parseQuery(z.object({ limit: z.coerce.number().int().max(50).default(10) }), req);
    res.json({ id, limit });
  });
  app.get('/taken', () => {
    throw new ApiError('CONFLICT', 'That name is taken.');
  });
  app.get('/broken', async () => {
    await Promise.resolve();
    throw new Error('secret detail at /srv/app.ts:12');
  });
  app.use(errorHandler(logger));
  return app;
}

let server: TestServer;
beforeAll(async () => {
  server = await serve(probeApp());
});
afterAll(() => server.close());

async function errorBody(response: Response) {
  return apiErrorBodySchema.parse(await response.json());
}

describe('parseBody / parseQuery / parseParams', () => {
  it('passes valid input through, typed and coerced', async () => {
    const created = await fetch(`${server.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'hello', tags: ['a'], extra: true }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ title: 'hello', tags: ['a'] });
    expect(await (await fetch(`${server.url}/notes/7?limit=5`)).json()).toEqual({ id: 7, limit: 5 });
  });

  it('answers invalid input with 400 INVALID_REQUEST and where each problem is', async () => {
    const response = await fetch(`${server.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: '', tags: ['a', 3] }),
    });
    expect(response.status).toBe(400);
    const body = await errorBody(response);
    expect(body.error).toBe('INVALID_REQUEST');
    expect(body.issues?.map((issue) => issue.path)).toEqual([['title'], ['tags', 1]]);
  });

  it('treats a missing or non-JSON body as invalid, not as a crash', async () => {
    const response = await fetch(`${server.url}/notes`, { method: 'POST', body: 'title=x' });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).error).toBe('INVALID_REQUEST');
  });

  it('checks path and query parameters', async () => {
    expect((await fetch(`${server.url}/notes/abc`)).status).toBe(400);
    const response = await fetch(`${server.url}/notes/1?limit=500`);
    expect(response.status).toBe(400);
    expect((await errorBody(response)).issues?.[0]?.path).toEqual(['limit']);
  });
});

describe('nestsDeeperThan', () => {
  const nested = (depth: number): unknown => JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);

  it('counts each object and array as a level, without recursion', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_NESTING / 2), MAX_NESTING)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_NESTING / 2 + 1), MAX_NESTING)).toBe(true);
    expect(nestsDeeperThan(nested(100_000), MAX_NESTING)).toBe(true);
  });

  it('answers a body nested too deep with 400 INVALID_REQUEST', async () => {
    const response = await fetch(`${server.url}/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'deep', tags: [], extra: nested(MAX_NESTING) }),
    });
    expect(response.status).toBe(400);
    expect((await errorBody(response)).error).toBe('INVALID_REQUEST');
  });
});

describe('the error middleware', () => {
  it('answers a domain error with its code, status and message', async () => {
    const response = await fetch(`${server.url}/taken`);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'CONFLICT', message: 'That name is taken.' });
  });

  it('answers an unexpected error with a bare 500 INTERNAL, no stack or detail', async () => {
    const response = await fetch(`${server.url}/broken`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'INTERNAL' });
    expect(text).not.toContain('secret');
  });
});

describe('parseApiErrorBody', () => {
  it('takes a body that follows the contract as is', () => {
    expect(parseApiErrorBody(409, { error: 'CONFLICT', message: 'm' })).toEqual({ error: 'CONFLICT', message: 'm' });
  });

  it('falls back to the code of the status for anything else', () => {
    expect(parseApiErrorBody(502, '<html>Bad gateway</html>')).toEqual({ error: 'UNAVAILABLE' });
    expect(parseApiErrorBody(400, { error: 'SOMETHING_NEWER' })).toEqual({ error: 'INVALID_REQUEST' });
    expect(parseApiErrorBody(401, null)).toEqual({ error: 'INVALID_TOKEN' });
    expect(parseApiErrorBody(500, undefined)).toEqual({ error: 'INTERNAL' });
  });
});
