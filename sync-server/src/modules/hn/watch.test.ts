import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paths } from '#core/paths';
import { createSql } from '../../db/client.ts';
import { HN_PUSH_TTL_SECONDS } from '../../jobs/hn-watch.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { livePost, type LivePost } from '../../testing/local-hn/live-post.ts';
import { startLocalHn, type LocalHn } from '../../testing/local-hn/local-hn.ts';
import { FOUNDER } from '../../testing/local-hn/threads.ts';
import { startPushEndpoint, verifyVapidAuthorization, type PushEndpoint } from '../reminders/testing/push-endpoint.ts';
import { deleteTracker } from './service.ts';
import { moveTold } from './watch-repo.ts';
import { noticesOf, person, subscribe, track, VAPID_KEYS, watchInstance, type Clock, type Instance } from './testing/watch-fixture.ts';

const database = useTestDatabase();
const MINUTE = 60_000;
const clock: Clock = { now: Date.now() };
let local: LocalHn;
let endpoint: PushEndpoint;
let job: Instance;
let nextPost = 70_000_000;

beforeAll(async () => {
  local = await startLocalHn();
  endpoint = await startPushEndpoint();
  job = await watchInstance(database().sql, local, clock);
});
afterAll(async () => {
  await endpoint.close();
  await local.close();
});
beforeEach(async () => {
  endpoint.received.length = 0;
  // Each test's posts alone on the job's list.
  await database().sql`delete from users`;
  await database().sql`delete from hn_watch`;
});

/** A post launched ten minutes ago (checked every 2 minutes), with one comment already there. */
function launch(): LivePost {
  nextPost += 100_000;
  return livePost(local, { id: nextPost, postedAt: clock.now - 10 * MINUTE, comments: [{ by: 'early' }] });
}

const later = (ms: number) => {
  clock.now += ms;
};

describe('new unanswered comments', () => {
  it('sends one encrypted push to the owner naming the post and the count, leading to /hnitem', async () => {
    const post = launch();
    const ada = await person(database().sql, endpoint, { now: clock.now });
    await track(database().sql, job.threads, ada, post.link);
    expect(await job.pass()).toMatchObject({ checked: 1, pushes: 0 });

    post.comment('zoe');
    post.comment('yan');
    later(2 * MINUTE);
    expect(await job.pass()).toMatchObject({ checked: 1, told: 1, pushes: 1 });
    expect(noticesOf(endpoint, ada)).toEqual([
      {
        kind: 'hn-new-comments',
        title: '2 new comments wait for you',
        body: `On “${post.title}”. Tap to see them and reply.`,
        postId: post.id,
        count: 2,
        url: paths.hnItem.href(post.id),
      },
    ]);
    const [request] = endpoint.received;
    expect(request?.headers.ttl).toBe(String(HN_PUSH_TTL_SECONDS));
    // Not the reminders' topic: a notice never takes the place of a waiting reminder.
    expect(request?.headers.topic).toBeUndefined();
    expect(verifyVapidAuthorization(request?.headers.authorization).publicKey).toBe(VAPID_KEYS.publicKey);

    // Nothing new since: nothing more, however many checks.
    later(2 * MINUTE);
    await job.pass();
    later(2 * MINUTE);
    await job.pass();
    expect(noticesOf(endpoint, ada)).toHaveLength(1);
  });

  it('sends nothing for new comments the author has answered, or wrote', async () => {
    const post = launch();
    const ada = await person(database().sql, endpoint, { now: clock.now });
    await track(database().sql, job.threads, ada, post.link);
    await job.pass();
    post.comment(FOUNDER, post.comment('zoe'));
    post.comment(FOUNDER);
    later(2 * MINUTE);
    expect(await job.pass()).toMatchObject({ checked: 1, pushes: 0 });
    expect(endpoint.received).toHaveLength(0);
  });

  it('sends at most one push per post per interval, and the next one counts what came since', async () => {
    const post = launch();
    const ada = await person(database().sql, endpoint, { now: clock.now });
    await track(database().sql, job.threads, ada, post.link);
    await job.pass();
    post.comment('zoe');
    later(2 * MINUTE);
    await job.pass();
    expect(noticesOf(endpoint, ada).map((notice) => notice.count)).toEqual([1]);

    // Two more passes within the interval, the second with the post forced due again (a clock
    // step, a replan): the new comment is seen and held back.
    post.comment('yan');
    later(30_000);
    expect(await job.pass()).toMatchObject({ checked: 0 });
    later(31_000);
    await database().sql`update hn_watch set due_at = ${new Date(clock.now)} where story_id = ${post.id}`;
    expect(await job.pass()).toMatchObject({ checked: 1, heldBack: 1, pushes: 0 });
    expect(noticesOf(endpoint, ada)).toHaveLength(1);

    post.comment('xia');
    later(2 * MINUTE);
    expect(await job.pass()).toMatchObject({ checked: 1, pushes: 1 });
    expect(noticesOf(endpoint, ada).map((notice) => notice.count)).toEqual([1, 2]);
  });

  it('tells a Pro owner of replies to their own comments deeper down as well (the free plan does not list them)', async () => {
    const post = launch();
    const pro = await person(database().sql, endpoint, { pro: true, now: clock.now });
    const free = await person(database().sql, endpoint, { now: clock.now });
    await track(database().sql, job.threads, pro, post.link);
    await track(database().sql, job.threads, free, post.link);
    await job.pass();
    const answer = post.comment(FOUNDER, post.comment('zoe'));
    post.comment('zoe', answer);
    later(2 * MINUTE);
    await job.pass();
    expect(noticesOf(endpoint, pro).map((notice) => notice.count)).toEqual([1]);
    expect(noticesOf(endpoint, free)).toEqual([]);
  });
});

describe('whom it tells', () => {
  it('pushes to each tracker’s owner only: not to someone else subscribed, not after the tracker is deleted', async () => {
    const post = launch();
    const ada = await person(database().sql, endpoint, { pro: true, now: clock.now });
    const bea = await person(database().sql, endpoint, { now: clock.now });
    const cy = await person(database().sql, endpoint, { now: clock.now });
    await track(database().sql, job.threads, ada, post.link);
    const beasTracker = await track(database().sql, job.threads, bea, post.link);
    await job.pass();
    post.comment('zoe');
    later(2 * MINUTE);
    await job.pass();
    expect(noticesOf(endpoint, ada)).toHaveLength(1);
    expect(noticesOf(endpoint, bea)).toHaveLength(1);
    expect(noticesOf(endpoint, cy)).toHaveLength(0);

    await deleteTracker(database().sql, bea.userId, { trackerId: beasTracker });
    post.comment('yan');
    later(2 * MINUTE);
    await job.pass();
    expect(noticesOf(endpoint, ada)).toHaveLength(2);
    expect(noticesOf(endpoint, bea)).toHaveLength(1);
    expect(endpoint.received).toHaveLength(3);
  });

  it('pushes nothing to someone without a subscription, and does not save it up for when they subscribe', async () => {
    const post = launch();
    const dee = await person(database().sql, endpoint, { subscribed: false, now: clock.now });
    await track(database().sql, job.threads, dee, post.link);
    await job.pass();
    post.comment('zoe');
    later(2 * MINUTE);
    expect(await job.pass()).toMatchObject({ checked: 1, pushes: 0 });
    expect(endpoint.received).toHaveLength(0);

    const path = await subscribe(database().sql, endpoint, dee.userId, dee.browser, clock.now);
    post.comment('yan');
    later(2 * MINUTE);
    await job.pass();
    expect(noticesOf(endpoint, { ...dee, path }).map((notice) => notice.count)).toEqual([1]);
  });

  it('stops checking a post the site deleted, and forgets one nobody tracks any more', async () => {
    const gone = launch();
    const dropped = launch();
    const ada = await person(database().sql, endpoint, { pro: true, now: clock.now });
    await track(database().sql, job.threads, ada, gone.link);
    const tracker = await track(database().sql, job.threads, ada, dropped.link);
    await job.pass();
    gone.remove();
    await deleteTracker(database().sql, ada.userId, { trackerId: tracker });
    later(2 * MINUTE);
    expect(await job.pass()).toMatchObject({ ended: 2, pushes: 0 });
    const rows = await database().sql<{ story_id: number; due_at: Date | null }[]>`
      select story_id, due_at from hn_watch where story_id in (${gone.id}, ${dropped.id})`;
    expect(rows).toEqual([{ story_id: gone.id, due_at: null }]);
  });
});

describe('several instances', () => {
  it('moves what an owner was told only from what it was, so an instance past its claim cannot tell them twice', async () => {
    const post = launch();
    const ada = await person(database().sql, endpoint, { now: clock.now });
    const tracker = await track(database().sql, job.threads, ada, post.link);
    await database().sql`delete from hn_tracker_notices where tracker_id = ${tracker}`;
    const sql = database().sql;
    const never = { upToId: null, notifiedAt: null };
    // Two first looks: the second finds the first one's mark.
    expect(await moveTold(sql, tracker, never, { upToId: 5, notifiedAt: null })).toBe(true);
    expect(await moveTold(sql, tracker, never, { upToId: 5, notifiedAt: null })).toBe(false);
    // Two instances about to send for the same new comments: one of them wins.
    const seen = { upToId: 5, notifiedAt: null };
    expect(await moveTold(sql, tracker, seen, { upToId: 9, notifiedAt: clock.now })).toBe(true);
    expect(await moveTold(sql, tracker, seen, { upToId: 9, notifiedAt: clock.now + 1 })).toBe(false);
    const [row] = await sql<{ told_up_to: number; notified_at: Date }[]>`select told_up_to, notified_at from hn_tracker_notices where tracker_id = ${tracker}`;
    expect(row).toEqual({ told_up_to: 9, notified_at: new Date(clock.now) });
  });

  it('tells each owner once when four passes of two instances run at the same moment', async () => {
    // Two instances: two connections on a real server; PGlite has one, which both share.
    const second = database().kind === 'postgres' ? createSql(database().url, { max: 4 }) : database().sql;
    try {
      const other = await watchInstance(second, local, clock);
      const crowd = [];
      for (let i = 0; i < 6; i++) {
        const post = launch();
        const owner = await person(database().sql, endpoint, { pro: true, now: clock.now });
        await track(database().sql, job.threads, owner, post.link);
        crowd.push({ post, owner });
      }
      while ((await job.pass()).checked > 0);
      for (const { post } of crowd) post.comment('zoe');
      later(2 * MINUTE);
      const results = await Promise.all([job.pass(), other.pass(), job.pass(), other.pass()]);
      const more = await job.pass();
      expect(results.reduce((sum, result) => sum + result.pushes, more.pushes)).toBe(6);
      for (const { owner } of crowd) expect(noticesOf(endpoint, owner)).toHaveLength(1);
    } finally {
      if (second !== database().sql) await second.end();
    }
  });
});
