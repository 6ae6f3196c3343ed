import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trackerViewSchema } from '#core/schemas/hn';
import { apiCall } from '../accounts/testing/api-call.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { livePost, type LivePost } from '../../testing/local-hn/live-post.ts';
import { startLocalHn, type LocalHn } from '../../testing/local-hn/local-hn.ts';
import { startPushEndpoint, type PushEndpoint } from '../reminders/testing/push-endpoint.ts';
import { person, track, watchInstance, type Clock, type Instance } from './testing/watch-fixture.ts';

const database = useTestDatabase();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const clock: Clock = { now: Date.now() };
let local: LocalHn;
let endpoint: PushEndpoint;
let server: TestServer;
let job: Instance;
let nextPost = 80_000_000;

beforeAll(async () => {
  local = await startLocalHn();
  endpoint = await startPushEndpoint();
  server = await serveApp(database().sql, { HN_API_BASE: local.baseUrl });
  job = await watchInstance(database().sql, local, clock);
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
  await local.close();
});
beforeEach(async () => {
  await database().sql`delete from users`;
  await database().sql`delete from hn_watch`;
});

function launched(ageMs: number): LivePost {
  nextPost += 100_000;
  return livePost(local, { id: nextPost, postedAt: clock.now - ageMs, score: 10, comments: [{ by: 'early' }] });
}

async function dueAt(post: LivePost): Promise<number | null> {
  const [row] = await database().sql<{ due_at: Date | null }[]>`select due_at from hn_watch where story_id = ${post.id}`;
  return row?.due_at?.getTime() ?? null;
}

const sampleCount = async (post: LivePost) => {
  const [row] = await database().sql<{ count: number }[]>`select count(*) as count from hn_story_samples where story_id = ${post.id}`;
  return row?.count ?? 0;
};

describe('the schedule', () => {
  it('checks a young post every 2 minutes, an older one less often, and one past 30 days no more', async () => {
    const young = launched(10 * MINUTE);
    const older = launched(3 * HOUR);
    const old = launched(31 * DAY);
    const ada = await person(database().sql, endpoint, { pro: true, now: clock.now });
    for (const post of [young, older, old]) await track(database().sql, job.threads, ada, post.link);
    expect(await job.pass()).toMatchObject({ checked: 3 });
    expect(await dueAt(young)).toBe(clock.now + 2 * MINUTE);
    expect(await dueAt(older)).toBe(clock.now + 10 * MINUTE);
    expect(await dueAt(old)).toBeNull();
    expect(await sampleCount(old)).toBe(0);
  });
});

describe('samples for the time series', () => {
  it('records the score and comment count at each check, and page views in between add no points', async () => {
    const post = launched(10 * MINUTE);
    const ada = await person(database().sql, endpoint, { pro: true, now: clock.now });
    await track(database().sql, job.threads, ada, post.link);
    const start = clock.now;
    let checks = (await job.pass()).checked;
    // Two hours and a half of checks, each when it is due, the page opened 30 s after each.
    for (let due = await dueAt(post); due !== null && due < start + 150 * MINUTE; due = await dueAt(post)) {
      clock.now = due;
      post.setScore(10 + Math.floor((due - start) / MINUTE));
      checks += (await job.pass()).checked;
      clock.now += 30_000;
      await job.threads.load(post.id);
    }
    // Every 2 minutes from 10 minutes of age to 2 hours (55 checks), then every 10 (at 120 to 150).
    expect(checks).toBe(55 + 4);
    // The first check used what adding the tracker had just read, which is the first point.
    const samples = await database().sql<{ score: number; comment_count: number }[]>`
      select score, comment_count from hn_story_samples where story_id = ${post.id} order by sampled_at`;
    expect(samples).toHaveLength(checks);
    expect(samples.at(-1)).toEqual({ score: 10 + 140, comment_count: 1 });
  });

  it('are part of the tracker view for Pro only', async () => {
    const post = launched(10 * MINUTE);
    const pro = await person(database().sql, endpoint, { pro: true, now: clock.now });
    const free = await person(database().sql, endpoint, { now: clock.now });
    await track(database().sql, job.threads, pro, post.link);
    await track(database().sql, job.threads, free, post.link);
    const first = new Date(clock.now).toISOString();
    clock.now += 2 * MINUTE;
    post.setScore(25);
    post.comment('zoe');
    await job.pass();

    const proView = await apiCall(server.url, 'GET', `/api/getView/${String(post.id)}`, { token: pro.token });
    expect(proView.status).toBe(200);
    expect(trackerViewSchema.parse(proView.body).samples).toEqual([
      { at: first, score: 10, commentCount: 1 },
      { at: new Date(clock.now).toISOString(), score: 25, commentCount: 2 },
    ]);
    const freeView = await apiCall(server.url, 'GET', `/api/getView/${String(post.id)}`, { token: free.token });
    expect(freeView.status).toBe(200);
    expect(freeView.body).not.toHaveProperty('samples');
    expect(trackerViewSchema.parse(freeView.body).repliesToAuthor).toBeNull();
  });
});
