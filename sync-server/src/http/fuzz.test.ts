import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import { createSession } from '../modules/accounts/session-repo.ts';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';
import { FIXTURE_IDS, fixtureItems } from '../testing/local-hn/fixtures.ts';
import { startLocalHn, type LocalHn } from '../testing/local-hn/local-hn.ts';
import { rawRequest, type RawRequest, type RawResponse } from '../testing/raw-http.ts';
import { fillPath, pathParams, productRoutes, type AppRoute } from '../testing/routes.ts';
import { createTestUser, type TestUser } from '../testing/users.ts';

/**
 * Every endpoint of the router table, fed malformed requests: bodies (deep JSON, NUL, half
 * surrogate pairs, huge numbers, `__proto__`, invalid JSON, raw bytes), query strings, path
 * parameters, headers and methods, with no session and with a live one. No answer may be a
 * 5xx, and none may show SQL or a stack.
 *
 * Seeded: CI runs one fixed seed, so the same commit always sends the same requests (a red run
 * is the code's, not the dice's). `FUZZ_SEED=<seed>` replays or explores another run,
 * `FUZZ_SEED=random` draws one, `FUZZ_RUNS=<n>` sets the requests per endpoint and session
 * state (the default keeps the file well under a minute). The seed is printed either way.
 */
const FIXED_SEED = 20_261_124;
const SEED =
  process.env.FUZZ_SEED === undefined ? FIXED_SEED : process.env.FUZZ_SEED === 'random' ? randomInt(2 ** 31) : Number(process.env.FUZZ_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 80);
console.info(`fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);

const routes = productRoutes();
const database = useTestDatabase();
let server: TestServer;
let owner: TestUser;
/** The tracker calls read posts from here, never from the site. */
let localHn: LocalHn;

// ---------------------------------------------------------------- what a leak looks like

const LEAKS: readonly RegExp[] = [
  // A stack frame: "at fn (/path/file.ts:12:3)", "at /path/file.js:1:2", "at node:internal/…".
  /\bat (?:[^\s()]+ \()?(?:\/|file:|node:)[^\s()]*:\d+:\d+/,
  /node_modules/,
  /syntax error at or near/i,
  /invalid input syntax/i,
  /PostgresError/,
  /relation "/,
  /column "/,
  /violates [a-z ]*constraint/i,
  /duplicate key value/i,
  /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /,
];

function problemWith(response: RawResponse): string | null {
  if (response.status >= 500) return `answered ${response.status}`;
  const leak = LEAKS.find((pattern) => pattern.test(response.text));
  return leak === undefined ? null : `leaked ${String(leak)}`;
}

// ---------------------------------------------------------------- JSON, written by hand

/**
 * A JSON tree serialized here rather than by JSON.stringify, so that a body can hold what a
 * JavaScript object cannot: `__proto__` as an own key, the same key twice, and numbers written
 * as digits no double holds (`1e999`, 30-digit integers).
 */
type Json = { readonly number: string } | null | boolean | string | readonly Json[] | { readonly entries: readonly (readonly [string, Json])[] };

function isEntries(value: Json): value is { readonly entries: readonly (readonly [string, Json])[] } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'entries' in value;
}

function writeJson(value: Json): string {
  if (value === null || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(writeJson).join(',')}]`;
  if (isEntries(value)) return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${writeJson(item)}`).join(',')}}`;
  return 'number' in value ? value.number : 'null';
}

/** A plain JavaScript value (the samples below) as a Json tree. */
function toJson(value: unknown): Json {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return { number: JSON.stringify(value) };
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === 'object') return { entries: Object.entries(value).map(([key, item]) => [key, toJson(item)] as const) };
  return null;
}

const nastyStrings = fc.constantFrom(
  '',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\uffff',
  '\u202e',
  '💥',
  "'; drop table users; --",
  '%',
  '../../etc/passwd',
  '2026-02-30',
  '2026-03-01',
  '0000-01-01',
  '99999-01-01',
  '2026-03',
  'me',
  'true',
  '1e999',
  'x'.repeat(5_000),
);

const keys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'date',
    'month',
    'day',
    'year',
    'clientId',
    'mutations',
    'seq',
    'table',
    'key',
    'fields',
    'hlc',
    'deleted',
    'endpoint',
    'keys',
    'email',
    'name',
    'path',
    'id_token',
    'gratitudeOne',
    'state',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const numbers = fc.oneof(
  fc.integer().map(String),
  fc.double().map((value) => (Number.isFinite(value) ? JSON.stringify(value) : '0')),
  fc.constantFrom('0', '-0', '1', '-1', '1.5', '1e308', '1e999', '-1e999', '1e-999', '9007199254740993', '123456789012345678901234567890', '2147483648', '-2147483649'),
).map((number): Json => ({ number }));

const leaves: fc.Arbitrary<Json> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  numbers,
  fc.string({ unit: 'binary', maxLength: 40 }),
  nastyStrings,
);

const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaves,
    fc.array(tie('value'), { maxLength: 6 }),
    fc.array(fc.tuple(keys, tie('value')), { maxLength: 6 }).map((entries): Json => ({ entries })),
  ),
})).value;

/** Hundreds of levels deep, past anything the schemas expect. */
const deep = fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean()).map(([depth, objects]) =>
  objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`,
);

// ---------------------------------------------------------------- near-valid requests

const hlc = formatHlc({ wall: Date.UTC(2026, 2, 1, 12), counter: 0, node: 'fuzz-client' });
const subscriptionKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/**
 * Valid bodies and queries of the endpoints known today, for the fuzz to bend one part at a
 * time (a wholly random body rarely gets past the first check). An endpoint without a sample
 * is still fuzzed with random bodies.
 */
const SAMPLE_BODIES: Readonly<Record<string, readonly unknown[]>> = {
  'POST /api/sync/push': [
    { clientId: 'fuzz-client', mutations: [{ seq: 1, table: 'exercises', key: '2026-03-01', fields: { gratitude: true, gratitudeOne: 'tea' }, hlc }] },
    { clientId: 'fuzz-client', mutations: [{ seq: 2, table: 'profiles', key: 'me', fields: { birthday: '1990-03-01', reminderZone: 'Europe/Paris', streakFreezes: ['2026-03-01'] }, hlc }] },
    { clientId: 'fuzz-client', mutations: [{ seq: 3, table: 'gameProgress', key: 'me', fields: { state: { level: 1 } }, hlc, deleted: false }] },
  ],
  'POST /api/getExercise': [{ date: '2026-03-01' }, { date: '2026-03-01T00:00:00Z' }],
  'POST /api/getMonthExercises': [{ month: '2026-03' }, {}],
  'POST /api/updateExercise': [{ date: '2026-03-01', mortality: true, gratitudeOne: 'rain' }],
  'POST /api/updateBirthday': [{ month: 3, day: 1, year: 1990 }, { month: '2', day: '29', year: '2000' }],
  'POST /api/auth/local': [{ email: 'fuzz@example.com', name: 'Fuzz' }],
  'POST /api/newGoogleSignIn': [{ id_token: 'a.b.c', nonce: 'n' }],
  'POST /api/googleSignin': [{ id_token: 'a.b.c' }],
  'POST /api/events': [{ name: 'page_view', path: '/' }, [{ name: 'page_view', path: '/life' }]],
  'POST /api/addNewTracker': [
    { hnLink: `https://news.ycombinator.com/item?id=${FIXTURE_IDS.launch}` },
    { hnLink: String(FIXTURE_IDS.example) },
    { hnLink: `https://news.ycombinator.com/item?id=${FIXTURE_IDS.deadStory}` },
  ],
  'POST /api/deleteTracker': [{ id: FIXTURE_IDS.example }, { id: '0b5e55ed-0000-4000-8000-00000000beef' }],
  'POST /api/reminders/subscriptions': [
    { endpoint: 'https://push.example.test/fuzz', expirationTime: null, keys: subscriptionKeys },
    { endpoint: 'https://push.example.test/fuzz', keys: subscriptionKeys, purpose: 'hn-comments' },
  ],
  'DELETE /api/reminders/subscriptions': [{ endpoint: 'https://push.example.test/fuzz' }, { endpoint: 'https://push.example.test/fuzz', purpose: 'hn-comments' }],
  // Charges through the local Stripe on the app's own port: every card outcome, and an amount to ignore.
  'POST /api/charge': [
    { name: 'Fuzz', email: 'fuzz@example.com', paymentMethodId: 'pm_card_visa', idempotencyKey: 'fuzz-charge-key-0001' },
    { name: 'Fuzz', email: 'fuzz@example.com', paymentMethodId: 'pm_card_chargeDeclined', idempotencyKey: 'fuzz-charge-key-0002', amount: 1 },
    { name: 'Fuzz', email: 'fuzz@example.com', paymentMethodId: 'pm_card_authenticationRequired', idempotencyKey: 'fuzz-charge-key-0003' },
  ],
  'POST /api/chargeHumanSounds': [
    { name: 'Fuzz', email: 'fuzz@example.com', paymentMethodId: 'pm_card_visa', idempotencyKey: 'fuzz-sounds-key-0001' },
    { name: 'Fuzz', email: 'fuzz@example.com', paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds', idempotencyKey: 'fuzz-sounds-key-0002', amountCents: 1 },
    // A key THE PASS's sample above already used: the other product's order (409).
    { name: 'Fuzz', email: 'fuzz@example.com', paymentMethodId: 'pm_card_visa', idempotencyKey: 'fuzz-charge-key-0001' },
  ],
  // The paid plan through the local Stripe: a card that starts a plan, one that is declined, the calls without a body.
  'POST /api/chargeHNSubscription': [
    { name: 'Fuzz', paymentMethodId: 'pm_card_visa', idempotencyKey: 'fuzz-upgrade-key-0001' },
    { name: 'Fuzz', paymentMethodId: 'pm_card_chargeDeclined', idempotencyKey: 'fuzz-upgrade-key-0002', amount: 1 },
  ],
  'POST /api/billing/checkout': [{}],
  'POST /api/billing/portal': [{ returnTo: 'account' }, { returnTo: 'dashboard' }],
  'POST /api/billing/cancel': [{}],
  'POST /api/billing/resume': [{}],
  // Unsigned (the fuzz cannot sign): every request is refused with 400, never a 5xx. The route
  // takes no session at all, so it is fuzzed for the no-5xx and no-leak rules only.
  'POST /api/payments/webhook': [{ id: 'evt_fuzz', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_fuzz', metadata: { order_id: 'x' } } } }],
};

const SAMPLE_QUERIES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  'GET /api/orders/:id': [['key', 'fuzz-charge-key-0001']],
  'GET /api/reminders/subscriptions/status': [['endpoint', encodeURIComponent('https://push.example.test/fuzz')]],
  'GET /api/sync/pull': [
    ['cursor', '0'],
    ['limit', '10'],
    ['clientId', 'fuzz-client'],
    ['full', 'true'],
  ],
};

/** Every place in a tree, as the list of steps (array index or entry index) that reaches it. */
function placesIn(value: Json, at: readonly number[] = []): (readonly number[])[] {
  const inside = Array.isArray(value)
    ? value.flatMap((item: Json, index) => placesIn(item, [...at, index]))
    : isEntries(value)
      ? value.entries.flatMap(([, item], index) => placesIn(item, [...at, index]))
      : [];
  return [at, ...inside];
}

type Edit = 'replace' | 'remove' | 'add';

/** The tree with the value at `place` replaced, removed, or given a sibling entry. */
function edited(value: Json, place: readonly number[], edit: Edit, key: string, replacement: Json): Json {
  const [step, ...rest] = place;
  if (step === undefined) return edit === 'replace' ? replacement : value;
  const last = rest.length === 0;
  if (Array.isArray(value)) {
    const items: Json[] = [...(value as readonly Json[])];
    const item = items[step] ?? null;
    if (last && edit === 'remove') items.splice(step, 1);
    else if (last && edit === 'add') items.splice(step, 0, replacement);
    else items[step] = edited(item, rest, edit, key, replacement);
    return items;
  }
  if (isEntries(value)) {
    const entries = [...value.entries];
    const entry = entries[step];
    if (entry === undefined) return value;
    if (last && edit === 'remove') entries.splice(step, 1);
    else if (last && edit === 'add') entries.push([key, replacement]);
    else entries[step] = [entry[0], edited(entry[1], rest, edit, key, replacement)];
    return { entries };
  }
  return value;
}

function nearValid(samples: readonly unknown[]): fc.Arbitrary<string> {
  return fc
    .record({
      sample: fc.constantFrom(...samples),
      pick: fc.nat(),
      edits: fc.integer({ min: 1, max: 3 }),
      edit: fc.constantFrom<Edit>('replace', 'replace', 'remove', 'add'),
      key: keys,
      replacement: json,
    })
    .map(({ sample, pick, edits, edit, key, replacement }) => {
      let tree = toJson(sample);
      for (let round = 0; round < edits; round += 1) {
        const places = placesIn(tree).filter((place) => place.length > 0);
        const place = places[(pick + round * 7) % Math.max(places.length, 1)] ?? [];
        tree = edited(tree, place, edit, key, replacement);
      }
      return writeJson(tree);
    });
}

// ---------------------------------------------------------------- the parts of a request

const INVALID_JSON = [
  '{',
  '{"clientId": ',
  '[1,]',
  "{'a': 1}",
  'nul',
  'undefined',
  'NaN',
  '{"a": 1}}',
  '"\\ud800"',
  '"\\u0000"',
  '\u0000',
  '\ufeff{}',
  '{"a": "\\x41"}',
  'a=1&b=2',
  '<?xml version="1.0"?><a/>',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
] as const;

const rawBodies: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom(...INVALID_JSON),
  fc.uint8Array({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  deep,
);

function bodies(route: AppRoute): fc.Arbitrary<string | Uint8Array | undefined> {
  const samples = SAMPLE_BODIES[`${route.method} ${route.path}`];
  const random = json.map(writeJson);
  return fc.oneof(
    fc.constant(undefined),
    random,
    rawBodies,
    ...(samples === undefined ? [] : [nearValid(samples), nearValid(samples)]),
  );
}

/** Query parts: well-formed and not (`%ZZ`, arrays and objects in the `a[b]` syntax, repeats). */
const queryValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }).map((text) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'))),
  fc.constantFrom('', '%', '%ZZ', '%00', '%ED%A0%80', '%C0%AF', '-1', '1.5', '1e999', '9007199254740993', 'NaN', 'Infinity', 'true', '0x10', '+1', '%201', 'x'.repeat(4_000)),
  fc.integer().map(String),
);
const queryKey = fc.oneof(
  fc.constantFrom('cursor', 'limit', 'clientId', 'full', '__proto__', 'constructor', 'cursor[]', 'cursor[a]', 'limit[0]', '', '%ZZ', 'a[b][c]'),
  fc.string({ maxLength: 8 }).map(encodeURIComponent),
);

function queries(route: AppRoute): fc.Arbitrary<string> {
  const samples = SAMPLE_QUERIES[`${route.method} ${route.path}`] ?? [];
  const sampled = fc.subarray([...samples]).map((pairs) => pairs.map(([key, value]) => `${key}=${value}`));
  const random = fc.array(fc.tuple(queryKey, queryValue).map(([key, value]) => `${key}=${value}`), { maxLength: 5 });
  return fc.oneof(fc.constant(''), fc.tuple(sampled, random).map(([some, more]) => `?${[...some, ...more].join('&')}`));
}

const pathValue = fc.oneof(
  fc.constantFrom('2026-03-01', '2026-02-30', '0000-01-01', '%', '%ZZ', '%00', '%2e%2e', '..', '.', '%ED%A0%80', 'me', 'x'.repeat(6_000)),
  // Download tokens: well-formed and unknown, one character short, one not base64url.
  fc.constantFrom('A'.repeat(43), 'A'.repeat(42), `${'A'.repeat(42)}%2B`, `${'A'.repeat(42)}%00`),
  // Post ids: tracked, not tracked, and past what a number holds exactly.
  fc.constantFrom(String(FIXTURE_IDS.launch), String(FIXTURE_IDS.example), '9007199254740993', '0b5e55ed-0000-4000-8000-00000000beef'),
  fc.string({ unit: 'binary', maxLength: 20 }).map((text) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'))),
);

function paths(route: AppRoute): fc.Arbitrary<string> {
  const names = pathParams(route.path);
  const filled = fc.tuple(...names.map(() => pathValue)).map((values) => fillPath(route.path, (name) => values[names.indexOf(name)] ?? ''));
  const tail = fc.constantFrom('', '', '', '/', '//', '/extra', '.json', '%00');
  return fc.tuple(names.length === 0 ? fc.constant(route.path) : filled, tail).map(([path, end]) => `${path}${end}`);
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'] as const;

function methods(route: AppRoute): fc.Arbitrary<string> {
  const own = route.method === 'ALL' ? 'POST' : route.method;
  return fc.oneof({ weight: 4, arbitrary: fc.constant(own) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) });
}

/** Header values node:http will send: tab, printable ASCII and Latin-1. */
const headerText = fc
  .array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(0x09)), { maxLength: 40 })
  .map((codes) => String.fromCharCode(...codes).trim());

const contentTypes = fc.oneof(
  { weight: 3, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset=bogus',
      'APPLICATION/JSON',
      'application/vnd.api+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '*/*',
      'application/json; charset=' + 'x'.repeat(6_000),
    ),
  },
  { weight: 1, arbitrary: headerText },
);

/** Authorization without a live session: absent, malformed, or a token no session holds. */
const deadAuthorizations = fc.oneof(
  fc.constantFrom(
    undefined,
    'bearer x',
    'Bearer',
    'Bearer ',
    'Bearer null',
    'Basic dXNlcjpwYXNz',
    `Bearer ${'A'.repeat(43)}`,
    `Bearer ${'A'.repeat(6_000)}`,
    `Bearer ${'A'.repeat(43)}, Bearer ${'B'.repeat(43)}`,
    'Bearer %00%00%00%00%00%00%00%00%00',
  ),
  headerText,
  headerText.map((text) => `Bearer ${text}`),
);

type WithToken = (token: string) => string;

/** Authorization with the live token, written well and badly. */
const liveAuthorizations: fc.Arbitrary<WithToken> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<WithToken>((token) => `Bearer ${token}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<WithToken>(
      (token) => `bearer ${token}`,
      (token) => `BEARER   ${token}  `,
      (token) => `Bearer ${token}x`,
      (token) => `Bearer ${token.slice(1)}`,
      (token) => `Basic ${token}`,
      (token) => token,
    ),
  },
);

interface Parts {
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly contentType: string | undefined;
  readonly contentEncoding: string | undefined;
  readonly acceptEncoding: string | undefined;
  readonly extra: readonly (readonly [string, string])[];
  readonly body: string | Uint8Array | undefined;
}

function requestParts(route: AppRoute): fc.Arbitrary<Parts> {
  return fc.record({
    method: methods(route),
    path: paths(route),
    query: queries(route),
    contentType: contentTypes,
    contentEncoding: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'bogus') }),
    acceptEncoding: fc.constantFrom(undefined, 'gzip', 'br', 'deflate', 'bogus'),
    extra: fc.array(fc.tuple(fc.constantFrom('x-forwarded-for', 'x-request-id', 'cookie', 'origin', 'range', 'if-none-match', 'expect'), headerText), { maxLength: 2 }),
    body: bodies(route),
  });
}

function toRequest(parts: Parts, authorization: string | undefined): RawRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of parts.extra) {
    // node:http answers `Expect` other than 100-continue itself (417); keep the fuzz on the app.
    if (name !== 'expect') headers[name] = value;
  }
  if (parts.contentType !== undefined) headers['content-type'] = parts.contentType;
  if (parts.contentEncoding !== undefined) headers['content-encoding'] = parts.contentEncoding;
  if (parts.acceptEncoding !== undefined) headers['accept-encoding'] = parts.acceptEncoding;
  if (authorization !== undefined) headers.authorization = authorization;
  return { method: parts.method, path: `${parts.path}${parts.query}`, headers, body: parts.body };
}

function describeRequest(request: RawRequest): string {
  const body = request.body === undefined ? '' : typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('hex');
  return `${request.method} ${request.path.slice(0, 300)} ${JSON.stringify(request.headers).slice(0, 300)} body: ${JSON.stringify(body.slice(0, 500))}`;
}

async function check(request: RawRequest): Promise<void> {
  let response: RawResponse;
  try {
    response = await rawRequest(server.url, request);
  } catch (error) {
    throw new Error(`no answer (${String(error)}) to ${describeRequest(request)}`, { cause: error });
  }
  const problem = problemWith(response);
  if (problem !== null) {
    throw new Error(`${problem} to ${describeRequest(request)}\n${response.text.slice(0, 1_000)}`);
  }
}

// ---------------------------------------------------------------- the runs

beforeAll(async () => {
  localHn = await startLocalHn({ items: fixtureItems() });
  server = await serveApp(database().sql, { HN_API_BASE: localHn.baseUrl });
  owner = await createTestUser(database().sql, 'fuzz.owner@example.test');
  // Something to read and to collide with: a record, a profile, a subscription.
  const seeded = await rawRequest(server.url, {
    method: 'POST',
    path: '/api/sync/push',
    headers: { 'content-type': 'application/json', authorization: owner.authorization },
    body: JSON.stringify(SAMPLE_BODIES['POST /api/sync/push']?.[0]),
  });
  expect(seeded.status).toBe(200);
  const tracked = await rawRequest(server.url, {
    method: 'POST',
    path: '/api/addNewTracker',
    headers: { 'content-type': 'application/json', authorization: owner.authorization },
    body: JSON.stringify({ hnLink: String(FIXTURE_IDS.launch) }),
  });
  expect(tracked.status).toBe(201);
});
afterAll(async () => {
  await server.close();
  await localHn.close();
});

describe('the router table', () => {
  it('lists the endpoints known today (and whatever joins them)', () => {
    const listed = routes.map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(listed).toEqual(
      expect.arrayContaining([
        'POST /api/sync/push',
        'GET /api/sync/pull',
        'GET /api/exercises/:day/versions',
        'POST /api/updateExercise',
        'POST /api/newGoogleSignIn',
        'POST /api/googleSignin',
        'GET /api/refreshUser',
        'POST /api/auth/logout',
        'DELETE /api/reminders/subscriptions',
        'POST /api/chargeHumanSounds',
        'GET /api/humansounds/library/:token',
        'GET /api/humansounds/library/:token/zip',
        'GET /api/humansounds/raised',
        'GET /api/getTrackers',
        'POST /api/addNewTracker',
        'POST /api/deleteTracker',
        'GET /api/getView/:id',
      ]),
    );
  });
});

describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))('fuzzing %s', (_name, route) => {
  const offset = routes.indexOf(route) * 2;

  it('never answers 5xx nor leaks internals without a session', async () => {
    await fc.assert(
      fc.asyncProperty(requestParts(route), deadAuthorizations, async (parts, authorization) => {
        await check(toRequest(parts, authorization));
      }),
      { seed: SEED + offset, numRuns: RUNS },
    );
  });

  it('never answers 5xx nor leaks internals with a live session', async () => {
    await fc.assert(
      fc.asyncProperty(requestParts(route), liveAuthorizations, async (parts, withToken) => {
        // A session of its own for each request: a fuzzed logout must not end the others'.
        const token = await createSession(database().sql, owner.userId);
        await check(toRequest(parts, withToken(token)));
      }),
      { seed: SEED + offset + 1, numRuns: RUNS },
    );
  });

  it.each(INVALID_JSON.map((body) => [JSON.stringify(body).slice(0, 40), body] as const))(
    'answers the body %s with a 4xx or a success, never 5xx',
    async (_body, body) => {
      const token = await createSession(database().sql, owner.userId);
      await check({
        method: route.method === 'ALL' ? 'POST' : route.method,
        path: fillPath(route.path, () => '2026-03-01'),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
    },
  );
});
