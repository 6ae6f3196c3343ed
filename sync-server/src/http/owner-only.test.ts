import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { formatHlc } from '#core/sync/hlc';
import { createSession } from '../modules/accounts/session-repo.ts';
import { mintDownloadToken } from '../modules/human-sounds/download-token.ts';
import { makeAudioDir, type AudioDir } from '../modules/human-sounds/testing.ts';
import { expertFields, onboard } from '../modules/experts/testing.ts';
import { hashSessionToken } from '../modules/accounts/session-token.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from '../modules/payments/testing.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { FIXTURE_IDS, fixtureItems } from '../testing/local-hn/fixtures.ts';
import { startLocalHn, type LocalHn } from '../testing/local-hn/local-hn.ts';
import { rawRequest, type RawResponse } from '../testing/raw-http.ts';
import { fillPath, productRoutes } from '../testing/routes.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

/**
 * Owner only, endpoint by endpoint: every endpoint that needs a session works for its owner,
 * shows a second account nothing of the owner's and lets it change none of the owner's rows
 * (checked in SQL, over every table with a user_id), and refuses a missing, revoked or expired
 * session. The endpoints come from the router table: one that needs a session and has no row
 * below fails the first test.
 */
const database = useTestDatabase();
let server: TestServer;
/** Webhooks move only when delivered: no event of the owner's may land during another caller's check. */
let app: PaymentsServer;
let owner: TestUser;
let other: TestUser;
let audio: AudioDir;
let localHn: LocalHn;
/** The owner's tracker of the launch post; a tombstone of the example post stays beside it. */
let ownerTrackerId = '';

const DAY = '2026-03-01';
const OWNERS_OTHER_DAY = '2026-03-02';
const SEEDED_ENDPOINT = 'https://push.example.test/owner-seeded';
const subscriptionKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};
const BASE = Date.now();
const hlc = (node: string, offset: number) => formatHlc({ wall: BASE + offset, counter: 0, node });

/** What the owner holds, none of which may appear in an answer to anyone else. */
/** The owner's paid order of THE PASS (seeded in SQL: a charge is tested in modules/payments). */
const OWNER_ORDER_ID = '0b5e55ed-0000-4000-8000-00000000beef';
/** The owner's paid plan lives on a test clock of its own: its period end is a date nobody else has. */
const OWNER_PLAN_START = Date.UTC(2031, 6, 9, 7, 7) / 1000;
const OWNER_PLAN_END = '2031-08-09T07:07:00.000Z';
const OWNER_UPGRADE_KEY = newIdempotencyKey();
const billingIds: string[] = [];
/** The owner's expert page, its payment account and a visitor's paid booking (seeded through the API). */
const OWNER_PAGE = expertFields('OwnerMatrixPage', { yourName: 'Owner Matrix' });
const OWNER_BOOKER = 'owner.booker@example.test';
let ownerAccountId = '';
let ownerBookingId = '';
const SECRETS = [OWNER_BOOKER, OWNER_ORDER_ID, 'owner-secret-text', 'owner-kept-secret', 'owner-game-secret', '1971-07-09', 'owner.matrix@example.test', SEEDED_ENDPOINT, OWNER_PLAN_END];

type Caller = 'owner' | 'other';

interface Call {
  /** The path with its query, parameters filled in. */
  readonly path: string;
  readonly body?: unknown;
}

interface Row {
  readonly name: string;
  /** `METHOD /path` as the router table lists it. */
  readonly endpoint: string;
  /** The request each caller makes, aimed at the owner's records, device and subscription. */
  readonly call: (caller: Caller, n: number) => Call;
  /** The owner's status. */
  readonly works: number;
  /** The secret an owner's answer shows, for the reads. */
  readonly shows?: string;
  /** The status without a live session: 400 for the first version's record calls (require-user.ts). */
  readonly refused: 400 | 401;
}

const pushOne = (clientId: string, seq: number, offset: number, fields: Record<string, unknown>, table = 'exercises', key = DAY) => ({
  clientId,
  mutations: [{ seq, table, key, fields, hlc: hlc(clientId, offset) }],
});

const ROWS: readonly Row[] = [
  {
    name: 'the plan',
    endpoint: 'GET /api/billing/subscription',
    call: () => ({ path: '/api/billing/subscription' }),
    works: 200,
    shows: OWNER_PLAN_END,
    refused: 401,
  },
  {
    name: 'the owner’s checkout (another account is told there is no such checkout)',
    endpoint: 'GET /api/billing/checkout/:sessionId',
    call: () => ({ path: `/api/billing/checkout/${billingIds[0] ?? ''}` }),
    works: 200,
    shows: OWNER_PLAN_END,
    refused: 401,
  },
  {
    name: 'a hosted checkout (the owner is Pro already and is told so)',
    endpoint: 'POST /api/billing/checkout',
    call: () => ({ path: '/api/billing/checkout', body: {} }),
    works: 409,
    refused: 401,
  },
  { name: 'the billing portal', endpoint: 'POST /api/billing/portal', call: () => ({ path: '/api/billing/portal', body: {} }), works: 200, refused: 401 },
  { name: 'cancelling the plan', endpoint: 'POST /api/billing/cancel', call: () => ({ path: '/api/billing/cancel', body: {} }), works: 200, refused: 401 },
  { name: 'undoing a cancellation', endpoint: 'POST /api/billing/resume', call: () => ({ path: '/api/billing/resume', body: {} }), works: 200, refused: 401 },
  {
    name: 'upgrading from /hnupgrade with the owner’s checkout key',
    endpoint: 'POST /api/chargeHNSubscription',
    call: () => ({ path: '/api/chargeHNSubscription', body: { name: 'Owner', paymentMethodId: 'pm_card_visa', idempotencyKey: OWNER_UPGRADE_KEY } }),
    works: 200,
    refused: 400,
  },
  {
    name: 'the account’s purchases',
    endpoint: 'GET /api/account/purchases',
    call: () => ({ path: '/api/account/purchases' }),
    works: 200,
    shows: OWNER_ORDER_ID,
    refused: 401,
  },
  {
    name: 'sync push onto the owner’s device id',
    endpoint: 'POST /api/sync/push',
    call: (caller, n) => ({
      path: '/api/sync/push',
      body:
        caller === 'owner'
          ? pushOne(`owner-push-${n}`, 1, n, { gratitudeTwo: 'owner again' }, 'exercises', OWNERS_OTHER_DAY)
          : pushOne('owner-device', 2, 60_000, { gratitudeOne: 'overwritten' }),
    }),
    works: 200,
    refused: 401,
  },
  {
    name: 'sync push of the owner’s day and profile from a device of one’s own',
    endpoint: 'POST /api/sync/push',
    call: (caller, n) => ({
      path: '/api/sync/push',
      body: {
        clientId: `${caller}-own-device-${n}`,
        mutations: [
          { seq: 1, table: 'exercises', key: caller === 'owner' ? OWNERS_OTHER_DAY : DAY, fields: { gratitudeOne: `${caller} text` }, hlc: hlc('z', 60_000) },
          { seq: 2, table: 'profiles', key: 'me', fields: { reminderZone: 'Asia/Tokyo' }, hlc: hlc('z', 60_000) },
          // The owner's game progress stays as seeded: the pull below shows it.
          ...(caller === 'other' ? [{ seq: 3, table: 'gameProgress', key: 'me', fields: { state: { level: 99 } }, deleted: true, hlc: hlc('z', 60_000) }] : []),
        ],
      },
    }),
    works: 200,
    refused: 401,
  },
  {
    name: 'sync pull, naming the owner’s device',
    endpoint: 'GET /api/sync/pull',
    call: () => ({ path: '/api/sync/pull?cursor=0&clientId=owner-device' }),
    works: 200,
    shows: 'owner-secret-text',
    refused: 401,
  },
  {
    name: 'sync pull of everything',
    endpoint: 'GET /api/sync/pull',
    call: () => ({ path: '/api/sync/pull?cursor=0&full=true' }),
    works: 200,
    shows: 'owner-game-secret',
    refused: 401,
  },
  {
    name: 'kept versions of the owner’s day',
    endpoint: 'GET /api/exercises/:day/versions',
    call: () => ({ path: `/api/exercises/${DAY}/versions` }),
    works: 200,
    shows: 'owner-kept-secret',
    refused: 401,
  },
  { name: 'getExercise', endpoint: 'POST /api/getExercise', call: () => ({ path: '/api/getExercise', body: { date: DAY } }), works: 200, shows: 'owner-secret-text', refused: 400 },
  {
    name: 'getMonthExercises',
    endpoint: 'POST /api/getMonthExercises',
    call: () => ({ path: '/api/getMonthExercises', body: { month: DAY.slice(0, 7) } }),
    works: 200,
    shows: 'owner-secret-text',
    refused: 400,
  },
  {
    name: 'updateExercise of the owner’s day',
    endpoint: 'POST /api/updateExercise',
    call: (caller) => ({ path: '/api/updateExercise', body: { date: caller === 'owner' ? OWNERS_OTHER_DAY : DAY, gratitudeOne: 'overwritten', mortality: true } }),
    works: 200,
    refused: 400,
  },
  {
    name: 'updateBirthday',
    endpoint: 'POST /api/updateBirthday',
    call: (caller) => ({ path: '/api/updateBirthday', body: caller === 'owner' ? { month: 7, day: 9, year: 1971 } : { month: 1, day: 2, year: 2000 } }),
    works: 200,
    shows: '1971-07-09',
    refused: 400,
  },
  { name: 'refreshUser (GET)', endpoint: 'GET /api/refreshUser', call: () => ({ path: '/api/refreshUser' }), works: 200, shows: 'owner.matrix@example.test', refused: 400 },
  { name: 'refreshUser (POST)', endpoint: 'POST /api/refreshUser', call: () => ({ path: '/api/refreshUser', body: {} }), works: 200, shows: 'owner.matrix@example.test', refused: 400 },
  { name: 'the tracker list', endpoint: 'GET /api/getTrackers', call: () => ({ path: '/api/getTrackers' }), works: 200, shows: `item?id=${FIXTURE_IDS.launch}`, refused: 400 },
  {
    name: 'adding a tracker (the owner’s post again; another post for the other)',
    endpoint: 'POST /api/addNewTracker',
    call: (caller) => ({ path: '/api/addNewTracker', body: { hnLink: String(caller === 'owner' ? FIXTURE_IDS.launch : FIXTURE_IDS.example) } }),
    works: 200,
    refused: 400,
  },
  {
    name: 'deleting the owner’s tracker',
    endpoint: 'POST /api/deleteTracker',
    call: (caller) => ({ path: '/api/deleteTracker', body: { id: caller === 'owner' ? FIXTURE_IDS.example : ownerTrackerId } }),
    works: 200,
    refused: 400,
  },
  {
    name: 'the view of the owner’s tracker',
    endpoint: 'GET /api/getView/:id',
    call: (caller) => ({ path: `/api/getView/${caller === 'owner' ? FIXTURE_IDS.launch : ownerTrackerId}` }),
    works: 200,
    shows: 'launchfounder',
    refused: 400,
  },
  { name: 'logout', endpoint: 'POST /api/auth/logout', call: () => ({ path: '/api/auth/logout' }), works: 204, refused: 401 },
  {
    name: 'a reminder subscription of one’s own browser',
    endpoint: 'POST /api/reminders/subscriptions',
    call: (caller, n) => ({ path: '/api/reminders/subscriptions', body: { endpoint: `https://push.example.test/${caller}-${n}`, expirationTime: null, keys: subscriptionKeys } }),
    works: 201,
    refused: 401,
  },
  {
    name: 'removing the owner’s subscription',
    endpoint: 'DELETE /api/reminders/subscriptions',
    call: (caller, n) => ({ path: '/api/reminders/subscriptions', body: { endpoint: caller === 'owner' ? `https://push.example.test/gone-${n}` : SEEDED_ENDPOINT } }),
    works: 200,
    refused: 401,
  },
  { name: 'the expert dashboard', endpoint: 'GET /api/expert/dashboard', call: () => ({ path: '/api/expert/dashboard' }), works: 200, shows: '"stripeAccountId":"acct_', refused: 401 },
  {
    name: 'checking the owner’s site name (free for the owner, taken for another)',
    endpoint: 'GET /api/expert/checkSiteName/:siteName',
    call: () => ({ path: `/api/expert/checkSiteName/${OWNER_PAGE.siteName}` }),
    works: 200,
    shows: '"alreadyExists":false',
    refused: 401,
  },
  {
    name: 'adding an expert page with the owner’s name (the owner’s retry; another is refused)',
    endpoint: 'POST /api/addExpert',
    call: () => ({ path: '/api/addExpert', body: OWNER_PAGE }),
    works: 200,
    shows: '"stripeAccountId":"acct_',
    refused: 401,
  },
  {
    name: 'updating the expert page',
    endpoint: 'POST /api/updateExpert',
    call: (caller) => ({ path: '/api/updateExpert', body: caller === 'owner' ? OWNER_PAGE : { ...OWNER_PAGE, yourBio: 'overwritten' } }),
    works: 200,
    refused: 401,
  },
  {
    name: 'the owner’s payment account',
    endpoint: 'GET /api/expert/stripeInfo/:stripeAccountId',
    call: () => ({ path: `/api/expert/stripeInfo/${ownerAccountId}` }),
    works: 200,
    shows: '"charges_enabled":true',
    refused: 401,
  },
  { name: 'setting up a payment account', endpoint: 'POST /api/createStripeAccount', call: () => ({ path: '/api/createStripeAccount', body: {} }), works: 200, shows: '"chargesEnabled":true', refused: 401 },
  {
    name: 'an onboarding link for the owner’s account',
    endpoint: 'POST /api/createAccountLink',
    call: () => ({ path: '/api/createAccountLink', body: { stripeAccountId: ownerAccountId } }),
    works: 200,
    refused: 401,
  },
  { name: 'the expert’s bookings', endpoint: 'GET /api/expert/bookings', call: () => ({ path: '/api/expert/bookings' }), works: 200, shows: OWNER_BOOKER, refused: 401 },
  {
    name: 'marking the owner’s booking scheduled',
    endpoint: 'POST /api/expert/bookings/:id/schedule',
    call: () => ({ path: `/api/expert/bookings/${ownerBookingId}/schedule`, body: {} }),
    works: 200,
    refused: 401,
  },
  {
    name: 'refunding the owner’s booking',
    endpoint: 'POST /api/expert/bookings/:id/refund',
    call: () => ({ path: `/api/expert/bookings/${ownerBookingId}/refund`, body: {} }),
    works: 200,
    refused: 401,
  },
  {
    name: 'what one of the owner’s browsers takes',
    endpoint: 'GET /api/reminders/subscriptions/status',
    call: () => ({ path: `/api/reminders/subscriptions/status?endpoint=${encodeURIComponent(SEEDED_ENDPOINT)}` }),
    works: 200,
    shows: '"saved":true',
    refused: 401,
  },
];

const methodOf = (row: Row) => row.endpoint.split(' ')[0] ?? 'GET';
let calls = 0;

async function send(row: Row, caller: Caller, authorization: string | undefined): Promise<RawResponse> {
  calls += 1;
  const { path, body } = row.call(caller, calls);
  return rawRequest(server.url, {
    method: methodOf(row),
    path,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(authorization === undefined ? {} : { authorization }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Every row of the owner's, in every table with a user_id, and the owner's users row. */
async function ownersRows(): Promise<string[]> {
  const { sql } = database();
  const tables = await sql<{ table_name: string }[]>`
    select table_name from information_schema.columns
    where column_name = 'user_id' and table_schema = current_schema()
    order by table_name
  `;
  const rows: string[] = [];
  for (const { table_name: table } of tables) {
    const found = await sql<{ row: string }[]>`
      select ${table} || ' ' || to_jsonb(t)::text as row from ${sql(table)} t where user_id = ${owner.userId} order by 1
    `;
    rows.push(...found.map(({ row }) => row));
  }
  const [user] = await sql<{ row: string }[]>`select to_jsonb(u)::text as row from users u where id = ${owner.userId}`;
  return user === undefined ? rows : [...rows, user.row];
}

async function ownerSession(): Promise<string> {
  return `Bearer ${await createSession(database().sql, owner.userId)}`;
}

async function expectSeeded(path: string, body: unknown, status: number): Promise<void> {
  const response = await rawRequest(server.url, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', authorization: owner.authorization },
    body: JSON.stringify(body),
  });
  expect(response.status, response.text).toBe(status);
}

beforeAll(async () => {
  audio = await makeAudioDir();
  localHn = await startLocalHn({ items: fixtureItems() });
  app = await servePayments(database().sql, { HUMAN_SOUNDS_AUDIO_DIR: audio.dir, HN_API_BASE: localHn.baseUrl });
  server = app.server;
  owner = await createTestUser(database().sql, 'owner.matrix@example.test');
  other = await createTestUser(database().sql, 'other.matrix@example.test');
  // The owner's day, written from two devices: the older text is kept as a version.
  await expectSeeded('/api/sync/push', pushOne('owner-device', 1, 1_000, { gratitudeOne: 'owner-secret-text', gratitude: true }), 200);
  await expectSeeded('/api/sync/push', pushOne('owner-device-2', 1, 0, { gratitudeOne: 'owner-kept-secret' }), 200);
  await expectSeeded('/api/sync/push', pushOne('owner-device-2', 2, 0, { state: { note: 'owner-game-secret' } }, 'gameProgress', 'me'), 200);
  await expectSeeded('/api/updateBirthday', { month: 7, day: 9, year: 1971 }, 200);
  await expectSeeded('/api/reminders/subscriptions', { endpoint: SEEDED_ENDPOINT, expirationTime: null, keys: subscriptionKeys }, 201);
  await database().sql`
    insert into orders (id, kind, amount_cents, email, name, user_id, provider, idempotency_key, status)
    values (${OWNER_ORDER_ID}, 'pass', 2000, ${owner.email}, 'Owner', ${owner.userId}, 'test', 'owner-pass-order-key-1', 'succeeded')`;
  await expectSeeded('/api/addNewTracker', { hnLink: String(FIXTURE_IDS.example) }, 201);
  await expectSeeded('/api/deleteTracker', { id: FIXTURE_IDS.example }, 200);
  await expectSeeded('/api/addNewTracker', { hnLink: String(FIXTURE_IDS.launch) }, 201);
  const [tracker] = await database().sql<{ id: string }[]>`select id from trackers where user_id = ${owner.userId} and not deleted`;
  ownerTrackerId = tracker?.id ?? '';
  // The owner's paid plan: a customer on a test clock, a checkout opened, then Pro from /hnupgrade.
  const clock = await app.stripe.testHelpers.testClocks.create({ frozen_time: OWNER_PLAN_START });
  const customer = await app.stripe.customers.create({ email: owner.email, test_clock: clock.id });
  await database().sql`insert into billing_customers (user_id, provider, provider_customer_id) values (${owner.userId}, 'test', ${customer.id})`;
  await expectSeeded('/api/billing/checkout', {}, 200);
  await expectSeeded('/api/chargeHNSubscription', { name: 'Owner', paymentMethodId: 'pm_card_visa', idempotencyKey: OWNER_UPGRADE_KEY }, 200);
  await app.deliverWebhooks();
  const [checkout] = await database().sql<{ session_id: string }[]>`select session_id from billing_checkouts where user_id = ${owner.userId}`;
  const [plan] = await database().sql<{ provider_subscription_id: string }[]>`select provider_subscription_id from subscriptions where user_id = ${owner.userId}`;
  billingIds.push(checkout?.session_id ?? 'none', plan?.provider_subscription_id ?? 'none', customer.id);
  // The owner's expert page, onboarded on the local Stripe, and a visitor's paid hour.
  await expectSeeded('/api/addExpert', OWNER_PAGE, 201);
  await onboard(app, owner);
  await app.deliverWebhooks();
  const booked = await rawRequest(server.url, {
    method: 'POST',
    path: `/api/expert/getPaymentIntent/${OWNER_PAGE.siteName}`,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Owner Booker', email: OWNER_BOOKER, paymentMethodId: 'pm_card_visa', idempotencyKey: newIdempotencyKey() }),
  });
  expect(booked.status, booked.text).toBe(200);
  await app.deliverWebhooks();
  const [expertRow] = await database().sql<{ stripe_account_id: string; booking_id: string }[]>`
    select e.stripe_account_id, b.id as booking_id from experts e join bookings b on b.expert_id = e.id where e.user_id = ${owner.userId}`;
  ownerAccountId = expertRow?.stripe_account_id ?? 'none';
  ownerBookingId = expertRow?.booking_id ?? 'none';
  billingIds.push(ownerAccountId);
});
afterAll(async () => {
  await app.close();
  await localHn.close();
  await audio.remove();
});

describe('the table covers the router table', () => {
  it('has a row for every endpoint that refuses a request without a session, and no row for any other', async () => {
    const needSession: string[] = [];
    for (const route of productRoutes()) {
      const response = await rawRequest(server.url, {
        method: route.method,
        path: fillPath(route.path, () => DAY),
        headers: { 'content-type': 'application/json' },
        body: route.method === 'GET' ? undefined : '{}',
      });
      if (response.text.includes('"INVALID_TOKEN"')) needSession.push(`${route.method} ${route.path}`);
    }
    expect(needSession.length).toBeGreaterThanOrEqual(11);
    // The SQL check below sees the owner's rows in every kind of table the calls touch.
    const tables = new Set((await ownersRows()).map((row) => row.split(' ')[0]));
    expect([...tables]).toEqual(
      expect.arrayContaining([
        'exercises',
        'journal_versions',
        'profiles',
        'game_progress',
        'push_subscriptions',
        'sessions',
        'sync_clients',
        'trackers',
        'billing_customers',
        'billing_checkouts',
        'billing_invoices',
        'subscriptions',
      ]),
    );
    expect([...new Set(ROWS.map((row) => row.endpoint))].sort()).toEqual(needSession.sort());
  });
});

describe.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
  it('works for the owner', async () => {
    const response = await send(row, 'owner', await ownerSession());
    expect(response.status, response.text).toBe(row.works);
    if (row.shows !== undefined) expect(response.text).toContain(row.shows);
  });

  it('shows another account none of the owner’s data and changes none of the owner’s rows', async () => {
    const authorization = `Bearer ${await createSession(database().sql, other.userId)}`;
    const before = await ownersRows();
    const response = await send(row, 'other', authorization);
    expect(response.status, response.text).toBeLessThan(500);
    for (const secret of [...SECRETS, ...billingIds, owner.userId, ownerTrackerId]) expect(response.text).not.toContain(secret);
    expect(await ownersRows()).toEqual(before);
  });

  type Authorize = () => Promise<string | undefined>;
  const deadSessions: readonly (readonly [string, Authorize])[] = [
    ['no session', () => Promise.resolve(undefined)],
    ['a malformed token', () => Promise.resolve('bearer x')],
    [
      'a revoked session',
      async () => {
        const authorization = await ownerSession();
        const out = await rawRequest(server.url, { method: 'POST', path: '/api/auth/logout', headers: { authorization } });
        expect(out.status).toBe(204);
        return authorization;
      },
    ],
    [
      'an expired session',
      async () => {
        const token = await createSession(database().sql, owner.userId);
        await database().sql`
          update sessions set created_at = now() - interval '91 days', expires_at = now() - interval '1 second'
          where token_hash = ${hashSessionToken(token)}
        `;
        return `Bearer ${token}`;
      },
    ],
  ];

  it.each(deadSessions)('refuses %s with INVALID_TOKEN, changing nothing', async (_case, authorize) => {
    const authorization = await authorize();
    const before = await ownersRows();
    const response = await send(row, 'owner', authorization);
    expect(response.status, response.text).toBe(row.refused);
    expect(apiErrorBodySchema.parse(JSON.parse(response.text)).error).toBe('INVALID_TOKEN');
    expect(await ownersRows()).toEqual(before);
  });
});

/**
 * The Human Sounds library needs no session: its download token is the buyer's proof. Each
 * endpoint opened by a token shows a purchase only to the holder of one of its tokens; a session,
 * the owner's included, opens nothing without one.
 */
describe('endpoints opened by a download token instead of a session', () => {
  const TOKEN_ROWS = [
    { endpoint: 'GET /api/humansounds/library/:token', path: (token: string) => `/api/humansounds/library/${token}`, type: 'application/json' },
    { endpoint: 'GET /api/humansounds/library/:token/zip', path: (token: string) => `/api/humansounds/library/${token}/zip`, type: 'application/zip' },
  ];
  const UNKNOWN_TOKEN = 'U'.repeat(43);
  let ownerToken: string;
  let otherToken: string;

  async function soundsOrder(user: TestUser, key: string): Promise<string> {
    const [order] = await database().sql<{ id: string }[]>`
      insert into orders (kind, amount_cents, email, name, user_id, provider, idempotency_key, status)
      values ('sounds', 500, ${user.email}, 'Listener', ${user.userId}, 'test', ${key}, 'succeeded') returning id`;
    return mintDownloadToken(database().sql, order?.id ?? '');
  }

  beforeAll(async () => {
    ownerToken = await soundsOrder(owner, 'owner-sounds-order-key-1');
    otherToken = await soundsOrder(other, 'other-sounds-order-key-1');
  });

  it('has a row for every endpoint with a :token in its path', () => {
    const withToken = productRoutes().filter((route) => route.path.includes(':token')).map((route) => `${route.method} ${route.path}`);
    expect(withToken.sort()).toEqual(TOKEN_ROWS.map((row) => row.endpoint).sort());
  });

  describe.each(TOKEN_ROWS.map((row) => [row.endpoint, row] as const))('%s', (_name, row) => {
    const get = (token: string, authorization?: string) =>
      rawRequest(server.url, { method: 'GET', path: row.path(token), headers: { accept: 'application/json', ...(authorization === undefined ? {} : { authorization }) } });

    it('opens the owner’s purchase with the owner’s token', async () => {
      const response = await get(ownerToken);
      expect(response.status, response.text).toBe(200);
      expect(response.headers['content-type']).toContain(row.type);
      if (row.type === 'application/json') expect(response.text).toContain(owner.email);
    });

    it('shows another buyer only their own purchase, and changes none of the owner’s rows', async () => {
      const before = await ownersRows();
      const response = await get(otherToken, `Bearer ${await createSession(database().sql, other.userId)}`);
      expect(response.status, response.text).toBe(200);
      for (const secret of [...SECRETS, owner.userId, ownerToken]) expect(response.text).not.toContain(secret);
      expect(await ownersRows()).toEqual(before);
    });

    it('opens nothing for a session without a token, the owner’s own included', async () => {
      for (const authorization of [await ownerSession(), `Bearer ${await createSession(database().sql, other.userId)}`]) {
        const response = await get(UNKNOWN_TOKEN, authorization);
        expect(response.status).toBe(404);
        expect(apiErrorBodySchema.parse(JSON.parse(response.text)).error).toBe('NOT_FOUND');
        for (const secret of [...SECRETS, owner.userId]) expect(response.text).not.toContain(secret);
      }
    });
  });
});
