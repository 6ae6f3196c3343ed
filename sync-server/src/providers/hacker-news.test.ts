import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalHn, type LocalHn } from '../testing/local-hn/local-hn.ts';
import { buildThread } from '../testing/local-hn/threads.ts';
import { createHnClient, HnFetchError } from './hacker-news.ts';

const STORY = 77_000_000;
const thread = buildThread({ id: STORY, by: 'op', title: 'Launch', comments: Array.from({ length: 40 }, (_unused, index) => ({ by: `r${index}` })) });
let local: LocalHn;

beforeAll(async () => {
  local = await startLocalHn({ items: thread.items });
});
afterAll(() => local.close());
beforeEach(() => {
  local.resetCounts();
  local.latencyMs = 0;
});

/** Quick retries: the tests wait for the backoff, never for a fixed time of their own. */
const client = (options: { timeoutMs?: number; retries?: number; concurrency?: number } = {}) =>
  createHnClient({ baseUrl: local.baseUrl, backoffMs: 5, timeoutMs: 2_000, ...options });

describe('the site’s API client', () => {
  it('reads an item, and null for an id the site does not have', async () => {
    const hn = client();
    expect(await hn.item(STORY)).toMatchObject({ id: STORY, type: 'story', by: 'op', descendants: 40 });
    expect(await hn.item(STORY + 10_000)).toBeNull();
  });

  it('tries again after 5xx and 429 answers, and gets the item', async () => {
    local.failNext(STORY, 1, 503);
    local.failNext(STORY, 1, 500);
    local.failNext(STORY, 1, 429);
    expect(await client({ retries: 3 }).item(STORY)).toMatchObject({ id: STORY });
    expect(local.requestsFor(STORY)).toBe(4);
  });

  it('gives up after its retries with an error the caller can fall back from', async () => {
    local.failNext(STORY, 3, 500);
    await expect(client({ retries: 2 }).item(STORY)).rejects.toThrow(HnFetchError);
    expect(local.requestsFor(STORY)).toBe(3);
  });

  it('ends a request the site does not answer at its deadline, and tries again', async () => {
    local.failNext(STORY, 1, 'hang');
    expect(await client({ timeoutMs: 150, retries: 1 }).item(STORY)).toMatchObject({ id: STORY });
    expect(local.requestsFor(STORY)).toBe(2);
  });

  it('refuses, without retrying, an answer that is not the item asked for', async () => {
    // A base ending in '#' makes every request ask for the story (the rest is a fragment).
    const misdirected = createHnClient({ baseUrl: `${local.baseUrl}/item/${STORY}.json#`, backoffMs: 5 });
    await expect(misdirected.item(STORY + 1)).rejects.toThrow(HnFetchError);
    expect(local.requestsFor(STORY)).toBe(1);
  });

  it('shares one request between callers asking for the same item at once', async () => {
    local.latencyMs = 30;
    const hn = client();
    const answers = await Promise.all([hn.item(STORY), hn.item(STORY), hn.item(STORY)]);
    expect(answers.map((item) => item?.id)).toEqual([STORY, STORY, STORY]);
    expect(local.requestsFor(STORY)).toBe(1);
    // Once answered, the next ask is a new request (caching is the caller's, with its own rules).
    await hn.item(STORY);
    expect(local.requestsFor(STORY)).toBe(2);
  });

  it('keeps at most `concurrency` requests in the air', async () => {
    local.latencyMs = 20;
    const hn = client({ concurrency: 5 });
    const ids = thread.items.map((item) => item.id);
    const items = await Promise.all(ids.map((id) => hn.item(id)));
    expect(items.every((item) => item !== null)).toBe(true);
    expect(local.maxConcurrent()).toBe(5);
  });
});
