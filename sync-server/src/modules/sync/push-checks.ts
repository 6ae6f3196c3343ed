import { UNSTORABLE_TEXT_MESSAGES, unstorableText } from '#core/schemas/storable-text';
import { hlcWall } from '#core/sync/hlc';
import { clockTooFarAhead, validateMutation, type Mutation, type RejectionReason } from '#core/sync/protocol';
import type { RecordWrite } from './record-writes.ts';

export interface Rejection {
  readonly seq: number;
  readonly reason: RejectionReason;
  readonly message: string;
}

export interface BatchPlan {
  /** The last seq the batch reaches: applied or rejected. */
  readonly lastSeq: number;
  readonly writes: RecordWrite[];
  readonly rejected: Rejection[];
}

type MutationCheck =
  | { readonly ok: true; readonly write: RecordWrite }
  | { readonly ok: false; readonly reason: RejectionReason; readonly message: string };

/**
 * The protocol's checks of one mutation, plus the server's: a clock too far ahead is refused, and
 * so is a text the database cannot store (NUL, half of a surrogate pair): it would fail the whole
 * batch, again on every retry, instead of this one write.
 */
export function checkMutation(mutation: Mutation, now: number): MutationCheck {
  const check = validateMutation(mutation);
  if (!check.ok) return check;
  const text = unstorableText(check.fields);
  if (text !== null) return { ok: false, reason: 'INVALID_FIELDS', message: UNSTORABLE_TEXT_MESSAGES[text] };
  if (clockTooFarAhead(mutation.hlc, now)) {
    const wall = hlcWall(mutation.hlc);
    const hours = wall === undefined ? 'unknown' : ((wall - now) / 3_600_000).toFixed(0);
    return {
      ok: false,
      reason: 'CLOCK_INVALID',
      message: `The write is stamped ${hours} h ahead of the server clock; at most 48 h ahead is accepted`,
    };
  }
  return {
    ok: true,
    write: { table: check.table, key: mutation.key, fields: check.fields, hlc: mutation.hlc, deleted: mutation.deleted ?? false },
  };
}

/** A batch's mutations in seq order, each with its check (which depends on nothing but the mutation and the clock). */
export type CheckedBatch = readonly { readonly seq: number; readonly check: MutationCheck }[];

export function checkBatch(mutations: readonly Mutation[], now: number): CheckedBatch {
  return [...mutations].sort((a, b) => a.seq - b.seq).map((mutation) => ({ seq: mutation.seq, check: checkMutation(mutation, now) }));
}

/**
 * Which mutations of a batch to apply, given the client's last applied seq: those at or below
 * it were applied before (acknowledged again, no effect); a gap stops the batch (the device
 * resends from the reply's lastAppliedSeq); an invalid one is rejected and still moves the seq
 * on, so one bad write never blocks the queue behind it.
 */
export function planChecked(batch: CheckedBatch, lastSeq: number): BatchPlan {
  let last = lastSeq;
  const writes: RecordWrite[] = [];
  const rejected: Rejection[] = [];
  for (const { seq, check } of batch) {
    if (seq <= last) continue;
    if (seq !== last + 1) break;
    last = seq;
    if (check.ok) writes.push(check.write);
    else rejected.push({ seq, reason: check.reason, message: check.message });
  }
  return { lastSeq: last, writes, rejected };
}

export function planBatch(mutations: readonly Mutation[], lastSeq: number, now: number): BatchPlan {
  return planChecked(checkBatch(mutations, now), lastSeq);
}
