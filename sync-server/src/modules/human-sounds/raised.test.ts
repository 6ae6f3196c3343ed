import { afterAll, beforeAll, expect, it } from 'vitest';
import { HUMAN_SOUNDS_MATCH_LIMIT_CENTS, PRICES_CENTS } from '#core/plans/prices';
import { charityRaisedSchema, type CharityRaised } from '#core/schemas/human-sounds';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';

/** What the library has raised: the paid library orders only, and the owner's match up to its limit. */
const database = useTestDatabase();
let server: TestServer;

beforeAll(async () => {
  server = await serveApp(database().sql);
});
afterAll(() => server.close());

async function raised(): Promise<{ body: CharityRaised; cacheControl: string | null }> {
  const response = await fetch(`${server.url}/api/humansounds/raised`);
  expect(response.status).toBe(200);
  return { body: charityRaisedSchema.parse(await response.json()), cacheControl: response.headers.get('cache-control') };
}

let orders = 0;
async function addOrders(count: number, kind: 'sounds' | 'pass', status: string): Promise<void> {
  const amount = kind === 'sounds' ? PRICES_CENTS.humanSounds : PRICES_CENTS.pass;
  orders += count;
  await database().sql`
    insert into orders (kind, amount_cents, email, provider, idempotency_key, status)
    select ${kind}, ${amount}, 'buyer@example.test', 'test', ${`raised-${orders}-`} || n, ${status}
    from generate_series(1, ${count}) as n`;
}

it('starts at nothing, counts paid library sales only, and matches them up to USD 1,000 in total', async () => {
  const first = await raised();
  expect(first.body).toMatchObject({ salesCents: 0, matchCents: 0, totalCents: 0, matchLimitCents: HUMAN_SOUNDS_MATCH_LIMIT_CENTS });
  expect(Number.isNaN(Date.parse(first.body.asOf))).toBe(false);
  expect(first.cacheControl).toBe('public, max-age=60');

  await addOrders(3, 'sounds', 'succeeded');
  // None of these count: refunded, unpaid, failed, and another product.
  await addOrders(1, 'sounds', 'refunded');
  await addOrders(1, 'sounds', 'pending');
  await addOrders(1, 'sounds', 'failed');
  await addOrders(2, 'pass', 'succeeded');
  expect((await raised()).body).toMatchObject({ salesCents: 1_500, matchCents: 1_500, totalCents: 3_000 });

  // 200 sales make USD 1,000: the match is full; past it, sales still count and the match stays.
  await addOrders(197, 'sounds', 'succeeded');
  expect((await raised()).body).toMatchObject({ salesCents: 100_000, matchCents: 100_000, totalCents: 200_000 });
  await addOrders(2, 'sounds', 'succeeded');
  expect((await raised()).body).toMatchObject({ salesCents: 101_000, matchCents: 100_000, totalCents: 201_000 });
});
