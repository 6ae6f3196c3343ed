import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { createSql } from './client.ts';
import { loadMigrations, migrate, type Migration } from './migrate.ts';

const PRODUCT_TABLES = [
  'app_settings',
  'auth_nonces',
  'billing_checkouts',
  'billing_customers',
  'billing_invoices',
  'bookings',
  'download_tokens',
  'events',
  'exercise_revisions',
  'exercises',
  'experts',
  'game_progress',
  'hn_items',
  'hn_story_samples',
  'hn_threads',
  'journal_versions',
  'mail_outbox',
  'next_product_notices',
  'orders',
  'profiles',
  'push_subscriptions',
  'rate_limit_hits',
  'reminder_jobs',
  'schema_migrations',
  'sessions',
  'subscriptions',
  'sync_clients',
  'trackers',
  'user_revisions',
  'users',
  'webhook_events',
];

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

/** Every migration file, in order: what a first start applies. */
async function allMigrationNames(): Promise<string[]> {
  return (await loadMigrations()).map((migration) => migration.name);
}

async function emptyDatabase(): Promise<TestDatabase> {
  database = await createTestDatabase({ migrated: false });
  return database;
}

async function tables(db: TestDatabase): Promise<string[]> {
  const rows = await db.sql<{ name: string }[]>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' order by table_name`;
  return rows.map((row) => row.name);
}

describe('migrate', () => {
  it('creates every table on an empty database, then does nothing when run again', async () => {
    const db = await emptyDatabase();
    const first = await migrate(db.sql);
    const names = await allMigrationNames();
    expect(names[0]).toBe('0001_initial.sql');
    expect(first.applied).toEqual(names);
    expect(await tables(db)).toEqual(PRODUCT_TABLES);

    const again = await migrate(db.sql);
    expect(again.applied).toEqual([]);
    const recorded = await db.sql`select version, name from schema_migrations`;
    expect(recorded).toEqual(names.map((name, index) => ({ version: index + 1, name })));
  });

  it('lets two instances start together: each migration is applied once, in order, by one of them', async () => {
    const db = await emptyDatabase();
    // PGlite serves a single connection, so there the two share it; a server gets two clients.
    const other = db.kind === 'postgres' ? createSql(db.url, { max: 1 }) : db.sql;
    try {
      const results = await Promise.all([migrate(db.sql), migrate(other)]);
      // Both walk the files in order and take a lock per migration, so they may share the work
      // (one applies 0001-0003 while the other waits, then goes on with 0004): never twice.
      const applied = results.flatMap((result) => result.applied);
      expect(applied.toSorted()).toEqual(await allMigrationNames());
      const order = await db.sql<{ version: number }[]>`select version from schema_migrations order by applied_at, version`;
      expect(order.map((row) => row.version)).toEqual(order.map((row) => row.version).toSorted((a, b) => a - b));
    } finally {
      if (other !== db.sql) await other.end();
    }
    const applied = (await allMigrationNames()).length;
    expect(await db.sql`select count(*) as n from schema_migrations`).toEqual([{ n: applied }]);
  });

  it('applies only the new migration of a later release, in its own transaction', async () => {
    const db = await emptyDatabase();
    const current = await loadMigrations();
    await migrate(db.sql, current);
    const next: Migration = {
      version: current.length + 1,
      name: '9999_add_note.sql',
      sql: 'alter table app_settings add column note text;\ncomment on column app_settings.note is $$x$$;',
      checksum: 'next',
    };
    expect((await migrate(db.sql, [...current, next])).applied).toEqual(['9999_add_note.sql']);

    const broken: Migration = { ...next, version: next.version + 1, name: 'broken.sql', sql: 'create table t (x int); select 1/0;', checksum: 'b' };
    await expect(migrate(db.sql, [...current, next, broken])).rejects.toMatchObject({ code: '22012' });
    // Nothing of the failed migration is left behind, and it is not recorded.
    expect(await db.sql`select to_regclass('t') as t`).toEqual([{ t: null }]);
    expect(await db.sql`select max(version) as v from schema_migrations`).toEqual([{ v: next.version }]);
  });

  it('refuses to start when an applied migration file was edited', async () => {
    const db = await emptyDatabase();
    const current = await loadMigrations();
    await migrate(db.sql, current);
    const edited = current.map((migration) => ({ ...migration, checksum: `${migration.checksum}x` }));
    await expect(migrate(db.sql, edited)).rejects.toThrow(/0001_initial.sql was changed after it was applied/);
  });
});

describe('loadMigrations', () => {
  it('reads the files in order with stable checksums', async () => {
    const migrations = await loadMigrations();
    expect(migrations[0]).toMatchObject({ version: 1, name: '0001_initial.sql' });
    expect(migrations.map((migration) => migration.version)).toEqual(migrations.map((_, index) => index + 1));
    expect((await loadMigrations())[0]?.checksum).toBe(migrations[0]?.checksum);
  });

  it('rejects a badly named file and a gap in the sequence', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-migrations-'));
    try {
      await fs.writeFile(path.join(dir, '0001_first.sql'), 'select 1;');
      await fs.writeFile(path.join(dir, '0003_third.sql'), 'select 1;');
      await expect(loadMigrations(dir)).rejects.toThrow(/expected version 2/);
      await fs.writeFile(path.join(dir, '0002-second.sql'), 'select 1;');
      await expect(loadMigrations(dir)).rejects.toThrow(/must look like 0001_name.sql/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
