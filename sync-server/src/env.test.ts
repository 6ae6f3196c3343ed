import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GOOGLE_JWKS_URL, DEFAULT_HN_API_BASE, EnvError, loadEnv, REPO_ROOT } from './env.ts';

const ORIGIN = 'https://memento.example';

function problemsOf(source: Record<string, string | undefined>): readonly string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected loadEnv to fail');
}

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('loadEnv', () => {
  it('starts with nothing configured: embedded database, local sign-in, test payments', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      nodeEnv: 'development',
      isProduction: false,
      host: '0.0.0.0',
      port: 8080,
      logLevel: 'info',
      dataDir: path.join(REPO_ROOT, '.data'),
      publicDir: path.join(REPO_ROOT, 'dist', 'pwa'),
      database: { mode: 'embedded', dir: path.join(REPO_ROOT, '.data', 'pglite') },
      signIn: { mode: 'local' },
      payments: { mode: 'test', allowInProduction: false },
      mail: { mode: 'outbox' },
      push: { vapidKeys: null, subject: null, allowLoopbackEndpoints: false },
      hnApiBase: DEFAULT_HN_API_BASE,
      publicOrigin: 'http://localhost:8080',
      humanSoundsAudioDir: path.join(REPO_ROOT, 'pwa', 'public', 'humansounds', 'audio'),
    });
  });

  it('ignores unrelated variables and treats blank values as unset', () => {
    const env = loadEnv({ PATH: '/usr/bin', PORT: '  ', GOOGLE_CLIENT_ID: '', DATABASE_URL: '' });
    expect(env.port).toBe(8080);
    expect(env.signIn.mode).toBe('local');
    expect(env.database.mode).toBe('embedded');
  });

  it('switches each part to the real thing when configured', () => {
    const env = loadEnv({
      PORT: '3000',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/memento',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      ...STRIPE,
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      VAPID_PUBLIC_KEY: 'public',
      VAPID_PRIVATE_KEY: 'private',
      VAPID_SUBJECT: 'mailto:hello@example.com',
      HN_API_BASE: 'http://127.0.0.1:9999/v0/',
      DATA_DIR: '/var/lib/memento',
      LOG_LEVEL: 'warn',
    });
    expect(env).toMatchObject({
      port: 3000,
      logLevel: 'warn',
      dataDir: '/var/lib/memento',
      database: { mode: 'postgres', url: 'postgres://app:secret@db.internal:5432/memento' },
      signIn: { mode: 'google', googleClientId: 'client.apps.googleusercontent.com' },
      payments: { mode: 'stripe', secretKey: 'sk_test_abc123', publishableKey: 'pk_test_abc123', webhookSecret: 'whsec_abc123' },
      mail: { mode: 'smtp', url: 'smtps://user:pass@mail.example.com:465' },
      push: { vapidKeys: { publicKey: 'public', privateKey: 'private' }, subject: 'mailto:hello@example.com', allowLoopbackEndpoints: false },
      hnApiBase: 'http://127.0.0.1:9999/v0',
    });
  });

  it('resolves relative folders against the repository root', () => {
    const env = loadEnv({ DATA_DIR: 'tmp/data', PUBLIC_DIR: 'build' });
    expect(env.dataDir).toBe(path.join(REPO_ROOT, 'tmp', 'data'));
    expect(env.database).toEqual({ mode: 'embedded', dir: path.join(REPO_ROOT, 'tmp', 'data', 'pglite') });
    expect(env.publicDir).toBe(path.join(REPO_ROOT, 'build'));
  });

  it('makes e-mailed links with the public origin: the configured one, or this machine at PORT', () => {
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://memento.example/some/path' }).publicOrigin).toBe('https://memento.example');
    expect(loadEnv({ PORT: '3000' }).publicOrigin).toBe('http://localhost:3000');
    expect(problemsOf({ PUBLIC_ORIGIN: 'memento.example' })).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN: must be an http\(s\) URL/)]);
    expect(loadEnv({ HUMAN_SOUNDS_AUDIO_DIR: '/srv/sounds' }).humanSoundsAudioDir).toBe('/srv/sounds');
  });

  it("reads Something New's profiles from the data folder unless a file is named, and buys the dataset by e-mail unless a link is set", () => {
    expect(loadEnv({ DATA_DIR: '/var/lib/memento' }).somethingNew).toEqual({
      csvPath: path.join('/var/lib/memento', 'something-new.csv'),
      datasetUrl: null,
    });
    expect(
      loadEnv({ SOMETHING_NEW_CSV: 'exports/founders.csv', SOMETHING_NEW_DATASET_URL: 'https://shop.example/founders' }).somethingNew,
    ).toEqual({ csvPath: path.join(REPO_ROOT, 'exports', 'founders.csv'), datasetUrl: 'https://shop.example/founders' });
    expect(problemsOf({ SOMETHING_NEW_DATASET_URL: 'javascript:alert(1)' })).toEqual(['SOMETHING_NEW_DATASET_URL: must be an http(s) URL']);
  });

  it('is silent by default under test', () => {
    expect(loadEnv({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it.each(['abc', '-1', '65536', '80.5'])('rejects PORT=%s with a readable problem', (port) => {
    const problems = problemsOf({ PORT: port });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PORT: /);
    expect(problems[0]).toContain(`(got "${port}")`);
  });

  it('accepts PORT=0 (a free port chosen at listen time)', () => {
    expect(loadEnv({ PORT: '0' }).port).toBe(0);
  });

  it('lists every problem at once, without echoing secrets', () => {
    const problems = problemsOf({
      PORT: 'x',
      NODE_ENV: 'staging',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      ALLOW_TEST_PAYMENTS: 'yes',
      HN_API_BASE: 'ftp://example.com',
    });
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'NODE_ENV',
      'DATABASE_URL',
      'LOG_LEVEL',
      'ALLOW_TEST_PAYMENTS',
      'HN_API_BASE',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
    try {
      loadEnv({ PORT: 'x' });
    } catch (error) {
      expect(String(error)).toContain('Invalid configuration:\n  - PORT: must be a whole number');
    }
  });

  it('wants both Stripe keys or neither, of the same kind', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1' })).toEqual([expect.stringMatching(/set both/)]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toEqual([
      expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: set it with/),
    ]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET: set it with/)]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual([
      expect.stringMatching(/live key and the other a test key/),
    ]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be a Stripe secret key/),
    ]);
  });

  it("checks Google's keys against Google's key set unless GOOGLE_JWKS_URL points elsewhere", () => {
    expect(loadEnv({ GOOGLE_CLIENT_ID: 'id' }).signIn).toEqual({
      mode: 'google',
      googleClientId: 'id',
      googleJwksUrl: DEFAULT_GOOGLE_JWKS_URL,
    });
    expect(loadEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/jwks' }).signIn).toMatchObject({
      googleJwksUrl: 'http://127.0.0.1:9/jwks',
    });
    expect(problemsOf({ GOOGLE_JWKS_URL: 'file:///etc/keys.json' })).toEqual([
      expect.stringMatching(/^GOOGLE_JWKS_URL: must be an http\(s\) URL/),
    ]);
    expect(problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, ALLOW_TEST_PAYMENTS: 'true', GOOGLE_CLIENT_ID: 'id', GOOGLE_JWKS_URL: 'http://keys.test/' })).toEqual([
      expect.stringMatching(/^GOOGLE_JWKS_URL: must be an https:\/\/ URL in production/),
    ]);
  });

  it('wants both VAPID keys or neither', () => {
    expect(problemsOf({ VAPID_PUBLIC_KEY: 'public' })).toEqual([expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/)]);
  });

  describe('in production', () => {
    it('wants the https address e-mailed links point at', () => {
      const real = { NODE_ENV: 'production', GOOGLE_CLIENT_ID: 'id', ...STRIPE };
      expect(problemsOf(real)).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN: set it to the https:\/\/ address/)]);
      expect(problemsOf({ ...real, PUBLIC_ORIGIN: 'http://memento.example' })).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN: /)]);
      expect(loadEnv({ ...real, PUBLIC_ORIGIN: 'https://memento.example/app/' }).publicOrigin).toBe('https://memento.example');
    });

    it('refuses local sign-in and test payments, naming the way out', () => {
      const problems = problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN });
      expect(problems).toHaveLength(2);
      expect(problems[0]).toMatch(/local sign-in .* refused in production.*ALLOW_LOCAL_SIGNIN=true/);
      expect(problems[1]).toMatch(/test-mode payments are refused in production.*ALLOW_TEST_PAYMENTS=true/);
    });

    it('refuses each one on its own', () => {
      expect(problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, ...STRIPE })).toEqual([expect.stringMatching(/local sign-in/)]);
      expect(problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, GOOGLE_CLIENT_ID: 'id' })).toEqual([
        expect.stringMatching(/test-mode payments/),
      ]);
    });

    it('starts when both are switched on explicitly', () => {
      const env = loadEnv({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, ALLOW_LOCAL_SIGNIN: 'true', ALLOW_TEST_PAYMENTS: '1' });
      expect(env).toMatchObject({ isProduction: true, signIn: { mode: 'local' }, payments: { mode: 'test' } });
    });

    it('does not take "yes" for an explicit opt-in', () => {
      const problems = problemsOf({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, ALLOW_LOCAL_SIGNIN: 'yes', ALLOW_TEST_PAYMENTS: 'true' });
      expect(problems).toEqual([
        'ALLOW_LOCAL_SIGNIN: must be true or false (got "yes")',
        expect.stringMatching(/local sign-in/),
      ]);
    });

    it('refuses push endpoints on this machine, a test configuration', () => {
      const real = { NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, GOOGLE_CLIENT_ID: 'id', ...STRIPE };
      expect(problemsOf({ ...real, PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true' })).toEqual([
        expect.stringMatching(/^PUSH_ALLOW_LOOPBACK_ENDPOINTS: test configuration, refused in production/),
      ]);
      expect(loadEnv({ ...real, PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'false' }).push.allowLoopbackEndpoints).toBe(false);
      expect(loadEnv({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK_ENDPOINTS: 'true' }).push.allowLoopbackEndpoints).toBe(true);
    });

    it('starts with the real providers configured', () => {
      const env = loadEnv({ NODE_ENV: 'production', PUBLIC_ORIGIN: ORIGIN, GOOGLE_CLIENT_ID: 'id', ...STRIPE });
      expect(env).toMatchObject({ signIn: { mode: 'google' }, payments: { mode: 'stripe' } });
    });
  });
});
