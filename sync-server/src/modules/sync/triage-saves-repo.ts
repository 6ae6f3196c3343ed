import { parseTriageKey } from '#core/schemas/hn-triage';
import { boolArray, integerArray, textArray } from '../../db/array-literal.ts';
import type { TransactionSql } from '../../db/client.ts';
import { clocksByColumn, type StoredRecord } from './record-columns.ts';

const instant = (value: unknown): string | null => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : null);

/**
 * Writes triage records back in one multi-row upsert. Instants travel as ms since the epoch and
 * are stored as timestamptz by adding whole milliseconds to the epoch, which is exact both ways
 * (see triageColumns). A field never written keeps its column's default, and its absence from
 * field_clocks keeps it out of what a pull sends.
 */
export async function saveTriage(tx: TransactionSql, userId: string, records: readonly StoredRecord[]): Promise<void> {
  if (records.length === 0) return;
  const posts: number[] = [];
  const comments: number[] = [];
  const states: string[] = [];
  const snoozed: (string | null)[] = [];
  const triaged: (string | null)[] = [];
  const deleted: boolean[] = [];
  const clocks: string[] = [];
  const revs: number[] = [];
  for (const record of records) {
    const ids = parseTriageKey(record.key);
    // Keys are checked before a write is merged; one that is not a triage key is a broken invariant.
    if (ids === null) throw new Error(`Not a triage key: ${record.key}`);
    const { values } = record.state;
    posts.push(ids.postId);
    comments.push(ids.commentId);
    states.push(typeof values.state === 'string' ? values.state : 'open');
    snoozed.push(instant(values.snoozedUntil));
    triaged.push(instant(values.triagedAt));
    deleted.push(values.deleted === true);
    clocks.push(JSON.stringify(clocksByColumn('hnTriage', record.state.clocks)));
    revs.push(record.rev);
  }
  await tx`
    insert into hn_triage as t (user_id, post_id, comment_id, state, snoozed_until, triaged_at, deleted, field_clocks, rev, updated_at)
    select ${userId}::uuid, r.post_id, r.comment_id, r.state,
      timestamptz 'epoch' + r.snoozed_ms * interval '1 millisecond',
      timestamptz 'epoch' + r.triaged_ms * interval '1 millisecond',
      r.deleted, r.clocks::jsonb, r.rev, now()
    from unnest(
      ${integerArray(posts)}::int8[],
      ${integerArray(comments)}::int8[],
      ${textArray(states)}::text[],
      ${textArray(snoozed)}::int8[],
      ${textArray(triaged)}::int8[],
      ${boolArray(deleted)}::bool[],
      ${textArray(clocks)}::text[],
      ${integerArray(revs)}::int8[]
    ) as r(post_id, comment_id, state, snoozed_ms, triaged_ms, deleted, clocks, rev)
    on conflict (user_id, post_id, comment_id) do update set
      state = excluded.state, snoozed_until = excluded.snoozed_until, triaged_at = excluded.triaged_at,
      deleted = excluded.deleted, field_clocks = excluded.field_clocks, rev = excluded.rev, updated_at = excluded.updated_at`;
}
