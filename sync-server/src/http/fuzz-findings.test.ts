import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { formatHlc } from '#core/sync/hlc';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { rawRequest } from '../testing/raw-http.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

// What the fuzz (fuzz.test.ts) found, each kept fixed here with the smallest request that showed it.
const database = useTestDatabase();
let server: TestServer;
let ada: TestUser;
beforeAll(async () => {
  server = await serveApp(database().sql);
  ada = await createTestUser(database().sql, 'ada.findings@example.test');
});
afterAll(() => server.close());

const deepArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const hlc = formatHlc({ wall: Date.UTC(2026, 2, 1), counter: 0, node: 'deep' });
const deepPush = (depth: number) =>
  `{"clientId":"deep","mutations":[{"seq":1,"table":"gameProgress","key":"me","hlc":"${hlc}","fields":{"state":${deepObjects(depth)}}}]}`;

describe('bodies nested thousands deep (the text check ran out of stack: 500)', () => {
  it.each([
    ['arrays, to a record call', '/api/getMonthExercises', deepArrays(6_000)],
    ['objects, to a record call', '/api/getMonthExercises', deepObjects(6_000)],
    ['objects, to the subscriptions', '/api/reminders/subscriptions', deepObjects(6_000)],
    ['arrays, to a sign-in', '/api/auth/local', deepArrays(6_000)],
    ['objects in a pushed mutation', '/api/sync/push', deepPush(40_000)],
  ])('answers %s with 400 INVALID_REQUEST', async (_case, path, body) => {
    const response = await rawRequest(server.url, {
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', authorization: ada.authorization },
      body,
    });
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(JSON.parse(response.text)).error).toBe('INVALID_REQUEST');
  });

  it('still takes the deepest body the app sends', async () => {
    const response = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/sync/push',
      headers: { 'content-type': 'application/json', authorization: ada.authorization },
      body: `{"clientId":"deep","mutations":[{"seq":1,"table":"gameProgress","key":"me","hlc":"${hlc}","fields":{"state":{"level":1}}}]}`,
    });
    expect(response.status).toBe(200);
  });
});
