import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { createTestUser } from '../../testing/users.ts';
import { apiCall } from '../accounts/testing/api-call.ts';

const database = useTestDatabase();
let server: TestServer;
beforeAll(async () => {
  server = await serveApp(database().sql);
});
afterAll(() => server.close());
beforeEach(async () => {
  await database().sql`delete from events`;
});

const send = (body: unknown, token?: string) => apiCall(server.url, 'POST', '/api/events', { body, token });

function stored() {
  return database().sql<{ name: string; path: string; user_id: string | null }[]>`
    select name, path, user_id from events order by id
  `;
}

describe('POST /api/events', () => {
  it('records an event without a session, with the query string and fragment cut off', async () => {
    const response = await send({ name: 'page_view', path: '/life?email=ada@example.test#top' });
    expect(response).toMatchObject({ status: 204, body: null });
    expect(await stored()).toEqual([{ name: 'page_view', path: '/life', user_id: null }]);
  });

  it('records a batch under the user of a valid session, and nothing else the client sends', async () => {
    const ada = await createTestUser(database().sql, 'ada.events@example.test');
    const response = await send(
      [
        { name: 'Sign In', path: '/signup', email: 'ada.events@example.test' },
        { name: 'page_view', path: '/dashboard' },
        { name: 'outbound_link', path: 'https://news.ycombinator.com/item?id=1' },
      ],
      ada.token,
    );
    expect(response.status).toBe(204);
    expect(await stored()).toEqual([
      { name: 'Sign In', path: '/signup', user_id: ada.userId },
      { name: 'page_view', path: '/dashboard', user_id: ada.userId },
      { name: 'outbound_link', path: 'https://news.ycombinator.com/item', user_id: ada.userId },
    ]);
  });

  it('records events sent with a stale token anonymously instead of refusing them', async () => {
    const response = await send({ name: 'page_view', path: '/' }, 'B'.repeat(43));
    expect(response.status).toBe(204);
    expect(await stored()).toEqual([{ name: 'page_view', path: '/', user_id: null }]);
  });

  it('takes 50 events at once', async () => {
    const batch = Array.from({ length: 50 }, () => ({ name: 'page_view', path: '/tools' }));
    expect((await send(batch)).status).toBe(204);
    expect(await stored()).toHaveLength(50);
  });

  it.each([
    ['no body', undefined],
    ['an unknown event name', { name: 'purchase', path: '/' }],
    ['a missing path', { name: 'page_view' }],
    ['a path of 513 characters', { name: 'page_view', path: `/${'a'.repeat(512)}` }],
    ['a script address', { name: 'outbound_link', path: 'javascript:alert(1)' }],
    ['a path with another host', { name: 'page_view', path: '//evil.example/x' }],
    ['an empty batch', []],
    ['51 events', Array.from({ length: 51 }, () => ({ name: 'page_view', path: '/' }))],
    ['a batch with one bad event', [{ name: 'page_view', path: '/' }, { name: 'page_view', path: 7 }]],
  ])('answers %s with 400 INVALID_REQUEST and records nothing', async (_case, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(apiErrorBodySchema.parse(response.body).error).toBe('INVALID_REQUEST');
    expect(await stored()).toEqual([]);
  });
});
