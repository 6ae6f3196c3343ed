import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createSql, type Sql } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';

export interface TestDatabase {
  readonly sql: Sql;
  /** Connection URL, for a second client (e.g. two "instances" racing). */
  readonly url: string;
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Apply the migrations (the default); false gives an empty database. */
  readonly migrated?: boolean;
}

/** Set by CI to a real PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test. */
function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL?.trim() || undefined;
}

/** A database of its own on a PostgreSQL server (tests, benches), and how to drop it again. */
export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** Creates `<prefix>_<random>` on the server at `adminUrl`; `drop()` removes it, connections and all. */
export async function createScratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = createSql(adminUrl, { max: 1 });
  try {
    await admin`create database ${admin(name)}`;
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const dropper = createSql(adminUrl, { max: 1 });
      try {
        await dropper`drop database if exists ${dropper(name)} with (force)`;
      } finally {
        await dropper.end();
      }
    },
  };
}

async function createOnServer(adminUrl: string, migrated: boolean): Promise<TestDatabase> {
  const scratch = await createScratchDatabase(adminUrl, `memento_test_${process.pid}`);
  const sql = createSql(scratch.url, { max: 4 });
  if (migrated) await migrate(sql);
  return {
    sql,
    url: scratch.url,
    kind: 'postgres',
    async close() {
      await sql.end({ timeout: 5 });
      await scratch.drop();
    },
  };
}

/**
 * A fresh in-memory PGlite starts in 2-4 s, one loaded from a dump in about 0.5 s. Each kind of
 * starting point (empty, migrated) is therefore built once and kept as a dump in the temp
 * folder, named by a hash of the PGlite version and the migrations.
 */
async function pgliteTemplate(migrated: boolean): Promise<Blob> {
  const migrations = await loadMigrations();
  const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  const key = createHash('sha256')
    .update(await fs.readFile(pglitePackage))
    .update(migrated ? migrations.map((migration) => migration.checksum).join(',') : 'empty')
    .digest('hex')
    .slice(0, 16);
  const prefix = `memento-pglite-${migrated ? 'migrated' : 'empty'}-`;
  const file = path.join(os.tmpdir(), `${prefix}${key}.tar`);
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    // Not built yet.
  }
  const embedded = await startEmbeddedPostgres({ memory: true });
  if (migrated) {
    const sql = createSql(embedded.url, { max: 1 });
    try {
      await migrate(sql, migrations);
    } finally {
      await sql.end();
    }
  }
  const dump = await embedded.pglite.dumpDataDir('none');
  await embedded.close();
  const partial = `${file}.${process.pid}.tmp`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, file);
  // Templates of earlier migrations are of no further use (40 MB each).
  for (const name of await fs.readdir(os.tmpdir())) {
    if (name.startsWith(prefix) && name.endsWith('.tar') && name !== path.basename(file)) {
      await fs.rm(path.join(os.tmpdir(), name), { force: true });
    }
  }
  return dump;
}

async function createInPglite(migrated: boolean): Promise<TestDatabase> {
  const embedded = await startEmbeddedPostgres({ memory: true, from: await pgliteTemplate(migrated) });
  const sql = createSql(embedded.url, { max: 1 });
  return {
    sql,
    url: embedded.url,
    kind: 'pglite',
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.close();
    },
  };
}

/**
 * An isolated database for one test file: a new database on the TEST_DATABASE_URL server
 * (dropped on close), or else an in-memory PGlite reached through the same socket and client
 * as the embedded mode of the server.
 */
export async function createTestDatabase({ migrated = true }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const url = serverUrl();
  return url ? createOnServer(url, migrated) : createInPglite(migrated);
}

/** `createTestDatabase` for the whole file: created before the first test, closed after the last. */
export function useTestDatabase(options: TestDatabaseOptions = {}): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(options);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('The test database is only available inside tests');
    return database;
  };
}
