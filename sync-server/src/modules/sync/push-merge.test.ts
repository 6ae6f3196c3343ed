import { describe, expect, it } from 'vitest';
import type { ExerciseVersionsResponse } from '#core/schemas/exercise-calls';
import type { Mutation } from '#core/sync/protocol';
import type { TestUser } from '../../testing/users.ts';
import { useAppServer } from './testing/app-server.ts';
import { clockAt, getJson, mutation, pull, push } from './testing/http.ts';

/** Push: how a batch's writes merge into the stored records, in batches of any size. */

const server = useAppServer('push-merge');
const { database, newUser, newClient, recordsOf } = server;

describe('POST /api/sync/push: merging', () => {
  const aWrites = (base: number): Mutation[] => [
    mutation(1, clockAt('deviceA', 10, 0, base), { fields: { gratitudeOne: 'from A', mortality: true } }),
  ];
  const bWrites = (base: number): Mutation[] => [
    mutation(1, clockAt('deviceB', 5, 0, base), { fields: { gratitudeOne: 'from B', gratitude: true } }),
    mutation(2, clockAt('deviceB', 20, 0, base), { fields: { mortality: false } }),
  ];

  it('merges field by field, the newest clock winning whatever the order of arrival', async () => {
    const base = Date.now();
    const inOrder = await newUser();
    await push(server.url, inOrder, newClient(), aWrites(base));
    await push(server.url, inOrder, newClient(), bWrites(base));
    const reversed = await newUser();
    await push(server.url, reversed, newClient(), bWrites(base));
    await push(server.url, reversed, newClient(), aWrites(base));

    const expected = {
      values: { gratitudeOne: 'from A', gratitude: true, mortality: false },
      clocks: { gratitudeOne: clockAt('deviceA', 10, 0, base), gratitude: clockAt('deviceB', 5, 0, base), mortality: clockAt('deviceB', 20, 0, base) },
    };
    expect((await recordsOf(inOrder)).get('exercises/2026-03-01')).toMatchObject(expected);
    expect((await recordsOf(reversed)).get('exercises/2026-03-01')).toMatchObject(expected);
  });

  it("keeps each device's newest text and shows the other devices' texts next to the current one", async () => {
    const user = await newUser();
    const base = Date.now();
    await push(server.url, user, newClient(), [
      mutation(1, clockAt('deviceA', 1, 0, base), { fields: { gratitudeOne: 'a first' } }),
      mutation(2, clockAt('deviceA', 2, 0, base), { fields: { gratitudeOne: 'a second', gratitudeTwo: 'same' } }),
    ]);
    await push(server.url, user, newClient(), [mutation(1, clockAt('deviceB', 3, 0, base), { fields: { gratitudeOne: 'b wins', gratitudeTwo: 'same' } })]);

    const versions = await getJson<ExerciseVersionsResponse>(server.url, '/api/exercises/2026-03-01/versions', user);
    expect(versions.status).toBe(200);
    expect(versions.body).toEqual({
      day: '2026-03-01',
      fields: {
        // A's older text was replaced by A itself; B's own text is the current one.
        gratitudeOne: [{ node: 'deviceA', hlc: clockAt('deviceA', 2, 0, base), text: 'a second' }],
        // Same text on both devices: nothing to show.
        gratitudeTwo: [],
        gratitudeThree: [],
      },
    });
    // The order of arrival does not matter for what is kept.
    const other = await newUser();
    await push(server.url, other, newClient(), [mutation(1, clockAt('deviceB', 3, 0, base), { fields: { gratitudeOne: 'b wins', gratitudeTwo: 'same' } })]);
    await push(server.url, other, newClient(), [
      mutation(1, clockAt('deviceA', 2, 0, base), { fields: { gratitudeOne: 'a second', gratitudeTwo: 'same' } }),
      mutation(2, clockAt('deviceA', 1, 0, base), { fields: { gratitudeOne: 'a first' } }),
    ]);
    expect((await getJson(server.url, '/api/exercises/2026-03-01/versions', other)).body).toEqual(versions.body);
  });

  it('treats deletion as a field: a later write brings the record back, an earlier one does not', async () => {
    const user = await newUser();
    const clientId = newClient();
    const base = Date.now();
    const at = (offset: number) => clockAt(clientId, offset, 0, base);
    await push(server.url, user, clientId, [mutation(1, at(1), { fields: { gratitudeOne: 'written', mortality: true } })]);
    await push(server.url, user, clientId, [mutation(2, at(5), { fields: {}, deleted: true })]);
    expect((await recordsOf(user)).get('exercises/2026-03-01')).toMatchObject({
      deleted: true,
      values: {},
      clocks: { deleted: at(5) },
    });

    await push(server.url, user, clientId, [mutation(3, at(3), { fields: { gratitudeTwo: 'late but older' } })]);
    expect((await recordsOf(user)).get('exercises/2026-03-01')?.deleted).toBe(true);

    await push(server.url, user, clientId, [mutation(4, at(7), { fields: { gratitudeThree: 'newer' } })]);
    expect((await recordsOf(user)).get('exercises/2026-03-01')).toMatchObject({
      deleted: false,
      values: { gratitudeOne: 'written', mortality: true, gratitudeTwo: 'late but older', gratitudeThree: 'newer' },
    });
  });
});

describe('POST /api/sync/push: large batches', () => {
  /** Every exercise record and kept text of a user, revisions left out (they depend on how the writes were batched). */
  async function stateOf(user: TestUser) {
    const records = [...(await recordsOf(user)).values()].map((change) => ({ ...change, rev: 0 }));
    const kept = await database().sql<{ day: string; field: string; node: string; hlc: string; text: string }[]>`
      select to_char(day, 'YYYY-MM-DD') as day, field, node, hlc, text from journal_versions where user_id = ${user.userId}
      order by day, field, node`;
    return { records: records.sort((a, b) => a.key.localeCompare(b.key)), kept: kept.map((row) => ({ ...row })) };
  }

  it('ends as if the writes came one at a time, across the chunks it writes in, days written twice and rows that exist included', async () => {
    const base = Date.now() - 60_000;
    const day = (index: number) => new Date(Date.UTC(2020, 0, 1) + (index % 400) * 86_400_000).toISOString().slice(0, 10);
    const nodes = ['deviceA', 'deviceB', 'deviceC'];
    // 150 days exist before; then 900 writes over 400 days (most written twice or three times,
    // from three devices, clocks out of order), with deletions and texts that lose.
    const before: Mutation[] = Array.from({ length: 150 }, (_, index) =>
      mutation(index + 1, clockAt('deviceB', index * 7, 0, base), { key: day(index * 2), fields: { gratitudeOne: `before ${index}`, mortality: true } }),
    );
    const writes: Mutation[] = Array.from({ length: 900 }, (_, index) => {
      const node = nodes[index % 3] ?? 'deviceA';
      const offset = ((index * 7919) % 5000) - 1000;
      const fields = index % 5 === 0 ? { gratitude: true } : { gratitudeOne: `${node} ${index}`, gratitudeTwo: index % 2 === 0 ? 'same' : `${index}` };
      return mutation(index + 1, clockAt(node, offset, 0, base), { key: day(index), fields, deleted: index % 17 === 0 });
    });
    const inOneBatch = await newUser();
    const oneAtATime = await newUser();
    for (const user of [inOneBatch, oneAtATime]) {
      expect((await push(server.url, user, newClient(), before)).body.lastAppliedSeq).toBe(150);
    }
    const reply = await push(server.url, inOneBatch, newClient(), writes);
    expect(reply.body).toMatchObject({ lastAppliedSeq: 900, rejected: [] });
    const clientId = newClient();
    for (const write of writes) await push(server.url, oneAtATime, clientId, [write]);

    const batched = await stateOf(inOneBatch);
    expect(batched).toEqual(await stateOf(oneAtATime));
    expect(batched.records).toHaveLength(400);
    expect(batched.kept.length).toBeGreaterThan(0);
    // Each changed record took one revision of one contiguous range: nothing skipped or repeated.
    const { body } = await pull(server.url, inOneBatch, { cursor: 150 });
    const revs = body.changes.map((change) => change.rev).sort((a, b) => a - b);
    expect(revs).toEqual(Array.from({ length: revs.length }, (_, index) => 151 + index));
    expect(body.cursor).toBe(150 + revs.length);
    // Over 1,000 pushes: about 8 s on the embedded database alone, and past 30 s once in CI's
    // first phase, where it shares two cores with the lint, the compiler and the other unit runs.
  }, 120_000);
});

describe('POST /api/sync/push: the done rule of the profile', () => {
  it('stores a chosen doneRule in its column and pulls it back', async () => {
    const user = await newUser();
    const clientId = newClient();
    const reply = await push(server.url, user, clientId, [
      mutation(1, clockAt(clientId, 1), { table: 'profiles', key: 'me', fields: { doneRule: 'gratitude' } }),
    ]);
    expect(reply.body).toMatchObject({ lastAppliedSeq: 1, rejected: [] });
    expect((await recordsOf(user)).get('profiles/me')?.values).toEqual({ doneRule: 'gratitude' });
    expect(await database().sql`select done_rule from profiles where user_id = ${user.userId}`).toEqual([{ done_rule: 'gratitude' }]);

    await push(server.url, user, clientId, [
      mutation(2, clockAt(clientId, 2), { table: 'profiles', key: 'me', fields: { doneRule: 'either', dayStartMinutes: 60 } }),
    ]);
    expect((await recordsOf(user)).get('profiles/me')?.values).toEqual({ doneRule: 'either', dayStartMinutes: 60 });
  });

  it('rejects a doneRule outside the rules with INVALID_FIELDS, storing nothing', async () => {
    const user = await newUser();
    const clientId = newClient();
    const reply = await push(server.url, user, clientId, [
      mutation(1, clockAt(clientId, 1), { table: 'profiles', key: 'me', fields: { doneRule: 'most days' } }),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.rejected.map(({ seq, reason }) => [seq, reason])).toEqual([[1, 'INVALID_FIELDS']]);
    expect(await recordsOf(user)).toEqual(new Map());
  });
});
