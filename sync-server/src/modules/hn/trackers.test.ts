import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { addNewTrackerResponseSchema, getTrackersResponseSchema, trackerViewSchema } from '#core/schemas/hn';
import { apiCall } from '../accounts/testing/api-call.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { FIXTURE_IDS, fixtureItems } from '../../testing/local-hn/fixtures.ts';
import { startLocalHn, type LocalHn } from '../../testing/local-hn/local-hn.ts';
import { launchThread } from '../../testing/local-hn/threads.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { createHnClient } from '../../providers/hacker-news.ts';
import { ApiError } from '../../http/api-error.ts';
import { deleteTracker, getView } from './service.ts';
import { createThreadLoader } from './thread-loader.ts';

const database = useTestDatabase();
let local: LocalHn;
let server: TestServer;
let free: TestUser;
let pro: TestUser;
const launch = launchThread(FIXTURE_IDS.launch);
const idOf = (name: string) => launch.ids.get(name) as number;
const LAUNCH_LINK = `https://news.ycombinator.com/item?id=${FIXTURE_IDS.launch}`;

beforeAll(async () => {
  local = await startLocalHn({ items: fixtureItems() });
  server = await serveApp(database().sql, { HN_API_BASE: local.baseUrl });
  free = await createTestUser(database().sql, 'free.tracker@example.test');
  pro = await createTestUser(database().sql, 'pro.tracker@example.test', 1);
});
afterAll(async () => {
  await server.close();
  await local.close();
});

const add = (user: TestUser, hnLink: unknown) => apiCall(server.url, 'POST', '/api/addNewTracker', { token: user.token, body: { hnLink } });
const list = async (user: TestUser) => {
  const reply = await apiCall(server.url, 'GET', '/api/getTrackers', { token: user.token });
  expect(reply.status).toBe(200);
  return getTrackersResponseSchema.parse(reply.body).hnLinks;
};
const remove = (user: TestUser, id: unknown) => apiCall(server.url, 'POST', '/api/deleteTracker', { token: user.token, body: { id } });
const view = (user: TestUser, id: string | number) => apiCall(server.url, 'GET', `/api/getView/${id}`, { token: user.token });
const errorOf = (body: unknown) => apiErrorBodySchema.parse(body);

describe('the free plan', () => {
  it('starts empty, adds a post from its link with the thread’s figures, and lists it', async () => {
    expect(await list(free)).toEqual([]);
    const reply = await add(free, ` ${LAUNCH_LINK}#top `);
    expect(reply.status).toBe(201);
    const { item, created } = addNewTrackerResponseSchema.parse(reply.body);
    expect(created).toBe(true);
    expect(item).toMatchObject({
      link: LAUNCH_LINK,
      postId: FIXTURE_IDS.launch,
      title: 'Show HN: Memento, a tiny launch tracker',
      score: 128,
      commentCount: launch.story.descendants,
      unansweredCount: 4,
    });
    expect(Date.parse(item.lastChecked ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await list(free)).toEqual([item]);
  });

  it('answers the same tracker again when the post is added twice, without asking the site', async () => {
    local.resetCounts();
    const reply = await add(free, String(FIXTURE_IDS.launch));
    expect(reply.status).toBe(200);
    expect(addNewTrackerResponseSchema.parse(reply.body).created).toBe(false);
    expect(local.totalRequests()).toBe(0);
    expect(await list(free)).toHaveLength(1);
  });

  it('refuses a second post with TRACKER_LIMIT, asking the site nothing', async () => {
    local.resetCounts();
    const reply = await add(free, String(FIXTURE_IDS.example));
    expect(reply.status).toBe(403);
    const error = errorOf(reply.body);
    expect(error.error).toBe('TRACKER_LIMIT');
    expect(error.message).toContain('Upgrade to Pro');
    expect(local.totalRequests()).toBe(0);
    expect(await list(free)).toHaveLength(1);
  });

  it('lets the one tracker go and another take its place; deleting twice is fine', async () => {
    const [tracker] = await list(free);
    const gone = await remove(free, tracker?._id);
    expect(gone).toMatchObject({ status: 200, body: { id: tracker?._id, deleted: true } });
    expect(await list(free)).toEqual([]);
    expect((await remove(free, tracker?._id)).status).toBe(200);
    expect((await add(free, `news.ycombinator.com/item?id=${FIXTURE_IDS.example}`)).status).toBe(201);
    expect((await list(free)).map((item) => item.postId)).toEqual([FIXTURE_IDS.example]);
    // Deleting by the post's id works too.
    expect((await remove(free, FIXTURE_IDS.example)).status).toBe(200);
    expect(await list(free)).toEqual([]);
  });

  it('brings a deleted tracker back when its post is added again', async () => {
    const reply = await add(free, LAUNCH_LINK);
    expect(reply.status).toBe(201);
    expect((await list(free)).map((item) => item.postId)).toEqual([FIXTURE_IDS.launch]);
  });

  it('keeps one tracker when a free account adds two posts at the same moment', async () => {
    const racer = await createTestUser(database().sql, 'racer@example.test');
    const replies = await Promise.all([add(racer, String(FIXTURE_IDS.launch)), add(racer, String(FIXTURE_IDS.example))]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 403]);
    expect(await list(racer)).toHaveLength(1);
  });
});

describe('adding often', () => {
  it('answers 429 RATE_LIMITED past 60 adds an hour, so no account can make us hammer the site', async () => {
    const busy = await createTestUser(database().sql, 'busy@example.test');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) statuses.push((await add(busy, String(FIXTURE_IDS.example))).status);
    expect(statuses.slice(0, 2)).toEqual([201, 200]);
    expect(statuses.slice(2, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('Pro', () => {
  it('tracks any number of posts, newest first', async () => {
    for (const id of [FIXTURE_IDS.example, FIXTURE_IDS.launch, FIXTURE_IDS.big]) expect((await add(pro, String(id))).status).toBe(201);
    expect((await list(pro)).map((item) => item.postId)).toEqual([FIXTURE_IDS.big, FIXTURE_IDS.launch, FIXTURE_IDS.example]);
  });
});

describe('links and posts that cannot be tracked', () => {
  it.each([
    ['', 'INVALID_TRACKER_LINK'],
    ['https://news.ycombinator.com/user?id=pg', 'INVALID_TRACKER_LINK'],
    ['https://evil.example/item?id=1', 'INVALID_TRACKER_LINK'],
    ['https://news.ycombinator.com/item?id=abc', 'INVALID_TRACKER_LINK'],
  ])('refuses the link %j with 400 %s and says what to paste', async (hnLink, code) => {
    const reply = await add(pro, hnLink);
    expect(reply.status).toBe(400);
    const error = errorOf(reply.body);
    expect(error.error).toBe(code);
    expect(error.message).toContain('item?id=');
  });

  it.each([
    ['a body without a link', {}],
    ['a link that is not text', { hnLink: 8863 }],
  ])('refuses %s with 400 INVALID_REQUEST', async (_case, body) => {
    const reply = await apiCall(server.url, 'POST', '/api/addNewTracker', { token: pro.token, body });
    expect(reply.status).toBe(400);
    expect(errorOf(reply.body).error).toBe('INVALID_REQUEST');
  });

  it.each([
    ['no such item', 99_999_999, 404, 'STORY_NOT_FOUND'],
    ['a deleted post', FIXTURE_IDS.deletedStory, 410, 'STORY_DELETED'],
    ['a dead post', FIXTURE_IDS.deadStory, 410, 'STORY_DEAD'],
    ['a job', FIXTURE_IDS.job, 400, 'NOT_A_STORY'],
    ['a comment', FIXTURE_IDS.launch + 1, 400, 'NOT_A_STORY'],
  ])('refuses %s with %i %s, and adds nothing', async (_case, id, status, code) => {
    const before = await list(pro);
    const reply = await add(pro, `https://news.ycombinator.com/item?id=${id}`);
    expect(reply.status).toBe(status);
    expect(errorOf(reply.body).error).toBe(code);
    expect(await list(pro)).toEqual(before);
  });

  it('answers 404 TRACKER_NOT_FOUND for a tracker one does not have', async () => {
    expect(errorOf((await remove(pro, '0b5e55ed-0000-4000-8000-00000000beef')).body).error).toBe('TRACKER_NOT_FOUND');
    expect((await view(pro, FIXTURE_IDS.deadStory)).status).toBe(404);
  });
});

describe('the view', () => {
  it('lists the top-level comments the author has not answered, oldest first, sanitised, with reply links', async () => {
    const reply = await view(free, FIXTURE_IDS.launch);
    expect(reply.status).toBe(200);
    const shown = trackerViewSchema.parse(reply.body);
    expect(shown.unanswered.map((comment) => comment.id)).toEqual(
      ['waiting-first', 'waiting-xss', 'waiting-wide', 'waiting-with-deleted-reply'].map(idOf),
    );
    const [first, xss] = shown.unanswered;
    expect(first).toMatchObject({
      by: 'alice',
      postedAt: '2023-11-14T22:14:20.000Z',
      depth: 1,
      parentId: FIXTURE_IDS.launch,
      replyUrl: `https://news.ycombinator.com/reply?id=${idOf('waiting-first')}&goto=item%3Fid%3D${FIXTURE_IDS.launch}%23${idOf('waiting-first')}`,
      text: '<p>How does it <i>work</i>? <a href="https://docs.example/x" rel="noopener noreferrer nofollow" target="_blank">docs</a></p>',
    });
    expect(xss?.text).toBe('<p>Hi click d</p>');
    expect(shown.post).toMatchObject({ id: FIXTURE_IDS.launch, by: 'launchfounder', url: 'https://memento.example/launch', text: '<p>We built this.</p>' });
    expect(shown.item.postId).toBe(FIXTURE_IDS.launch);
    expect(shown.repliesToAuthor).toBeNull();
  });

  it('stores only sanitised text', async () => {
    const rows = await database().sql<{ text: string }[]>`select data->>'text' as text from hn_items where data->>'text' is not null`;
    expect(rows.length).toBeGreaterThan(50);
    for (const { text } of rows) expect(text).not.toMatch(/<script|onerror|onclick|javascript:|data:text/i);
  });

  it('shows Pro the replies to the author deeper down that wait for an answer', async () => {
    const reply = await view(pro, FIXTURE_IDS.launch);
    const shown = trackerViewSchema.parse(reply.body);
    expect(shown.repliesToAuthor?.map((comment) => [comment.id, comment.depth])).toEqual([
      [idOf('question-to-founder'), 2],
      [idOf('follow-up'), 3],
    ]);
    const [tracker] = (await list(pro)).filter((item) => item.postId === FIXTURE_IDS.launch);
    expect((await view(pro, tracker?._id ?? '')).status).toBe(200);
  });

  it('shows another account nothing of a tracker it does not have', async () => {
    const [tracker] = await list(free);
    const stranger = await createTestUser(database().sql, 'stranger@example.test');
    for (const id of [tracker?._id ?? '', FIXTURE_IDS.launch]) {
      const reply = await view(stranger, id);
      expect(reply.status).toBe(404);
      expect(errorOf(reply.body).error).toBe('TRACKER_NOT_FOUND');
    }
    expect((await remove(stranger, tracker?._id)).status).toBe(404);
    expect(await list(free)).toHaveLength(1);
  });

  it('answers TRACKER_NOT_FOUND, not a server error, when the tracker is deleted while its thread loads', async () => {
    const person = await createTestUser(database().sql, 'two.tabs@example.test');
    expect((await add(person, LAUNCH_LINK)).status).toBe(201);
    const real = createThreadLoader({ sql: database().sql, client: createHnClient({ baseUrl: local.baseUrl }) });
    // The other tab's delete lands while this view waits for the site.
    const threads = {
      load: async (postId: number) => {
        const loaded = await real.load(postId);
        await deleteTracker(database().sql, person.userId, { postId });
        return loaded;
      },
    };
    const viewing = getView({ sql: database().sql, threads }, person.userId, { postId: FIXTURE_IDS.launch });
    await expect(viewing).rejects.toBeInstanceOf(ApiError);
    await expect(viewing).rejects.toMatchObject({ code: 'TRACKER_NOT_FOUND' });
    expect(await list(person)).toEqual([]);
  });

  it.each(['0', 'abc', '-1', '1.5'])('refuses the id %j with 400 INVALID_REQUEST', async (id) => {
    const reply = await view(free, id);
    expect(reply.status).toBe(400);
    expect(errorOf(reply.body).error).toBe('INVALID_REQUEST');
  });
});

describe('without a live session', () => {
  it.each([
    ['GET', '/api/getTrackers', undefined],
    ['POST', '/api/addNewTracker', { hnLink: LAUNCH_LINK }],
    ['POST', '/api/deleteTracker', { id: FIXTURE_IDS.launch }],
    ['GET', `/api/getView/${FIXTURE_IDS.launch}`, undefined],
  ] as const)('%s %s answers 400 INVALID_TOKEN, as the tracker screens expect', async (method, path, body) => {
    const reply = await apiCall(server.url, method, path, { body, token: 'not-a-session' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'INVALID_TOKEN', message: 'INVALID_TOKEN' });
  });
});
