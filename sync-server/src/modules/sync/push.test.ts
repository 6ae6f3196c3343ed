import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#core/schemas/api-error';
import type { Mutation } from '#core/sync/protocol';
import { useAppServer } from './testing/app-server.ts';
import { clockAt, mutation, postJson, pull, push } from './testing/http.ts';

const server = useAppServer('push');
const { database, newUser, newClient, recordsOf } = server;

describe('POST /api/sync/push: who may push', () => {
  it('answers 401 without a token or with a dead one, and stores nothing', async () => {
    const clientId = newClient();
    const body = { clientId, mutations: [mutation(1, clockAt(clientId))] };
    const bare = await postJson<ApiErrorBody>(server.url, '/api/sync/push', body);
    expect(bare.status).toBe(401);
    expect(bare.body.error).toBe('INVALID_TOKEN');
    const dead = await postJson(server.url, '/api/sync/push', body, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(dead.status).toBe(401);
    expect(await database().sql`select 1 from sync_clients where client_id = ${clientId}`).toHaveLength(0);
  });

  it('refuses a device id that belongs to another account with CLIENT_NOT_OWNED, changing nothing', async () => {
    const owner = await newUser();
    const other = await newUser();
    const clientId = newClient();
    await push(server.url, owner, clientId, [mutation(1, clockAt(clientId), { fields: { gratitudeOne: 'mine' } })]);

    const taken = await push(server.url, other, clientId, [
      mutation(2, clockAt(clientId, 1000), { fields: { gratitudeOne: 'theirs' } }),
    ]);
    expect(taken.status).toBe(403);
    expect(taken.body).toMatchObject({ error: 'CLIENT_NOT_OWNED' });

    expect((await recordsOf(owner)).get('exercises/2026-03-01')?.values).toEqual({ gratitudeOne: 'mine' });
    expect(await recordsOf(other)).toEqual(new Map());
    // Someone else's device id tells the other account nothing about it.
    expect((await pull(server.url, other, { clientId })).body.lastAppliedSeq).toBeNull();
    expect((await pull(server.url, owner, { clientId })).body.lastAppliedSeq).toBe(1);
  });

  it('keeps one account from seeing or changing the records of another', async () => {
    const first = await newUser();
    const second = await newUser();
    await push(server.url, first, newClient(), [mutation(1, clockAt('a'), { fields: { gratitudeOne: 'first' } })]);
    // The same day from the other account, with a newer clock: a record of its own.
    await push(server.url, second, newClient(), [mutation(1, clockAt('b', 5000), { fields: { gratitudeOne: 'second' } })]);
    expect((await recordsOf(first)).get('exercises/2026-03-01')?.values).toEqual({ gratitudeOne: 'first' });
    expect((await recordsOf(second)).get('exercises/2026-03-01')?.values).toEqual({ gratitudeOne: 'second' });
  });
});

describe('POST /api/sync/push: the envelope', () => {
  it.each([
    ['a body that is not JSON', '{"clientId": '],
    ['an array', []],
    ['no client id', { mutations: [] }],
    ['a client id with a space', { clientId: 'a b', mutations: [] }],
    ['a client id of 65 characters', { clientId: 'a'.repeat(65), mutations: [] }],
    ['mutations that are not a list', { clientId: 'c', mutations: {} }],
    ['a seq of 0', { clientId: 'c', mutations: [mutation(0, clockAt('c'))] }],
    ['a fractional seq', { clientId: 'c', mutations: [mutation(1.5, clockAt('c'))] }],
    ['a clock that is not an HLC', { clientId: 'c', mutations: [{ ...mutation(1, clockAt('c')), hlc: '2026-03-01T00:00:00Z' }] }],
    ['fields that are not an object', { clientId: 'c', mutations: [{ ...mutation(1, clockAt('c')), fields: 'x' }] }],
    ['deleted that is not a boolean', { clientId: 'c', mutations: [{ ...mutation(1, clockAt('c')), deleted: 'yes' }] }],
    ['more than 1000 mutations', { clientId: 'c', mutations: Array.from({ length: 1001 }, (_, index) => mutation(index + 1, clockAt('c'))) }],
  ])('answers 400 for %s, never 500', async (_name, body) => {
    const user = await newUser();
    const reply = await postJson<ApiErrorBody>(server.url, '/api/sync/push', body, user);
    expect(reply.status).toBe(400);
    expect(['INVALID_REQUEST', 'INVALID_JSON']).toContain(reply.body.error);
    expect((await pull(server.url, user)).body.changes).toEqual([]);
  });

  it('takes a push of up to 1 MB (a device batches about 512 KB) and refuses more with 413', async () => {
    const user = await newUser();
    const clientId = newClient();
    const text = 'x'.repeat(18_000);
    const big = Array.from({ length: 40 }, (_, index) =>
      mutation(index + 1, clockAt(clientId, index), { key: `2026-01-${String((index % 28) + 1).padStart(2, '0')}`, fields: { gratitudeOne: text } }),
    );
    expect(JSON.stringify({ clientId, mutations: big }).length).toBeGreaterThan(700_000);
    const taken = await push(server.url, user, clientId, big);
    expect(taken.status).toBe(200);
    expect(taken.body.lastAppliedSeq).toBe(40);

    const tooBig = Array.from({ length: 60 }, (_, index) => mutation(index + 41, clockAt(clientId, 100 + index), { fields: { gratitudeOne: text } }));
    const refused = await postJson<ApiErrorBody>(server.url, '/api/sync/push', { clientId, mutations: tooBig }, user);
    expect(refused.status).toBe(413);
    expect(refused.body.error).toBe('PAYLOAD_TOO_LARGE');
  });

  it('keeps the 100 kb limit on every other endpoint', async () => {
    const user = await newUser();
    const reply = await postJson<ApiErrorBody>(server.url, '/api/updateExercise', { date: '2026-03-01', gratitudeOne: 'x'.repeat(150_000) }, user);
    expect(reply.status).toBe(413);
  });
});

describe('POST /api/sync/push: sequence numbers', () => {
  it('acknowledges a replayed batch again without applying it twice', async () => {
    const user = await newUser();
    const clientId = newClient();
    const batch = [
      mutation(1, clockAt(clientId, 1), { fields: { gratitudeOne: 'one' } }),
      mutation(2, clockAt(clientId, 2), { key: '2026-03-02', fields: { mortality: true } }),
      mutation(3, clockAt(clientId, 3), { table: 'profiles', key: 'me', fields: { dayStartMinutes: 240 } }),
    ];
    const first = await push(server.url, user, clientId, batch);
    expect(first.body).toMatchObject({ lastAppliedSeq: 3, rejected: [] });
    const before = await pull(server.url, user);

    const again = await push(server.url, user, clientId, batch);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ lastAppliedSeq: 3, rejected: [] });
    const after = await pull(server.url, user);
    expect(after.body.changes).toEqual(before.body.changes);
    expect(after.body.cursor).toBe(before.body.cursor);
  });

  it('stops at a gap and answers the last seq it has, so the device resends from there', async () => {
    const user = await newUser();
    const clientId = newClient();
    const gap = await push(server.url, user, clientId, [
      mutation(1, clockAt(clientId, 1), { fields: { gratitudeOne: 'one' } }),
      mutation(2, clockAt(clientId, 2), { fields: { gratitudeTwo: 'two' } }),
      mutation(4, clockAt(clientId, 4), { fields: { gratitudeThree: 'four' } }),
    ]);
    expect(gap.body.lastAppliedSeq).toBe(2);
    expect((await recordsOf(user)).get('exercises/2026-03-01')?.values).toEqual({ gratitudeOne: 'one', gratitudeTwo: 'two' });

    const alone = await push(server.url, user, clientId, [mutation(4, clockAt(clientId, 4), { fields: { gratitudeThree: 'four' } })]);
    expect(alone.body.lastAppliedSeq).toBe(2);

    const filled = await push(server.url, user, clientId, [
      mutation(3, clockAt(clientId, 3), { fields: { mortality: true } }),
      mutation(4, clockAt(clientId, 4), { fields: { gratitudeThree: 'four' } }),
    ]);
    expect(filled.body.lastAppliedSeq).toBe(4);
    expect((await recordsOf(user)).get('exercises/2026-03-01')?.values).toEqual({
      gratitudeOne: 'one',
      gratitudeTwo: 'two',
      mortality: true,
      gratitudeThree: 'four',
    });
  });

  it('rejects invalid mutations with a reason, moves the seq past them and applies the rest', async () => {
    const user = await newUser();
    const clientId = newClient();
    const at = (offset: number) => clockAt(clientId, offset);
    const batch: Mutation[] = [
      mutation(1, at(1), { table: 'journal' }),
      mutation(2, at(2), { key: '2026-02-30' }),
      mutation(3, at(3), { fields: { mortality: 'yes' } }),
      mutation(4, at(4), { fields: { gratitude: true, mood: 'fine' } }),
      mutation(5, at(5), { table: 'profiles', key: 'you', fields: { dayStartMinutes: 60 } }),
      mutation(6, clockAt(clientId, 49 * 3_600_000)),
      mutation(7, at(7), { fields: { gratitudeOne: 'kept going' } }),
    ];
    const reply = await push(server.url, user, clientId, batch);
    expect(reply.status).toBe(200);
    expect(reply.body.lastAppliedSeq).toBe(7);
    expect(reply.body.rejected.map(({ seq, reason }) => [seq, reason])).toEqual([
      [1, 'UNKNOWN_TABLE'],
      [2, 'INVALID_KEY'],
      [3, 'INVALID_FIELDS'],
      [4, 'INVALID_FIELDS'],
      [5, 'INVALID_KEY'],
      [6, 'CLOCK_INVALID'],
    ]);
    for (const rejection of reply.body.rejected) expect(rejection.message).not.toBe('');
    expect([...(await recordsOf(user)).values()].map((change) => change.values)).toEqual([{ gratitudeOne: 'kept going' }]);

    // Replayed, the rejected ones are simply acknowledged: the device has already dropped them.
    const replay = await push(server.url, user, clientId, batch);
    expect(replay.body).toMatchObject({ lastAppliedSeq: 7, rejected: [] });
  });

  it('rejects a text or a key holding NUL or half a surrogate pair with INVALID_FIELDS instead of failing the batch', async () => {
    const user = await newUser();
    const clientId = newClient();
    const at = (offset: number) => clockAt(clientId, offset);
    const reply = await push(server.url, user, clientId, [
      mutation(1, at(1), { fields: { gratitudeOne: 'a\u0000b' } }),
      mutation(2, at(2), { table: 'gameProgress', key: 'me', fields: { state: { level: 'x\u0000' } } }),
      mutation(3, at(3), { table: 'gameProgress', key: 'me', fields: { state: { ['le\u0000vel']: 1 } } }),
      // The probe's reproduction: jsonb refused the escaped lone surrogate and the batch failed on every retry.
      mutation(4, at(4), { table: 'gameProgress', key: 'me', fields: { state: { x: '\ud800' } } }),
      mutation(5, at(5), { fields: { gratitudeTwo: 'ab\ud83d' } }),
      mutation(6, at(6), { fields: { gratitudeOne: 'fine' } }),
    ]);
    expect(reply.status).toBe(200);
    expect(reply.body.lastAppliedSeq).toBe(6);
    expect(reply.body.rejected.map(({ seq, reason }) => [seq, reason])).toEqual([
      [1, 'INVALID_FIELDS'],
      [2, 'INVALID_FIELDS'],
      [3, 'INVALID_FIELDS'],
      [4, 'INVALID_FIELDS'],
      [5, 'INVALID_FIELDS'],
    ]);
    expect([...(await recordsOf(user)).values()].map((change) => change.values)).toEqual([{ gratitudeOne: 'fine' }]);
  });

  it('accepts clocks a day off either way and up to 48 h ahead', async () => {
    const user = await newUser();
    const clientId = newClient();
    const hour = 3_600_000;
    const reply = await push(server.url, user, clientId, [
      mutation(1, clockAt(clientId, -24 * hour), { key: '2026-03-01' }),
      mutation(2, clockAt(clientId, 24 * hour), { key: '2026-03-02' }),
      mutation(3, clockAt(clientId, 47 * hour), { key: '2026-03-03' }),
    ]);
    expect(reply.body).toMatchObject({ lastAppliedSeq: 3, rejected: [] });
    expect([...(await recordsOf(user)).keys()].sort()).toEqual(['exercises/2026-03-01', 'exercises/2026-03-02', 'exercises/2026-03-03']);
    expect(Math.abs(reply.body.serverTime - Date.now())).toBeLessThan(60_000);
  });
});
