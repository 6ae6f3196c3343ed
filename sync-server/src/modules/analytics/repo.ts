import type { Sql } from '../../db/client.ts';

export interface StoredEvent {
  readonly name: string;
  readonly path: string;
}

/** Records a batch of events in one statement; the time is the server's. */
export async function insertEvents(sql: Sql, events: readonly StoredEvent[], userId: string | null): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({ name: event.name, path: event.path, user_id: userId }));
  await sql`insert into events ${sql(rows, 'name', 'path', 'user_id')}`;
}

/** Deletes events older than `keepDays`; returns how many went. */
export async function purgeOldEvents(sql: Sql, keepDays: number): Promise<number> {
  const result = await sql`delete from events where created_at < now() - make_interval(days => ${keepDays})`;
  return result.count;
}
