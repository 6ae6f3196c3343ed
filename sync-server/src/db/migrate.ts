import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql, TransactionSql } from './client.ts';
import { transact } from './transact.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Held for the length of each migration transaction, so instances starting together take turns. */
const MIGRATION_LOCK_KEY = 7_310_585_231;

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  readonly checksum: string;
}

export interface MigrationResult {
  /** File names applied by this call, in order. */
  readonly applied: readonly string[];
}

/** Reads `NNNN_name.sql` files in version order; a gap or a duplicate version is an error. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match?.[1] || !match[2]) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (version !== migrations.length + 1) throw new Error(`Migration ${file} breaks the sequence: expected version ${migrations.length + 1}`);
    const text = (await fs.readFile(`${dir}/${file}`, 'utf8')).replace(/\r\n/g, '\n');
    migrations.push({
      version,
      name: file,
      sql: text,
      checksum: createHash('sha256').update(text).digest('hex'),
    });
  }
  return migrations;
}

/**
 * Read committed, so that what another instance committed while this one waited for the lock is
 * visible once the lock is held (a serializable snapshot would be taken before the wait).
 */
const LOCKED = { isolation: 'read committed' } as const;

async function lock(tx: TransactionSql): Promise<void> {
  await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
}

function checkUnchanged(migration: Migration, recordedChecksum: string): void {
  if (recordedChecksum !== migration.checksum) {
    throw new Error(
      `Migration ${migration.name} was changed after it was applied to this database. ` +
        'Put schema changes in a new migration file instead.',
    );
  }
}

/**
 * Brings the schema up to date: each pending migration runs in its own transaction together
 * with its row in schema_migrations. Running it again applies nothing. A migration file must not
 * contain BEGIN/COMMIT or statements that cannot run in a transaction.
 */
export async function migrate(sql: Sql, migrations?: readonly Migration[]): Promise<MigrationResult> {
  const files = migrations ?? (await loadMigrations());

  await transact(
    sql,
    async (tx) => {
      await lock(tx);
      await tx`
        create table if not exists schema_migrations (
          version integer primary key,
          name text not null,
          checksum text not null,
          applied_at timestamptz not null default now()
        )`;
    },
    LOCKED,
  );

  const recorded = await sql<{ version: number; checksum: string }[]>`select version, checksum from schema_migrations`;
  const recordedChecksums = new Map(recorded.map((row) => [row.version, row.checksum]));

  const applied: string[] = [];
  for (const migration of files) {
    const known = recordedChecksums.get(migration.version);
    if (known !== undefined) {
      checkUnchanged(migration, known);
      continue;
    }
    const ran = await transact(
      sql,
      async (tx) => {
        await lock(tx);
        const [row] = await tx<{ checksum: string }[]>`
          select checksum from schema_migrations where version = ${migration.version}`;
        if (row) {
          checkUnchanged(migration, row.checksum);
          return false;
        }
        await tx.unsafe(migration.sql);
        await tx`
          insert into schema_migrations (version, name, checksum)
          values (${migration.version}, ${migration.name}, ${migration.checksum})`;
        return true;
      },
      LOCKED,
    );
    if (ran) applied.push(migration.name);
  }
  return { applied };
}
