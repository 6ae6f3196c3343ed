import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSql } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { openDatabase } from './open.ts';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-embedded-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('embedded PGlite', () => {
  it('creates the data folder, keeps data across a restart, and releases its lock', async () => {
    const dir = path.join(dataDir, 'nested', 'pglite');
    const first = await openDatabase({ mode: 'embedded', dir });
    await first.sql`create table notes (body text not null)`;
    await first.sql`insert into notes values ('kept')`;
    await first.close();
    await expect(fs.access(`${dir}.lock`)).rejects.toThrow();

    const second = await openDatabase({ mode: 'embedded', dir });
    try {
      expect(await second.sql`select body from notes`).toEqual([{ body: 'kept' }]);
    } finally {
      await second.close();
    }
    // Two cold starts of the embedded database (its files created, then read back): a few
    // seconds alone, past 30 s in CI's first phase beside the other suites.
  }, 120_000);

  it('serves queued queries one at a time over its single connection', async () => {
    const embedded = await startEmbeddedPostgres({ memory: true });
    const sql = createSql(embedded.url, { max: 1 });
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, index) => sql<{ n: number }[]>`select ${index}::int as n`),
      );
      expect(results.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, index) => index));
    } finally {
      await sql.end();
      await embedded.close();
    }
  });

  it('refuses a data folder another running server holds, and takes over a stale lock', async () => {
    const dir = path.join(dataDir, 'locked');
    await fs.mkdir(dir, { recursive: true });
    // The parent process (the test runner) is alive, so its pid stands for another server.
    await fs.writeFile(`${dir}.lock`, String(process.ppid));
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/in use by another server \(process \d+\)/);

    await fs.writeFile(`${dir}.lock`, '999999999');
    const embedded = await startEmbeddedPostgres({ dir });
    try {
      expect(await fs.readFile(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
      await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/already open in this process/);
    } finally {
      await embedded.close();
    }
  });
});
