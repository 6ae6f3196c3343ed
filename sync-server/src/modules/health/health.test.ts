import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from '../../db/client.ts';
import { serveApp } from '../../testing/app.ts';
import { createTestDatabase, useTestDatabase } from '../../testing/database.ts';
import { checkHealth } from './service.ts';

const database = useTestDatabase({ migrated: false });

describe('GET /api/health', () => {
  it('answers ok after a round trip to the database', async () => {
    const server = await serveApp(database().sql);
    try {
      const response = await fetch(`${server.url}/api/health`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
    } finally {
      await server.close();
    }
  });

  it('answers 503 once the database is gone', async () => {
    const doomed = await createTestDatabase({ migrated: false });
    const server = await serveApp(doomed.sql);
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      await doomed.close();
      const response = await fetch(`${server.url}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await server.close();
    }
  });
});

describe('checkHealth', () => {
  // A server that accepts connections and never answers: a database that hangs.
  const sockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => sockets.add(socket));
  beforeAll(() => new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve)));
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        silent.close(() => resolve());
      }),
  );

  it('calls a database that does not answer unreachable after the timeout', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const sql = createSql(`postgres://postgres@127.0.0.1:${port}/none`, { max: 1 });
    try {
      expect(await checkHealth(sql, 100)).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await sql.end({ timeout: 0 });
    }
  });

  it('calls a refused connection unreachable', async () => {
    const sql = createSql('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    try {
      expect(await checkHealth(sql)).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await sql.end({ timeout: 0 });
    }
  });
});
