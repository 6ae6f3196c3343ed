import { hnItemSchema, type HnItem } from '#core/schemas/hn';
import { integerArray } from '../../db/array-literal.ts';
import type { Sql } from '../../db/client.ts';

/** An item as cached: null when the site had no item of that id. */
export interface CachedItem {
  readonly item: HnItem | null;
  /** When it was read from the site, in ms since the epoch. */
  readonly fetchedAt: number;
}

interface ItemRow {
  readonly id: number;
  readonly data: unknown;
  readonly fetched_at: Date;
}

/** Rows as cached items; a row that no longer parses counts as absent (it is read again). */
function cachedItems(rows: readonly ItemRow[]): Map<number, CachedItem> {
  const found = new Map<number, CachedItem>();
  for (const row of rows) {
    const parsed = row.data === null ? null : hnItemSchema.safeParse(row.data);
    if (parsed !== null && !parsed.success) continue;
    found.set(row.id, { item: parsed === null ? null : parsed.data, fetchedAt: row.fetched_at.getTime() });
  }
  return found;
}

/** The cached items among `ids`, whatever their age. */
export async function readItems(sql: Sql, ids: readonly number[]): Promise<Map<number, CachedItem>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<ItemRow[]>`
    select id, data, fetched_at from hn_items where id = any(${integerArray(ids)}::int8[])`;
  return cachedItems(rows);
}

/** Stores items as read from the site at `fetchedAt` (ms); `item` null records that the id has none. */
export async function writeItems(sql: Sql, entries: readonly { readonly id: number; readonly item: HnItem | null }[], fetchedAt: number): Promise<void> {
  if (entries.length === 0) return;
  // One statement for the lot; the same id twice keeps the last. In id order, so two walks
  // writing overlapping items take their row locks in the same order and cannot deadlock.
  const unique = [...new Map(entries.map((entry) => [entry.id, entry])).values()].sort((a, b) => a.id - b.id);
  await sql`
    insert into hn_items (id, data, fetched_at)
    select (entry->>'id')::int8, entry->'item', ${new Date(fetchedAt)}
    from jsonb_array_elements(${JSON.stringify(unique)}::text::jsonb) as entry
    order by 1
    on conflict (id) do update set data = excluded.data, fetched_at = excluded.fetched_at`;
}

/**
 * Every cached item reachable from `topIds` through cached kids lists, in one statement: a
 * thread's cached comments without a round trip per level. UNION (not UNION ALL) drops a row met
 * twice, so a loop in the kids lists ends; `limit` bounds a runaway.
 */
export async function readCachedThread(sql: Sql, topIds: readonly number[], limit: number): Promise<Map<number, CachedItem>> {
  if (topIds.length === 0) return new Map();
  const rows = await sql<ItemRow[]>`
    with recursive thread (id, data, fetched_at) as (
      select id, data, fetched_at from hn_items where id = any(${integerArray(topIds)}::int8[])
      union
      select item.id, item.data, item.fetched_at
      from thread
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(thread.data->'kids') = 'array' then thread.data->'kids' else '[]'::jsonb end
      ) as kid
      join hn_items item on item.id = kid::int8
    )
    select id, data, fetched_at from thread limit ${limit}`;
  return cachedItems(rows);
}

/**
 * Forgets items not read from the site for `days`: a thread still tracked is read again when
 * opened, so only posts nobody looks at any more lose their copies.
 */
export async function purgeOldItems(sql: Sql, days: number): Promise<number> {
  const result = await sql`delete from hn_items where fetched_at < now() - make_interval(days => ${days})`;
  return result.count;
}
