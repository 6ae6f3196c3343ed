import type { PushRequest, PushResponse } from '#core/sync/protocol';
import type { Sql, TransactionSql } from '../../db/client.ts';
import { sendIssued } from '../../db/send-issued.ts';
import { transact } from '../../db/transact.ts';
import { ApiError } from '../../http/api-error.ts';
import { mergeAndSave } from './merge-and-save.ts';
import { checkBatch, planChecked } from './push-checks.ts';
import { bindClient, setClientSeq } from './push-repo.ts';
import { keysOf, LOCKED, type Clock } from './record-writes.ts';
import { loadRecords } from './records-repo.ts';
import { lockUserRevision } from './revision-repo.ts';

/** POST /api/sync/push: one transaction for the whole batch. */
export async function pushMutations(sql: Sql, userId: string, request: PushRequest, clock: Clock): Promise<PushResponse> {
  const receivedAt = clock();
  // Found before the checks, so the records are read with the lock while the checks run; records
  // of mutations the batch skips are read for nothing, which is harmless.
  const keys = keysOf(request.mutations);
  const plan = await transact(
    sql,
    async (tx) => {
      // The user's lock first, always: two pushes of one user then queue instead of deadlocking.
      // The three are pipelined in this order on the transaction's connection, so the records
      // are read once the lock is held and show what its previous holder committed.
      const reading = Promise.all([lockUserRevision(tx, userId), bindClient(tx, request.clientId, userId), loadRecords(tx, userId, keys)]);
      reading.catch(() => undefined);
      await sendIssued();
      // Each mutation's check depends on the mutation and the clock alone: done while the database reads.
      const batch = checkBatch(request.mutations, receivedAt);
      const [revision, client, stored] = await reading;
      if (client.userId !== userId) {
        throw new ApiError('CLIENT_NOT_OWNED', 'This device id belongs to another account; sync with a new one.');
      }
      const planned = planChecked(batch, client.lastSeq);
      // The client's new seq goes in the same pipeline as the writes: same transaction, one round trip.
      const recordSeq = async (tx: TransactionSql) => {
        if (planned.lastSeq > client.lastSeq) await setClientSeq(tx, request.clientId, planned.lastSeq);
      };
      if (planned.writes.length > 0) await mergeAndSave(tx, userId, revision.rev, stored, planned.writes, recordSeq);
      else await recordSeq(tx);
      return planned;
    },
    LOCKED,
  );
  return { lastAppliedSeq: plan.lastSeq, rejected: plan.rejected, serverTime: clock() };
}
