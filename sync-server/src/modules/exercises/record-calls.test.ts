import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#core/schemas/api-error';
import type { DatedExerciseRecord, ExerciseRecord, ExerciseVersionsResponse } from '#core/schemas/exercise-calls';
import { parseHlc } from '#core/sync/hlc';
import type { TestUser } from '../../testing/users.ts';
import { useAppServer } from '../sync/testing/app-server.ts';
import { clockAt, getJson, mutation, postJson, pull, push } from '../sync/testing/http.ts';
import { getMonthExercises } from './service.ts';

const server = useAppServer('records');
const { database, newUser, newClient } = server;

const EMPTY = { mortality: false, gratitude: false, gratitudeOne: '', gratitudeTwo: '', gratitudeThree: '' };

const call = <T>(path: string, body: unknown, user?: TestUser) => postJson<T>(server.url, `/api/${path}`, body, user);

describe('the record calls: who may call them', () => {
  it.each([
    ['getExercise', { date: '2026-03-01' }],
    ['getMonthExercises', {}],
    ['updateExercise', { date: '2026-03-01', mortality: true }],
    ['updateBirthday', { month: 5, day: 17, year: 1990 }],
  ])('%s answers a missing or dead token with 400 INVALID_TOKEN, as its first clients expect', async (path, body) => {
    for (const user of [undefined, { authorization: `Bearer ${'y'.repeat(43)}` } as TestUser]) {
      const reply = await call<ApiErrorBody>(path, body, user);
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'INVALID_TOKEN', message: 'INVALID_TOKEN' });
    }
  });

  it('GET /api/exercises/:day/versions answers 401 without a token', async () => {
    expect((await getJson(server.url, '/api/exercises/2026-03-01/versions')).status).toBe(401);
  });

  it("keeps every call to the caller's own records", async () => {
    const owner = await newUser();
    const other = await newUser();
    await call('updateExercise', { date: '2026-03-01', gratitude: true, gratitudeOne: 'mine', gratitudeTwo: 'b', gratitudeThree: 'c' }, owner);
    await call('updateBirthday', { month: 5, day: 17, year: 1990 }, owner);
    await push(server.url, owner, newClient(), [mutation(1, clockAt('ownerDevice', 60_000), { fields: { gratitudeOne: 'newer' } })]);

    expect((await call<ExerciseRecord>('getExercise', { date: '2026-03-01' }, other)).body).toEqual(EMPTY);
    expect((await call('getMonthExercises', { month: '2026-03' }, other)).body).toEqual({ message: [] });
    const versions = await getJson<ExerciseVersionsResponse>(server.url, '/api/exercises/2026-03-01/versions', other);
    expect(versions.body.fields).toEqual({ gratitudeOne: [], gratitudeTwo: [], gratitudeThree: [] });
    expect((await pull(server.url, other)).body.changes).toEqual([]);

    // The other account writing the same day (and its birthday) writes its own records.
    await call('updateExercise', { date: '2026-03-01', mortality: true }, other);
    await call('updateBirthday', { month: 1, day: 2, year: 1980 }, other);
    const ownerProfile = (await pull(server.url, owner)).body.changes.find((change) => change.table === 'profiles');
    expect(ownerProfile?.values).toEqual({ birthday: '1990-05-17' });
    expect((await call<ExerciseRecord>('getExercise', { date: '2026-03-01' }, owner)).body).toEqual({
      mortality: false,
      gratitude: true,
      gratitudeOne: 'newer',
      gratitudeTwo: 'b',
      gratitudeThree: 'c',
    });
  });
});

describe('POST /api/getExercise', () => {
  it('answers the defaults for a day never written', async () => {
    const user = await newUser();
    const reply = await call<ExerciseRecord>('getExercise', { date: '2026-03-01' }, user);
    expect(reply).toEqual({ status: 200, body: EMPTY });
  });

  it('answers what a device pushed, with defaults for the fields it never wrote', async () => {
    const user = await newUser();
    await push(server.url, user, newClient(), [mutation(1, clockAt('phone'), { fields: { gratitudeTwo: 'the sea' } })]);
    expect((await call<ExerciseRecord>('getExercise', { date: '2026-03-01' }, user)).body).toEqual({ ...EMPTY, gratitudeTwo: 'the sea' });
  });

  it.each([
    ['2026-03-02', '2026-03-02'],
    // "Today at midnight" of the first app version, sent as UTC: local midnight east of Greenwich…
    ['2026-03-01T23:00:00.000Z', '2026-03-02'],
    // …and west of it.
    ['2026-03-02T05:00:00.000Z', '2026-03-02'],
    ['2026-03-02T00:00:00+09:00', '2026-03-02'],
  ])('reads %s as the day %s', async (date, day) => {
    const user = await newUser();
    await call('updateExercise', { date: day, mortality: true }, user);
    expect((await call<ExerciseRecord>('getExercise', { date }, user)).body.mortality).toBe(true);
  });

  it.each([[{}], [{ date: '2026-02-30' }], [{ date: 'yesterday' }], [{ date: 20260301 }], ['not json']])(
    'answers 400 for %j',
    async (body) => {
      const user = await newUser();
      const reply = await postJson<ApiErrorBody>(server.url, '/api/getExercise', typeof body === 'string' ? '{"date":' : body, user);
      expect(reply.status).toBe(400);
    },
  );
});

describe('POST /api/updateExercise', () => {
  it('writes through the sync merge with a server clock, so devices pull it', async () => {
    const user = await newUser();
    const clientId = newClient();
    // A device whose clock runs a day ahead wrote first: the server's write must still be the newer one.
    await push(server.url, user, clientId, [mutation(1, clockAt(clientId, 86_400_000), { fields: { mortality: false, gratitudeOne: 'device' } })]);

    const started = await call<DatedExerciseRecord>('updateExercise', { date: '2026-03-01', mortality: true }, user);
    expect(started).toEqual({ status: 200, body: { date: '2026-03-01', ...EMPTY, mortality: true, gratitudeOne: 'device' } });
    const done = await call<DatedExerciseRecord>(
      'updateExercise',
      { date: '2026-03-01', gratitude: true, gratitudeOne: 'friends', gratitudeTwo: 'rain', gratitudeThree: 'bread' },
      user,
    );
    expect(done.body).toEqual({ date: '2026-03-01', mortality: true, gratitude: true, gratitudeOne: 'friends', gratitudeTwo: 'rain', gratitudeThree: 'bread' });

    const { body } = await pull(server.url, user, { clientId });
    const change = body.changes.find((entry) => entry.key === '2026-03-01');
    expect(change?.values).toEqual({ mortality: true, gratitude: true, gratitudeOne: 'friends', gratitudeTwo: 'rain', gratitudeThree: 'bread' });
    expect(parseHlc(change?.clocks.gratitudeOne ?? '')?.node).toBe('server');
    expect(body.lastAppliedSeq).toBe(1);

    // The device's overwritten text is kept and shown beside the current one.
    const versions = await getJson<ExerciseVersionsResponse>(server.url, '/api/exercises/2026-03-01/versions', user);
    expect(versions.body.fields.gratitudeOne.map((version) => [version.node, version.text])).toEqual([[clientId, 'device']]);

    // A device writing after it (a newer clock) wins as usual.
    const newer = clockAt(clientId, 2 * 86_400_000);
    await push(server.url, user, clientId, [mutation(2, newer, { fields: { gratitudeTwo: 'snow' } })]);
    expect((await call<ExerciseRecord>('getExercise', { date: '2026-03-01' }, user)).body.gratitudeTwo).toBe('snow');
  });

  it.each([
    ['no field to update', { date: '2026-03-01' }, 'INVALID_REQUEST'],
    ['a flag that is not a boolean', { date: '2026-03-01', mortality: 'yes' }, 'INVALID_REQUEST'],
    ['a text that is not a string', { date: '2026-03-01', gratitudeOne: 5 }, 'INVALID_REQUEST'],
    ['an impossible day', { date: '2026-02-29', mortality: true }, 'INVALID_REQUEST'],
    ['a text holding a NUL character', { date: '2026-03-01', gratitudeOne: 'a\u0000b' }, 'INVALID_TEXT'],
  ])('answers 400 for %s', async (_name, body, code) => {
    const user = await newUser();
    const reply = await call<ApiErrorBody>('updateExercise', body, user);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(code);
  });
});

describe('POST /api/getMonthExercises', () => {
  it('lists the live days of the month asked for, oldest first, with every field', async () => {
    const user = await newUser();
    const clientId = newClient();
    await push(server.url, user, clientId, [
      mutation(1, clockAt(clientId, 1), { key: '2026-03-31', fields: { gratitude: true } }),
      mutation(2, clockAt(clientId, 2), { key: '2026-03-01', fields: { mortality: true } }),
      mutation(3, clockAt(clientId, 3), { key: '2026-02-28', fields: { mortality: true } }),
      mutation(4, clockAt(clientId, 4), { key: '2026-04-01', fields: { mortality: true } }),
      mutation(5, clockAt(clientId, 5), { key: '2026-03-15', fields: { mortality: true } }),
      mutation(6, clockAt(clientId, 6), { key: '2026-03-15', fields: {}, deleted: true }),
    ]);
    const reply = await call<{ message: DatedExerciseRecord[] }>('getMonthExercises', { month: '2026-03' }, user);
    expect(reply.body.message).toEqual([
      { date: '2026-03-01', ...EMPTY, mortality: true },
      { date: '2026-03-31', ...EMPTY, gratitude: true },
    ]);
    expect((await call('getMonthExercises', { month: '2026-13' }, user)).status).toBe(400);
  });

  it("answers {} with the current month in the person's zone", async () => {
    const user = await newUser();
    const { sql } = database();
    await push(server.url, user, newClient(), [
      mutation(1, clockAt('phone'), { key: '2026-03-31', fields: { mortality: true } }),
      mutation(2, clockAt('phone', 1), { key: '2026-04-01', fields: { mortality: true } }),
    ]);
    // 31 March 23:30 UTC is already 1 April in Tokyo.
    const lateMarch = () => Date.UTC(2026, 2, 31, 23, 30);
    expect((await getMonthExercises(sql, user.userId, undefined, lateMarch)).map((day) => day.date)).toEqual(['2026-03-31']);
    await push(server.url, user, newClient(), [mutation(1, clockAt('phone', 2), { table: 'profiles', key: 'me', fields: { reminderZone: 'Asia/Tokyo' } })]);
    expect((await getMonthExercises(sql, user.userId, undefined, lateMarch)).map((day) => day.date)).toEqual(['2026-04-01']);

    const now = new Date();
    const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const other = await newUser();
    await call('updateExercise', { date: `${thisMonth}-01`, mortality: true }, other);
    const reply = await call<{ message: DatedExerciseRecord[] }>('getMonthExercises', {}, other);
    expect(reply.body.message.map((day) => day.date)).toEqual([`${thisMonth}-01`]);
  });
});

describe('POST /api/updateBirthday', () => {
  it('stores a real birthday (month 1-12) in the synced profile', async () => {
    const user = await newUser();
    const reply = await call('updateBirthday', { month: 2, day: 29, year: 2000 }, user);
    expect(reply).toEqual({ status: 200, body: { birthday: '2000-02-29' } });
    const profile = (await pull(server.url, user)).body.changes.find((change) => change.table === 'profiles');
    expect(profile?.values).toEqual({ birthday: '2000-02-29' });
    expect(parseHlc(profile?.clocks.birthday ?? '')?.node).toBe('server');
    // As a form sends them: digits in strings.
    expect((await call('updateBirthday', { month: '12', day: '31', year: '1930' }, user)).body).toEqual({ birthday: '1930-12-31' });
  });

  it.each([
    ['29 February of a common year', { month: 2, day: 29, year: 2001 }],
    ['31 April', { month: 4, day: 31, year: 1990 }],
    ['month 13', { month: 13, day: 1, year: 1990 }],
    ['month 0 (the zero-based months of the old form)', { month: 0, day: 1, year: 1990 }],
    ['a year before 1900', { month: 1, day: 1, year: 1899 }],
    ['a day in the future', { month: 1, day: 1, year: new Date().getUTCFullYear() + 1 }],
    ['a fractional day', { month: 1, day: 1.5, year: 1990 }],
    ['a missing year', { month: 1, day: 1 }],
  ])('answers 400 for %s', async (_name, body) => {
    const user = await newUser();
    const reply = await call<ApiErrorBody>('updateBirthday', body, user);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('INVALID_REQUEST');
    expect((await pull(server.url, user)).body.changes).toEqual([]);
  });
});

describe('GET /api/exercises/:day/versions', () => {
  it('answers 400 for a day that does not exist', async () => {
    const user = await newUser();
    expect((await getJson(server.url, '/api/exercises/2026-02-30/versions', user)).status).toBe(400);
  });

  it('shows every text of a deleted day, newest first', async () => {
    const user = await newUser();
    await push(server.url, user, newClient(), [mutation(1, clockAt('phone', 1), { fields: { gratitudeOne: 'phone text' } })]);
    await push(server.url, user, newClient(), [mutation(1, clockAt('laptop', 2), { fields: { gratitudeOne: 'laptop text' } })]);
    await push(server.url, user, newClient(), [mutation(1, clockAt('laptop', 3), { fields: {}, deleted: true })]);
    const { body } = await getJson<ExerciseVersionsResponse>(server.url, '/api/exercises/2026-03-01/versions', user);
    expect(body.fields.gratitudeOne.map((version) => version.text)).toEqual(['laptop text', 'phone text']);
  });
});
