import { describe, expect, it } from 'vitest';
import { JOURNAL_TEXT_FIELDS, JOURNAL_TEXT_MAX } from '#core/schemas/records';
import { PULL_PAGE_BYTES, pullResponseSchema, type PullResponse } from '#core/sync/protocol';
import type { TestUser } from '../../testing/users.ts';
import { useAppServer } from './testing/app-server.ts';
import { clockAt } from './testing/http.ts';

const server = useAppServer('pull-bytes');
const { database, newUser } = server;

/** Room for the envelope of a page (keys, clocks, revisions) besides its field data. */
const ENVELOPE_BYTES = 256 * 1024;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The field data of a page as the cap counts it: its journal texts, in UTF-8 bytes. */
function fieldBytes(page: PullResponse): number {
  let bytes = 0;
  for (const change of page.changes) {
    for (const field of JOURNAL_TEXT_FIELDS) {
      const text = change.values[field];
      if (typeof text === 'string') bytes += utf8Bytes(text);
    }
  }
  return bytes;
}

/** Every page from 0 with the default (largest) row limit, with the size of each raw reply. */
async function pullEveryPage(user: TestUser) {
  const pages: { page: PullResponse; replyBytes: number }[] = [];
  let cursor = 0;
  for (let count = 0; count < 100; count += 1) {
    const response = await fetch(`${server.url}/api/sync/pull?cursor=${cursor}`, { headers: { Authorization: user.authorization } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const page = pullResponseSchema.parse(JSON.parse(text));
    pages.push({ page, replyBytes: utf8Bytes(text) });
    if (!page.hasMore) break;
    cursor = page.cursor;
  }
  return pages;
}

/**
 * `days` journal days written straight into the tables (as pushes of long entries would leave
 * them, without paying for the pushes): each day's three texts at the journal bound, in
 * characters of one, two and three UTF-8 bytes, so the cap is seen to count bytes.
 */
async function storeLongDays(user: TestUser, days: number): Promise<void> {
  const { sql } = database();
  const clock = clockAt('seed');
  const clocks = { gratitude_one: clock, gratitude_two: clock, gratitude_three: clock };
  await sql`
    insert into exercises (user_id, day, gratitude_one, gratitude_two, gratitude_three, field_clocks, rev)
    select ${user.userId}, date '2020-01-01' + n, repeat('a', ${JOURNAL_TEXT_MAX}), repeat('é', ${JOURNAL_TEXT_MAX}),
      repeat('字', ${JOURNAL_TEXT_MAX}), ${sql.json(clocks)}, n
    from generate_series(1, ${days}) as n`;
  await sql`insert into user_revisions (user_id, rev) values (${user.userId}, ${days})`;
}

describe('GET /api/sync/pull: pages are bounded in bytes as well as rows', () => {
  it('stops a page before its field data passes the cap, and carries every record exactly once', async () => {
    const user = await newUser();
    const dayBytes = JOURNAL_TEXT_MAX * (1 + 2 + 3);
    const perPage = Math.floor(PULL_PAGE_BYTES / dayBytes);
    const days = 2 * perPage + 10;
    await storeLongDays(user, days);

    const pages = await pullEveryPage(user);
    for (const { page, replyBytes } of pages) {
      expect(fieldBytes(page)).toBeLessThanOrEqual(PULL_PAGE_BYTES);
      expect(replyBytes).toBeLessThanOrEqual(PULL_PAGE_BYTES + ENVELOPE_BYTES);
    }
    expect(pages.map(({ page }) => page.changes.length)).toEqual([perPage, perPage, 10]);
    expect(pages.map(({ page }) => page.hasMore)).toEqual([true, true, false]);
    for (const { page } of pages.slice(0, -1)) expect(page.cursor).toBe(page.changes.at(-1)?.rev);
    expect(pages.at(-1)?.page.cursor).toBe(days);

    const revs = pages.flatMap(({ page }) => page.changes.map((change) => change.rev));
    expect(revs).toEqual(Array.from({ length: days }, (_, index) => index + 1));
    const first = pages[0]?.page.changes[0];
    expect(first?.values).toMatchObject({ gratitudeOne: 'a'.repeat(JOURNAL_TEXT_MAX), gratitudeThree: '字'.repeat(JOURNAL_TEXT_MAX) });
  });

  it('sends a single record bigger than the cap alone, and goes on after it', async () => {
    const user = await newUser();
    await storeLongDays(user, 3);
    // Bigger than any push could make it, to show a page always moves on by one record at least.
    const huge = 'x'.repeat(PULL_PAGE_BYTES + 1);
    await database().sql`update exercises set gratitude_two = ${huge} where user_id = ${user.userId} and rev = 2`;

    const pages = await pullEveryPage(user);
    expect(pages.map(({ page }) => page.changes.map((change) => change.rev))).toEqual([[1], [2], [3]]);
    expect(pages.map(({ page }) => page.hasMore)).toEqual([true, true, false]);
    expect(pages[1]?.page.changes[0]?.values.gratitudeTwo).toBe(huge);
  });
});
