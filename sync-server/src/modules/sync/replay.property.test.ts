import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import type { Mutation } from '#core/sync/protocol';
import type { Sql } from '../../db/client.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { createTestUser } from '../../testing/users.ts';
import { storedRecords } from './testing/stored-records.ts';
import { pushMutations } from './push-service.ts';

/**
 * The property behind idempotent pushes: whatever a network does to the batches of several
 * devices (each delivered one to five times, in any order, gaps and all), the database ends up
 * exactly as if each device's applied mutations had arrived once, in order. Revisions differ
 * with the order of arrival and are left out; everything else (values, clocks, deletions,
 * kept journal texts, each device's last seq) must be identical.
 */

const database = useTestDatabase();
const BASE = Date.UTC(2026, 2, 1, 12);
const clock = () => BASE;
const HOUR = 3_600_000;

type Kind = 'exercise' | 'profile' | 'game' | 'badTable' | 'badKey' | 'badFields' | 'future';

interface Spec {
  readonly kind: Kind;
  readonly day: string;
  readonly offset: number;
  readonly counter: number;
  readonly deleted: boolean;
  readonly text: string;
  readonly flag: boolean;
}

const specArbitrary: fc.Arbitrary<Spec> = fc.record({
  kind: fc.constantFrom<Kind>('exercise', 'exercise', 'exercise', 'profile', 'game', 'badTable', 'badKey', 'badFields', 'future'),
  day: fc.constantFrom('2026-03-01', '2026-03-02'),
  offset: fc.integer({ min: 0, max: 4 }),
  counter: fc.integer({ min: 0, max: 1 }),
  // A deletion now and then (only exercises carry it below).
  deleted: fc.integer({ min: 0, max: 3 }).map((roll) => roll === 0),
  text: fc.constantFrom('', 'sun', 'rain', 'tea'),
  flag: fc.boolean(),
});

function toMutation(spec: Spec, seq: number, node: string): Mutation {
  const hlc = formatHlc({ wall: BASE + spec.offset + (spec.kind === 'future' ? 49 * HOUR : 0), counter: spec.counter, node });
  const deleted = spec.deleted && spec.kind === 'exercise' ? true : undefined;
  switch (spec.kind) {
    case 'profile':
      return { seq, table: 'profiles', key: 'me', fields: { reminderEnabled: spec.flag, reminderZone: spec.text || 'UTC' }, hlc };
    case 'game':
      return { seq, table: 'gameProgress', key: 'me', fields: { state: { level: spec.offset, flag: spec.flag } }, hlc };
    case 'badTable':
      return { seq, table: 'journal', key: spec.day, fields: {}, hlc };
    case 'badKey':
      return { seq, table: 'exercises', key: '2026-02-30', fields: { gratitude: spec.flag }, hlc };
    case 'badFields':
      return { seq, table: 'exercises', key: spec.day, fields: { mood: spec.text }, hlc };
    default: {
      const fields = spec.flag ? { gratitudeOne: spec.text, mortality: true } : { gratitudeOne: spec.text, gratitudeTwo: `${node} ${spec.text}` };
      return { seq, table: 'exercises', key: spec.day, fields, hlc, ...(deleted === undefined ? {} : { deleted }) };
    }
  }
}

interface Device {
  readonly mutations: Mutation[];
  /** Consecutive batches of the device's outbox, as pushes would carry them. */
  readonly batches: Mutation[][];
}

const scenarioArbitrary = fc
  .array(fc.tuple(fc.array(specArbitrary, { minLength: 1, maxLength: 9 }), fc.integer({ min: 1, max: 4 })), { minLength: 1, maxLength: 3 })
  .map((devices): Device[] =>
    devices.map(([specs, batchSize], index) => {
      const mutations = specs.map((spec, position) => toMutation(spec, position + 1, `node${index}`));
      const batches: Mutation[][] = [];
      for (let start = 0; start < mutations.length; start += batchSize) batches.push(mutations.slice(start, start + batchSize));
      return { mutations, batches };
    }),
  )
  .chain((devices) => {
    const batchIds = devices.flatMap((device, deviceIndex) => device.batches.map((_, batchIndex) => [deviceIndex, batchIndex] as const));
    return fc
      .tuple(...batchIds.map((id) => fc.integer({ min: 1, max: 5 }).map((times) => Array.from({ length: times }, () => id))))
      .chain((copies) => fc.shuffledSubarray(copies.flat(), { minLength: copies.flat().length }))
      .map((schedule) => ({ devices, schedule }));
  });

let runs = 0;

async function snapshot(sql: Sql, userId: string, clientIds: readonly string[]) {
  const records = await storedRecords(sql, userId);
  const texts = await sql`
    select to_char(day, 'YYYY-MM-DD') as day, field, node, hlc, text from journal_versions
    where user_id = ${userId} order by day, field, node`;
  const seqs = await sql<{ client_id: string; last_seq: number }[]>`
    select client_id, last_seq from sync_clients where user_id = ${userId}`;
  return {
    records: records
      .map(({ table, key, state }) => ({ table, key, state }))
      .sort((a, b) => `${a.table}/${a.key}`.localeCompare(`${b.table}/${b.key}`)),
    texts: [...texts],
    seqs: clientIds.map((id) => seqs.find((row) => row.client_id === id)?.last_seq ?? 0),
  };
}

async function newAccount(sql: Sql, label: string, devices: number) {
  runs += 1;
  const user = await createTestUser(sql, `replay-${label}-${runs}@example.com`);
  return { userId: user.userId, clientIds: Array.from({ length: devices }, (_, index) => `${label}-${runs}-${index}`) };
}

describe('replaying push batches', () => {
  it('gives the identical database whatever is repeated or reordered', { timeout: 600_000 }, async () => {
    const { sql } = database();
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async ({ devices, schedule }) => {
        // Under test: every delivery of the schedule.
        const tested = await newAccount(sql, 'tested', devices.length);
        for (const [deviceIndex, batchIndex] of schedule) {
          const clientId = tested.clientIds[deviceIndex] ?? '';
          const mutations = devices[deviceIndex]?.batches[batchIndex] ?? [];
          await pushMutations(sql, tested.userId, { clientId, mutations }, clock);
        }
        const afterSchedule = await snapshot(sql, tested.userId, tested.clientIds);

        // Reference: what each device got applied, arriving once and in order.
        const reference = await newAccount(sql, 'reference', devices.length);
        for (const [index, device] of devices.entries()) {
          const applied = device.mutations.filter((mutation) => mutation.seq <= (afterSchedule.seqs[index] ?? 0));
          await pushMutations(sql, reference.userId, { clientId: reference.clientIds[index] ?? '', mutations: applied }, clock);
        }
        expect(afterSchedule).toEqual(await snapshot(sql, reference.userId, reference.clientIds));

        // Then each device resends its whole queue (as it would until acknowledged): every device
        // in both accounts now holds everything, and the two databases still agree.
        for (const [index, device] of devices.entries()) {
          await pushMutations(sql, tested.userId, { clientId: tested.clientIds[index] ?? '', mutations: device.mutations }, clock);
          await pushMutations(sql, reference.userId, { clientId: reference.clientIds[index] ?? '', mutations: device.mutations }, clock);
        }
        const testedEnd = await snapshot(sql, tested.userId, tested.clientIds);
        const referenceEnd = await snapshot(sql, reference.userId, reference.clientIds);
        expect(testedEnd).toEqual(referenceEnd);
        expect(testedEnd.seqs).toEqual(devices.map((device) => device.mutations.length));
      }),
      { numRuns: Number(process.env.REPLAY_RUNS ?? 30) },
    );
  });
});
