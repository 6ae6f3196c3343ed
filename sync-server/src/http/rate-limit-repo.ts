import type { Sql } from '../db/client.ts';

export interface WindowCount {
  /** Hits in the current window, this one included. */
  readonly hits: number;
  /** Seconds until the window ends (at least 1). */
  readonly resetsInSeconds: number;
}

/**
 * Adds `cost` hits to a bucket and returns its window's count: the window opens at the bucket's
 * first hit and lasts `windowSeconds`; a hit after it opens a new one. One statement, atomic
 * across instances.
 */
export async function countHit(sql: Sql, bucket: string, windowSeconds: number, cost: number): Promise<WindowCount> {
  const rows = await sql<{ hits: number; resets_in: number }[]>`
    insert into rate_limit_hits as current (bucket, window_start, hits)
    values (${bucket}, now(), ${cost})
    on conflict (bucket) do update set
      hits = case when current.window_start > now() - make_interval(secs => ${windowSeconds})
        then current.hits + excluded.hits else excluded.hits end,
      window_start = case when current.window_start > now() - make_interval(secs => ${windowSeconds})
        then current.window_start else excluded.window_start end
    returning hits, ceil(extract(epoch from (window_start - now())) + ${windowSeconds})::int as resets_in
  `;
  const row = rows[0];
  if (row === undefined) throw new Error('the rate limit upsert returned no row');
  return { hits: row.hits, resetsInSeconds: Math.max(1, row.resets_in) };
}

/** Forgets windows that opened long enough ago (longer than any limit's window); returns how many went. */
export async function purgeOldWindows(sql: Sql, olderThanSeconds: number): Promise<number> {
  const result = await sql`
    delete from rate_limit_hits where window_start < now() - make_interval(secs => ${olderThanSeconds})
  `;
  return result.count;
}
