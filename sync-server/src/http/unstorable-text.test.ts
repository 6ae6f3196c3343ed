import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { apiCall } from '../modules/accounts/testing/api-call.ts';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

// The probe's findings: each of these answered 500 (the database refused the text or the date).
const database = useTestDatabase();
let server: TestServer;
let ada: TestUser;
beforeAll(async () => {
  server = await serveApp(database().sql);
  ada = await createTestUser(database().sql, 'ada.text@example.test');
});
afterAll(() => server.close());

const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

const cases: [string, 'POST' | 'DELETE', string, unknown, boolean][] = [
  ['a name with NUL at local sign-in', 'POST', '/api/auth/local', { email: 'nul@example.com', name: 'a\u0000b' }, false],
  ['an event path with NUL', 'POST', '/api/events', { name: 'page_view', path: '/\u0000x' }, false],
  ['an event name with half a surrogate pair', 'POST', '/api/events', { name: 'page\ud800', path: '/' }, false],
  ['a subscription endpoint with NUL', 'POST', '/api/reminders/subscriptions', { endpoint: 'https://push.example.com/a\u0000', keys }, true],
  ['removing a subscription endpoint with NUL', 'DELETE', '/api/reminders/subscriptions', { endpoint: 'https://push.example.com/a\u0000' }, true],
  ['a journal text with half a surrogate pair', 'POST', '/api/updateExercise', { date: '2026-11-20', gratitudeOne: 'ab\ud83d' }, true],
];

describe('texts the database cannot store', () => {
  it.each(cases)('answers %s with 400 INVALID_TEXT, writing nothing', async (_case, method, path, body, signedIn) => {
    const [before] = await database().sql<{ rows: number }[]>`
      select (select count(*) from users) + (select count(*) from events) + (select count(*) from push_subscriptions)
        + (select count(*) from exercises) as rows
    `;
    const response = await apiCall(server.url, method, path, { body, token: signedIn ? ada.token : undefined });
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(response.body).error).toBe('INVALID_TEXT');
    const [after] = await database().sql<{ rows: number }[]>`
      select (select count(*) from users) + (select count(*) from events) + (select count(*) from push_subscriptions)
        + (select count(*) from exercises) as rows
    `;
    expect(after).toEqual(before);
  });
});

describe('dates the database cannot store', () => {
  it.each(['0000-01', '0000-12', '10000-01', '2026-13'])('answers the month %s with 400 INVALID_REQUEST', async (month) => {
    const response = await apiCall(server.url, 'POST', '/api/getMonthExercises', { body: { month }, token: ada.token });
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(response.body).error).toBe('INVALID_REQUEST');
  });

  it('still answers the months people ask for', async () => {
    const response = await apiCall(server.url, 'POST', '/api/getMonthExercises', { body: { month: '0001-01' }, token: ada.token });
    expect(response.status).toBe(200);
  });
});
