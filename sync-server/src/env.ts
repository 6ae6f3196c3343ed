import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths in the configuration are resolved against it. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const DEFAULT_HN_API_BASE = 'https://hacker-news.firebaseio.com/v0';
/** Google's public signing keys for ID tokens (a JSON Web Key Set). */
export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

export type DatabaseConfig =
  | { readonly mode: 'postgres'; readonly url: string }
  | { readonly mode: 'embedded'; readonly dir: string };

export type SignInConfig =
  | { readonly mode: 'google'; readonly googleClientId: string; readonly googleJwksUrl: string }
  | { readonly mode: 'local' };

export type PaymentsConfig =
  | { readonly mode: 'stripe'; readonly secretKey: string; readonly publishableKey: string; readonly webhookSecret: string }
  /** `allowInProduction`: ALLOW_TEST_PAYMENTS, checked again by the local Stripe itself. */
  | { readonly mode: 'test'; readonly allowInProduction: boolean };

export type MailConfig = { readonly mode: 'smtp'; readonly url: string } | { readonly mode: 'outbox' };

export interface PushConfig {
  /** Configured VAPID keys; null means: generate a pair on first start and keep it in the database. */
  readonly vapidKeys: { readonly publicKey: string; readonly privateKey: string } | null;
  readonly subject: string | null;
  /**
   * Tests only: push endpoints on this machine (http, loopback addresses) may be saved and sent
   * to. Refused in production; private networks stay refused either way.
   */
  readonly allowLoopbackEndpoints: boolean;
}

/** How many requests one key may make in a window; the windows are fixed, the counts configurable. */
export interface RateLimitsConfig {
  /** Sign-ins from one client address per 15 minutes (an office behind one address counts once). */
  readonly signInPerClient: number;
  /** Sign-ins as one e-mail address per 15 minutes. */
  readonly signInPerEmail: number;
  /** Analytics events from one client address per hour. */
  readonly eventsPerClient: number;
  /** Charge attempts from one client address per hour (card testing runs through endpoints like this). */
  readonly chargesPerClient: number;
}

export interface Env {
  readonly nodeEnv: NodeEnv;
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly logLevel: LogLevel;
  readonly dataDir: string;
  readonly publicDir: string;
  readonly database: DatabaseConfig;
  readonly signIn: SignInConfig;
  readonly payments: PaymentsConfig;
  readonly mail: MailConfig;
  readonly push: PushConfig;
  readonly hnApiBase: string;
  readonly rateLimits: RateLimitsConfig;
  /** Where people open the app (`https://memento.example`): links in e-mails are made with it. */
  readonly publicOrigin: string;
  /** The Human Sounds MP3s the paid zip is made of (`{id}.mp3`, catalogue order in pwa/core). */
  readonly humanSoundsAudioDir: string;
  readonly somethingNew: SomethingNewConfig;
}

export interface SomethingNewConfig {
  /** The operator's founder profiles; when no file is there, the fictional sample that ships is shown. */
  readonly csvPath: string;
  /** Where 'Buy Dataset' leads; null: to the contact e-mail. */
  readonly datasetUrl: string | null;
}

/** Thrown by `loadEnv` with every problem found, so one start shows them all. */
export class EnvError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

const VARIABLES = [
  'PORT',
  'HOST',
  'NODE_ENV',
  'DATABASE_URL',
  'DATA_DIR',
  'PUBLIC_DIR',
  'LOG_LEVEL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_JWKS_URL',
  'ALLOW_LOCAL_SIGNIN',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ALLOW_TEST_PAYMENTS',
  'SMTP_URL',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
  'PUSH_ALLOW_LOOPBACK_ENDPOINTS',
  'HN_API_BASE',
  'SIGN_IN_LIMIT_PER_CLIENT',
  'SIGN_IN_LIMIT_PER_EMAIL',
  'EVENTS_LIMIT_PER_CLIENT',
  'CHARGE_LIMIT_PER_CLIENT',
  'PUBLIC_ORIGIN',
  'HUMAN_SOUNDS_AUDIO_DIR',
  'SOMETHING_NEW_CSV',
  'SOMETHING_NEW_DATASET_URL',
] as const;

type Variable = (typeof VARIABLES)[number];
type RawEnv = Partial<Record<Variable, string>>;

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const limit = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(fallback);

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(8080),
  HOST: z.string().default('0.0.0.0'),
  NODE_ENV: z.enum(NODE_ENVS, { error: `must be one of ${NODE_ENVS.join(', ')}` }).default('development'),
  DATABASE_URL: z
    .string()
    .refine((value) => hasProtocol(value, ['postgres:', 'postgresql:']), 'must be a postgres:// URL')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  PUBLIC_DIR: z.string().default('dist/pwa'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_JWKS_URL: z
    .string()
    .refine((value) => hasProtocol(value, ['http:', 'https:']), 'must be an http(s) URL')
    .default(DEFAULT_GOOGLE_JWKS_URL),
  ALLOW_LOCAL_SIGNIN: flag,
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_…, pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)').optional(),
  ALLOW_TEST_PAYMENTS: flag,
  SMTP_URL: z
    .string()
    .refine((value) => hasProtocol(value, ['smtp:', 'smtps:']), 'must be an smtp:// or smtps:// URL')
    .optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .refine((value) => hasProtocol(value, ['mailto:', 'https:']), 'must be a mailto: or https: URL')
    .optional(),
  PUSH_ALLOW_LOOPBACK_ENDPOINTS: flag,
  HN_API_BASE: z
    .string()
    .refine((value) => hasProtocol(value, ['http:', 'https:']), 'must be an http(s) URL')
    .default(DEFAULT_HN_API_BASE)
    .transform((value) => value.replace(/\/+$/, '')),
  SIGN_IN_LIMIT_PER_CLIENT: limit(30),
  SIGN_IN_LIMIT_PER_EMAIL: limit(10),
  EVENTS_LIMIT_PER_CLIENT: limit(500),
  CHARGE_LIMIT_PER_CLIENT: limit(30),
  PUBLIC_ORIGIN: z
    .string()
    .refine((value) => hasProtocol(value, ['http:', 'https:']), 'must be an http(s) URL, e.g. https://memento.example')
    .transform((value) => new URL(value).origin)
    .optional(),
  HUMAN_SOUNDS_AUDIO_DIR: z.string().default('pwa/public/humansounds/audio'),
  SOMETHING_NEW_CSV: z.string().optional(),
  SOMETHING_NEW_DATASET_URL: z
    .string()
    .refine((value) => hasProtocol(value, ['http:', 'https:']), 'must be an http(s) URL')
    .optional(),
});

/** Keeps only our variables; blank values count as unset, so `FOO=` in a shell means "not set". */
function pick(source: Record<string, string | undefined>): RawEnv {
  const raw: RawEnv = {};
  for (const name of VARIABLES) {
    const value = source[name]?.trim();
    if (value) raw[name] = value;
  }
  return raw;
}

function isTrue(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

/** Rules that involve several variables; they read the raw values so they report even when a field is invalid. */
function combinationProblems(raw: RawEnv): string[] {
  const problems: string[] = [];
  const production = raw.NODE_ENV === 'production';
  const { STRIPE_SECRET_KEY: secret, STRIPE_PUBLISHABLE_KEY: publishable, STRIPE_WEBHOOK_SECRET: webhookSecret } = raw;

  if ((secret === undefined) !== (publishable === undefined)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both for Stripe payments, or neither for test mode');
  } else if ((secret === undefined) !== (webhookSecret === undefined)) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: set it with STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (orders are fulfilled from verified webhooks), or none of the three for test mode',
    );
  } else if (secret && publishable && secret.includes('_live_') !== publishable.includes('_live_')) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: one is a live key and the other a test key');
  }
  if ((raw.VAPID_PUBLIC_KEY === undefined) !== (raw.VAPID_PRIVATE_KEY === undefined)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both, or neither to generate a pair on first start');
  }
  if (production && !raw.GOOGLE_CLIENT_ID && !isTrue(raw.ALLOW_LOCAL_SIGNIN)) {
    problems.push(
      'GOOGLE_CLIENT_ID is not set: local sign-in by e-mail is refused in production. ' +
        'Set GOOGLE_CLIENT_ID, or ALLOW_LOCAL_SIGNIN=true to allow local sign-in explicitly',
    );
  }
  if (production && isTrue(raw.PUSH_ALLOW_LOOPBACK_ENDPOINTS)) {
    problems.push('PUSH_ALLOW_LOOPBACK_ENDPOINTS: test configuration, refused in production (it lets anyone signed in make the server send to its own machine)');
  }
  if (production && raw.GOOGLE_JWKS_URL !== undefined && !hasProtocol(raw.GOOGLE_JWKS_URL, ['https:'])) {
    problems.push('GOOGLE_JWKS_URL: must be an https:// URL in production (the keys that decide who may sign in)');
  }
  if (production && (raw.PUBLIC_ORIGIN === undefined || !hasProtocol(raw.PUBLIC_ORIGIN, ['https:']))) {
    problems.push('PUBLIC_ORIGIN: set it to the https:// address people reach the app at (e-mailed links use it)');
  }
  if (production && !(secret && publishable) && !isTrue(raw.ALLOW_TEST_PAYMENTS)) {
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not set: test-mode payments are refused in production. ' +
        'Set both keys, or ALLOW_TEST_PAYMENTS=true to allow test mode explicitly',
    );
  }
  return problems;
}

function describe(issue: z.core.$ZodIssue, raw: RawEnv): string {
  const name = issue.path.map(String).join('.');
  const value = raw[name as Variable];
  const shown = value === undefined || /KEY|URL|SECRET/.test(name) ? '' : ` (got "${value}")`;
  return `${name}: ${issue.message}${shown}`;
}

/**
 * Reads and checks the configuration. Pure: pass `process.env` (once, at start) or a plain
 * object in tests. Throws an `EnvError` listing every problem.
 */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const raw = pick(source);
  const parsed = schema.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => describe(issue, raw))),
    ...combinationProblems(raw),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);

  const values = parsed.data;
  const dataDir = path.resolve(REPO_ROOT, values.DATA_DIR);
  const vapidKeys =
    values.VAPID_PUBLIC_KEY && values.VAPID_PRIVATE_KEY
      ? { publicKey: values.VAPID_PUBLIC_KEY, privateKey: values.VAPID_PRIVATE_KEY }
      : null;

  return {
    nodeEnv: values.NODE_ENV,
    isProduction: values.NODE_ENV === 'production',
    host: values.HOST,
    port: values.PORT,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === 'test' ? 'silent' : 'info'),
    dataDir,
    publicDir: path.resolve(REPO_ROOT, values.PUBLIC_DIR),
    database: values.DATABASE_URL
      ? { mode: 'postgres', url: values.DATABASE_URL }
      : { mode: 'embedded', dir: path.join(dataDir, 'pglite') },
    signIn: values.GOOGLE_CLIENT_ID
      ? { mode: 'google', googleClientId: values.GOOGLE_CLIENT_ID, googleJwksUrl: values.GOOGLE_JWKS_URL }
      : { mode: 'local' },
    payments:
      values.STRIPE_SECRET_KEY && values.STRIPE_PUBLISHABLE_KEY && values.STRIPE_WEBHOOK_SECRET
        ? {
            mode: 'stripe',
            secretKey: values.STRIPE_SECRET_KEY,
            publishableKey: values.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: values.STRIPE_WEBHOOK_SECRET,
          }
        : { mode: 'test', allowInProduction: values.ALLOW_TEST_PAYMENTS },
    mail: values.SMTP_URL ? { mode: 'smtp', url: values.SMTP_URL } : { mode: 'outbox' },
    push: { vapidKeys, subject: values.VAPID_SUBJECT ?? null, allowLoopbackEndpoints: values.PUSH_ALLOW_LOOPBACK_ENDPOINTS },
    hnApiBase: values.HN_API_BASE,
    rateLimits: {
      signInPerClient: values.SIGN_IN_LIMIT_PER_CLIENT,
      signInPerEmail: values.SIGN_IN_LIMIT_PER_EMAIL,
      eventsPerClient: values.EVENTS_LIMIT_PER_CLIENT,
      chargesPerClient: values.CHARGE_LIMIT_PER_CLIENT,
    },
    // Unset: the address `npm start` prints, right for whoever runs it on their own machine.
    publicOrigin: values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT}`,
    humanSoundsAudioDir: path.resolve(REPO_ROOT, values.HUMAN_SOUNDS_AUDIO_DIR),
    somethingNew: {
      csvPath: values.SOMETHING_NEW_CSV ? path.resolve(REPO_ROOT, values.SOMETHING_NEW_CSV) : path.join(dataDir, 'something-new.csv'),
      datasetUrl: values.SOMETHING_NEW_DATASET_URL ?? null,
    },
  };
}
