import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HnItem } from '#core/schemas/hn';
import { apiCall } from '../accounts/testing/api-call.ts';
import { housekeeping } from '../../jobs/housekeeping.ts';
import { createHnClient, type HnClient } from '../../providers/hacker-news.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { startLocalHn, type LocalHn } from '../../testing/local-hn/local-hn.ts';
import { buildThread, FOUNDER, launchThread } from '../../testing/local-hn/threads.ts';
import { createTestUser } from '../../testing/users.ts';
import { createThreadLoader, DEFAULT_CACHE_POLICY, type ThreadLoader } from './thread-loader.ts';

const database = useTestDatabase();
let local: LocalHn;
let now = Date.now();
const clock = () => now;

/** Each test has a post of its own (the cache is shared by the file). */
let nextPost = 50_000_000;
function newPost(): { id: number; items: HnItem[]; commentIds: number[] } {
  nextPost += 1_000;
  const { items } = launchThread(nextPost);
  local.put(items);
  return { id: nextPost, items, commentIds: items.filter((item) => item.type === 'comment').map((item) => item.id) };
}

const loaderWith = (options: { timeoutMs?: number; retries?: number } = {}): ThreadLoader =>
  createThreadLoader({ sql: database().sql, client: createHnClient({ baseUrl: local.baseUrl, backoffMs: 5, ...options }), clock });

beforeAll(async () => {
  local = await startLocalHn();
});
afterAll(() => local.close());
beforeEach(() => {
  local.resetCounts();
  local.latencyMs = 0;
  local.holdUntil = undefined;
});

describe('the cache', () => {
  it('asks the site for each item once when a thread is read twice within a minute', async () => {
    const post = newPost();
    const loader = loaderWith();
    const first = await loader.load(post.id);
    expect(local.totalRequests()).toBe(post.items.length);
    expect(first.unanswered).toHaveLength(4);
    now += 59_000;
    const second = await loader.load(post.id);
    expect(local.totalRequests()).toBe(post.items.length);
    expect(second.unanswered.map((waiting) => waiting.comment.id)).toEqual(first.unanswered.map((waiting) => waiting.comment.id));
  });

  it('reads the story again once it is stale, and only the story while its comment count has not moved', async () => {
    const post = newPost();
    const loader = loaderWith();
    await loader.load(post.id);
    local.resetCounts();
    now += DEFAULT_CACHE_POLICY.storyMaxAgeMs + 1;
    const again = await loader.load(post.id);
    expect(local.totalRequests()).toBe(1);
    expect(local.requestsFor(post.id)).toBe(1);
    expect(again.checkedAt).toBe(now - DEFAULT_CACHE_POLICY.storyMaxAgeMs - 1);
  });

  it('reads the comments again when the count moved, and sees the author’s new answer', async () => {
    const post = newPost();
    const loader = loaderWith();
    const before = await loader.load(post.id);
    const waiting = before.unanswered[0]?.comment.id as number;
    const answerId = post.id + 900;
    const parent = post.items.find((item) => item.id === waiting) as HnItem;
    const story = post.items[0] as HnItem;
    local.put([
      { ...parent, kids: [answerId] },
      { id: answerId, type: 'comment', by: FOUNDER, parent: waiting, time: 1_700_100_000, text: '<p>Thanks!</p>' },
      { ...story, descendants: (story.descendants ?? 0) + 1 },
    ]);
    local.resetCounts();
    now += DEFAULT_CACHE_POLICY.storyMaxAgeMs + 1;
    const after = await loader.load(post.id);
    expect(local.totalRequests()).toBe(post.items.length + 1);
    expect(after.unanswered.map((item) => item.comment.id)).toEqual(before.unanswered.slice(1).map((item) => item.comment.id));
  });

  it('reads every comment again after the longer limit even when the count has not moved', async () => {
    const post = newPost();
    const loader = loaderWith();
    await loader.load(post.id);
    local.resetCounts();
    now += DEFAULT_CACHE_POLICY.unchangedCommentMaxAgeMs + 1;
    await loader.load(post.id);
    expect(local.totalRequests()).toBe(post.items.length);
  });

  it('keeps a sample of the score and comment count when the story is read from the site, one per check interval', async () => {
    const post = newPost();
    const story = post.items[0] as HnItem;
    // Ten minutes after the post: checks every 2 minutes, a sample at most every 108 s.
    const postedAt = Math.floor(now / 1000) - 600;
    local.put([{ ...story, time: postedAt }]);
    const loader = loaderWith();
    const samples = () => database().sql<{ score: number; comment_count: number }[]>`
      select score, comment_count from hn_story_samples where story_id = ${post.id} order by sampled_at`;
    await loader.load(post.id);
    await loader.load(post.id);
    expect(await samples()).toEqual([{ score: 128, comment_count: post.commentIds.length }]);
    // Read again from the site a minute later (a page view): too soon for another point.
    now += DEFAULT_CACHE_POLICY.storyMaxAgeMs + 1;
    await loader.load(post.id);
    expect(await samples()).toHaveLength(1);
    // Another minute on, the next check's time: a second point.
    local.put([{ ...story, time: postedAt, score: 131 }]);
    now += DEFAULT_CACHE_POLICY.storyMaxAgeMs + 1;
    await loader.load(post.id);
    expect(await samples()).toEqual([
      { score: 128, comment_count: post.commentIds.length },
      { score: 131, comment_count: post.commentIds.length },
    ]);
  });

  it('keeps no samples of a post past its 30 days of checks', async () => {
    // The fixture threads were posted in 2023.
    const post = newPost();
    await loaderWith().load(post.id);
    const [row] = await database().sql<{ count: number }[]>`select count(*) as count from hn_story_samples where story_id = ${post.id}`;
    expect(row?.count).toBe(0);
  });
});

describe('reading at once', () => {
  it('shares one read of the site between requests for the same thread at the same time', async () => {
    const post = newPost();
    local.latencyMs = 20;
    const loader = loaderWith();
    const [a, b, c] = await Promise.all([loader.load(post.id), loader.load(post.id), loader.load(post.id)]);
    expect(local.totalRequests()).toBe(post.items.length);
    expect(b.unanswered).toEqual(a.unanswered);
    expect(c.unanswered).toEqual(a.unanswered);
  });

  it('shares item requests between two loaders on one client reading the same thread', async () => {
    const post = newPost();
    // A held request must not time out and be sent again while the other loader catches up.
    const client = createHnClient({ baseUrl: local.baseUrl, timeoutMs: 60_000 });
    // Each item's answer waits until both loaders have asked the client for it: they read at
    // the same moment however the machine schedules them (a free loader would otherwise find
    // the first one's answer already in, and the test would show nothing).
    const asked = new Map<number, number>();
    const bothAsked = new Map<number, { promise: Promise<void>; resolve: () => void }>();
    const gate = (id: number) => {
      let gateOf = bothAsked.get(id);
      if (gateOf === undefined) {
        let resolve: () => void = () => undefined;
        const promise = new Promise<void>((done) => {
          resolve = done;
        });
        gateOf = { promise, resolve };
        bothAsked.set(id, gateOf);
      }
      return gateOf;
    };
    local.holdUntil = (id) => gate(id).promise;
    const counting: HnClient = {
      item(id) {
        const times = (asked.get(id) ?? 0) + 1;
        asked.set(id, times);
        if (times === 2) gate(id).resolve();
        return client.item(id);
      },
    };
    const one = createThreadLoader({ sql: database().sql, client: counting, clock });
    const two = createThreadLoader({ sql: database().sql, client: counting, clock });
    await Promise.all([one.load(post.id), two.load(post.id)]);
    for (const item of post.items) {
      expect(asked.get(item.id)).toBe(2);
      expect(local.requestsFor(item.id)).toBe(1);
    }
  });
});

describe('when the site fails', () => {
  it('tries a failing or silent comment again and still gives the whole thread', async () => {
    const post = newPost();
    const [flaky, silent] = post.commentIds;
    local.failNext(flaky as number, 2, 503);
    local.failNext(silent as number, 1, 'hang');
    const loaded = await loaderWith({ timeoutMs: 200, retries: 2 }).load(post.id);
    expect(loaded.unanswered).toHaveLength(4);
    expect(local.requestsFor(flaky as number)).toBe(3);
    expect(local.requestsFor(silent as number)).toBe(2);
  });

  it('answers HN_UNAVAILABLE when the site keeps failing and nothing is cached', async () => {
    const post = newPost();
    local.failNext(post.id, 3, 500);
    await expect(loaderWith({ retries: 2 }).load(post.id)).rejects.toMatchObject({ code: 'HN_UNAVAILABLE', status: 503 });
    const comment = newPost();
    local.failNext(comment.commentIds[0] as number, 3, 500);
    await expect(loaderWith({ retries: 2 }).load(comment.id)).rejects.toMatchObject({ code: 'HN_UNAVAILABLE' });
  });

  it('serves the cached thread, with the time it was read, when the site fails later', async () => {
    const post = newPost();
    const loader = loaderWith({ retries: 0 });
    const first = await loader.load(post.id);
    now += DEFAULT_CACHE_POLICY.unchangedCommentMaxAgeMs + 1;
    for (const item of post.items) local.failNext(item.id, 1, 500);
    const later = await loader.load(post.id);
    expect(later.unanswered).toEqual(first.unanswered);
    expect(later.checkedAt).toBe(first.checkedAt);
  });
});

describe('odd threads', () => {
  it('survives a loop in the kids lists and a kid the site does not have', async () => {
    nextPost += 1_000;
    const { items } = buildThread({ id: nextPost, by: FOUNDER, title: 'Loop', comments: [{ by: 'ada', replies: [{ by: 'bob' }] }] });
    const [story, top, reply] = items as [HnItem, HnItem, HnItem];
    local.put([{ ...story, kids: [top.id, nextPost + 500] }, top, { ...reply, kids: [top.id] }]);
    const loaded = await loaderWith().load(story.id);
    expect(loaded.unanswered.map((waiting) => waiting.comment.by)).toEqual(['ada']);
  });
});

describe('over HTTP', () => {
  it('opens a tracked page twice in a minute and asks the site once, with concurrent opens sharing the read', async () => {
    const post = newPost();
    const server = await serveApp(database().sql, { HN_API_BASE: local.baseUrl });
    try {
      const user = await createTestUser(database().sql, 'twice@example.test');
      expect((await apiCall(server.url, 'POST', '/api/addNewTracker', { token: user.token, body: { hnLink: String(post.id) } })).status).toBe(201);
      expect(local.totalRequests()).toBe(post.items.length);
      const views = await Promise.all([1, 2, 3].map(() => apiCall(server.url, 'GET', `/api/getView/${post.id}`, { token: user.token })));
      expect(views.map((view) => view.status)).toEqual([200, 200, 200]);
      expect(local.totalRequests()).toBe(post.items.length);
    } finally {
      await server.close();
    }
  });
});

describe('housekeeping', () => {
  it('forgets items nobody read from the site for a month, and keeps the rest', async () => {
    const { sql } = database();
    await sql`insert into hn_items (id, data, fetched_at) values
      (90000001, '{"id": 90000001}', now() - interval '31 days'), (90000002, '{"id": 90000002}', now() - interval '29 days')`;
    expect((await housekeeping(sql)).hnItems).toBe(1);
    const left = await sql<{ id: number }[]>`select id from hn_items where id in (90000001, 90000002)`;
    expect(left.map((row) => row.id)).toEqual([90000002]);
  });
});
