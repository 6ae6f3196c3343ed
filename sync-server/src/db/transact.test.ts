import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database.ts';
import { createSql } from './client.ts';
import { transact } from './transact.ts';

const database = useTestDatabase({ migrated: false });

/** Raises a real PostgreSQL error with the given SQLSTATE, the way a lost race does. */
function failWith(code: string) {
  return `do $$ begin raise exception 'simulated' using errcode = '${code}'; end $$`;
}

describe('transact', () => {
  it('runs the body again after a serialization failure and returns its result', async () => {
    const { sql } = database();
    await sql`create table counter (n int not null)`;
    let runs = 0;
    const result = await transact(sql, async (tx) => {
      runs++;
      await tx`insert into counter values (${runs})`;
      if (runs === 1) await tx.unsafe(failWith('40001'));
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(2);
    // The first run was rolled back: only the second insert is there.
    expect(await sql`select n from counter`).toEqual([{ n: 2 }]);
  });

  it('retries a deadlock too, but gives up after the last attempt', async () => {
    const { sql } = database();
    let runs = 0;
    await expect(
      transact(
        sql,
        async (tx) => {
          runs++;
          await tx.unsafe(failWith('40P01'));
        },
        { maxAttempts: 3 },
      ),
    ).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(3);
  });

  it('does not retry other errors', async () => {
    const { sql } = database();
    let runs = 0;
    await expect(
      transact(sql, async (tx) => {
        runs++;
        await tx`select 1 / 0`;
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(runs).toBe(1);
  });

  it('uses the isolation level asked for', async () => {
    const { sql } = database();
    const level = async (isolation?: 'read committed') =>
      transact(
        sql,
        async (tx) => (await tx<{ level: string }[]>`select current_setting('transaction_isolation') as level`)[0]?.level,
        isolation ? { isolation } : {},
      );
    expect(await level()).toBe('serializable');
    expect(await level('read committed')).toBe('read committed');
  });

  it('returns arrays unchanged', async () => {
    const { sql } = database();
    expect(await transact(sql, () => Promise.resolve([1, 2]))).toEqual([1, 2]);
  });

  it('resolves a real write-skew race between two connections (PostgreSQL server only)', async (context) => {
    const db = database();
    // PGlite runs one transaction at a time, so two can never race there.
    if (db.kind !== 'postgres') context.skip();
    await db.sql`create table on_call (doctor text primary key, on_duty boolean not null)`;
    await db.sql`insert into on_call values ('alice', true), ('bob', true)`;
    const other = createSql(db.url, { max: 1 });

    // Both read before either writes, so they conflict; the first attempts wait for each other.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const attempts: string[] = [];
    const goOffDuty = (sql: typeof db.sql, doctor: string) =>
      transact(sql, async (tx) => {
        attempts.push(doctor);
        const [row] = await tx<{ n: number }[]>`select count(*) as n from on_call where on_duty`;
        if (++arrived === 2) release();
        await bothRead;
        if ((row?.n ?? 0) < 2) return 'stayed';
        await tx`update on_call set on_duty = false where doctor = ${doctor}`;
        return 'left';
      });
    try {
      const outcomes = await Promise.all([goOffDuty(db.sql, 'alice'), goOffDuty(other, 'bob')]);
      expect(outcomes.sort()).toEqual(['left', 'stayed']);
      // The loser ran again; more than once when its retry began before the winner had committed
      // (its snapshot still saw two on duty, and its write conflicted again).
      expect(attempts.length).toBeGreaterThanOrEqual(3);
      expect(new Set(attempts)).toEqual(new Set(['alice', 'bob']));
      expect(await db.sql`select count(*) as n from on_call where on_duty`).toEqual([{ n: 1 }]);
    } finally {
      await other.end();
    }
  });
});
