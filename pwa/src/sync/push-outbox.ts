import { compareHlc, parseHlc, type Hlc } from '#core/sync/hlc';
import { PUSH_BATCH_MAX, type PushResponse } from '#core/sync/protocol';
import { noteAcceptedClock } from '../db/clock-state';
import { acknowledgeOutbox, takeOutboxBatch } from '../db/outbox';
import { recordStore } from '../db/record-packs';
import { assignClientId, randomClientId, readMeta, writeMeta } from '../db/meta';
import type { OutboxEntry, UserDb } from '../db/user-db';
import { SyncError } from './errors';
import { requeueClockRefused } from './requeue-clock-refused';
import { recordServerTime } from './server-offset';
import type { SyncTransport } from './transport';

export interface PushContext {
  readonly db: UserDb;
  readonly transport: SyncTransport;
  readonly now: () => number;
  readonly random: () => number;
  readonly batchMax?: number;
  readonly batchBytes?: number;
}

/** Well under common request body limits, and always at least one entry (see takeOutboxBatch). */
export const PUSH_BATCH_BYTES = 512_000;

/**
 * Acknowledges a reply: drops every entry the server is done with and keeps its last refusal for
 * the person. A write refused for this device's clock is queued again at the server's time.
 */
async function settle(db: UserDb, clientId: string, batch: readonly OutboxEntry[], reply: PushResponse, sentAt: number, receivedAt: number) {
  const done = reply.rejected.filter((rejection) => rejection.seq <= reply.lastAppliedSeq);
  const entryOf = (seq: number) => batch.find((entry) => entry.seq === seq);
  const applied = batch.filter((entry) => entry.seq <= reply.lastAppliedSeq && !done.some((rejection) => rejection.seq === entry.seq));
  const clockRefused = done.flatMap((rejection) => (rejection.reason === 'CLOCK_INVALID' ? [entryOf(rejection.seq)] : [])).filter((entry) => entry !== undefined);
  // The records are touched only to send clock-refused writes again: the usual reply leaves them be.
  const stores = clockRefused.length > 0 ? [db.outbox, db.meta, recordStore(db)] : [db.outbox, db.meta];
  await db.transaction('rw', stores, async () => {
    const newestApplied = applied.reduce<Hlc | undefined>((newest, entry) => (newest === undefined || compareHlc(entry.hlc, newest) > 0 ? entry.hlc : newest), undefined);
    const clock = newestApplied === undefined ? null : parseHlc(newestApplied);
    if (clock !== null) await noteAcceptedClock(db, clock);
    // A refused write leaves the queue like an applied one: it would be refused forever, and
    // everything behind it would wait forever.
    await acknowledgeOutbox(db, reply.lastAppliedSeq);
    await recordServerTime(db, reply.serverTime, sentAt, receivedAt);

    const notRequeued = clockRefused.length > 0 ? await requeueClockRefused(db, clientId, clockRefused, reply.serverTime) : [];
    const refused = done
      .filter((rejection) => rejection.reason !== 'CLOCK_INVALID' || notRequeued.some((entry) => entry.seq === rejection.seq))
      .at(-1);
    if (refused !== undefined) {
      const entry = entryOf(refused.seq);
      await writeMeta(db, 'lastRejection', {
        seq: refused.seq,
        table: entry?.table ?? '',
        key: entry?.key ?? '',
        reason: refused.reason,
        message: refused.message,
        at: receivedAt,
      });
    }
  });
}

/**
 * Pushes the outbox oldest first until it is empty; returns how many writes left it. Writes made
 * while pushing are pushed too (the loop reads the queue again).
 */
export async function pushOutbox(context: PushContext): Promise<number> {
  const { db, transport, now } = context;
  let done = 0;
  let renamed = false;
  for (;;) {
    const batch = await takeOutboxBatch(db, context.batchMax ?? PUSH_BATCH_MAX, context.batchBytes ?? PUSH_BATCH_BYTES);
    const first = batch[0];
    if (first === undefined) return done;
    const clientId = await readMeta(db, 'clientId');
    if (clientId === undefined) throw new SyncError('retryable', 'NO_CLIENT_ID', 'This device has no sync id yet');
    const sentAt = now();
    const reply = await transport.push({
      clientId,
      mutations: batch.map(({ seq, table, key, fields, hlc }) => ({ seq, table, key, fields, hlc })),
    });
    const receivedAt = now();
    await settle(db, clientId, batch, reply, sentAt, receivedAt);
    const taken = batch.filter((entry) => entry.seq <= reply.lastAppliedSeq).length;
    done += taken;
    if (taken > 0) continue;
    if (reply.lastAppliedSeq < first.seq - 1 && !renamed) {
      // The server has never seen the seqs just before ours (its record of this client was lost,
      // say by a restore). It would wait for them forever, so continue as a new client whose
      // pending writes are numbered from 1.
      renamed = true;
      await assignClientId(db, randomClientId(context.random));
      continue;
    }
    throw new SyncError('retryable', 'NO_PROGRESS', 'The server took none of the pending changes');
  }
}
