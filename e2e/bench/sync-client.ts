/**
 * (b) The PWA's own sync engine pushing 1,000 writes queued offline (budget: ≤ 0.5 s), on
 * fake-indexeddb in Node against the running server. Part of `npx tsx e2e/bench/sync-server.ts`.
 */
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { cryptoRandom, ensureClientId } from '../../pwa/src/db/meta.ts';
import { UserDb } from '../../pwa/src/db/user-db.ts';
import { writeRecord } from '../../pwa/src/db/write-record.ts';
import { createHttpTransport } from '../../pwa/src/sync/http-transport.ts';
import { pullChanges } from '../../pwa/src/sync/pull-changes.ts';
import { pushOutbox } from '../../pwa/src/sync/push-outbox.ts';
import type { TestUser } from '../../sync-server/src/testing/users.ts';

const DAY_MS = 86_400_000;

export interface ClientPushFigures {
  /** Median over the repetitions, ms. */
  readonly pushMs: number;
  readonly pullMs: number;
}

export async function benchClientPush(
  context: { readonly url: string; readonly kind: string; readonly users: readonly TestUser[] },
  { writes = 1000, repetitions = 3 }: { writes?: number; repetitions?: number } = {},
): Promise<ClientPushFigures> {
  const user = context.users[2];
  if (user === undefined) throw new Error('the client benchmark needs a third account');
  const transport = createHttpTransport({ getToken: () => user.token, baseUrl: context.url });
  const pushTimes: number[] = [];
  const pullTimes: number[] = [];
  // One more round than counted: the first warms up the engine's code and the server.
  for (let round = 0; round <= repetitions; round += 1) {
    const name = `memento-bench-client-${round}-${Date.now()}`;
    const db = new UserDb(name);
    await db.open();
    await ensureClientId(db);
    for (let index = 0; index < writes; index += 1) {
      const day = new Date(Date.UTC(2024, 0, 1) + (index % 366) * DAY_MS).toISOString().slice(0, 10);
      await writeRecord(db, 'exercises', day, { gratitudeOne: `offline note ${round}.${index}`, gratitude: true }, Date.now());
    }
    const pushStarted = performance.now();
    const pushed = await pushOutbox({ db, transport, now: Date.now, random: cryptoRandom });
    const pushMs = performance.now() - pushStarted;
    if (pushed !== writes || (await db.outbox.count()) !== 0) throw new Error(`pushed ${pushed} of ${writes}`);
    const pullStarted = performance.now();
    await pullChanges({ db, transport, now: Date.now });
    const pullMs = performance.now() - pullStarted;
    if (round > 0) {
      pushTimes.push(pushMs);
      pullTimes.push(pullMs);
    }
    db.close();
    await Dexie.delete(name);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  const pushMs = median(pushTimes);
  const pullMs = median(pullTimes);
  console.log(`\n## PWA sync engine: ${writes} writes queued offline (${context.kind}, fake-indexeddb)\n`);
  console.log(
    `- pushed in ${pushMs.toFixed(0)} ms (runs: ${pushTimes.map((ms) => ms.toFixed(0)).join(', ')}; budget ≤ 500 ms: ${pushMs <= 500 ? 'ok' : 'OVER'})`,
  );
  console.log(`- pulling them back into the device: ${pullMs.toFixed(0)} ms (not budgeted)`);
  return { pushMs, pullMs };
}
