import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { testApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import { serve } from '../testing/http.ts';
import { createPayments } from './stripe.ts';

const REAL = { STRIPE_SECRET_KEY: 'sk_test_real', STRIPE_PUBLISHABLE_KEY: 'pk_test_real', STRIPE_WEBHOOK_SECRET: 'whsec_real' };
const database = useTestDatabase();

describe('the payments provider', () => {
  it('with real keys: real Stripe, no local Stripe, the configured keys', () => {
    const payments = createPayments(loadEnv(REAL).payments);
    expect(payments).toMatchObject({ mode: 'stripe', local: null, publishableKey: 'pk_test_real', webhookSecret: 'whsec_real' });
  });

  it('never mounts the local Stripe on the app when real keys are configured', async () => {
    const withKeys = await serve(testApp(database().sql, REAL));
    const zeroSetup = await serve(testApp(database().sql));
    try {
      const ask = (url: string) => fetch(`${url}/v1/payment_intents`, { headers: { authorization: 'Bearer sk_test_x' } });
      const local = await ask(zeroSetup.url);
      expect(local.status).toBe(200);
      expect(await local.json()).toMatchObject({ object: 'list' });
      const real = await ask(withKeys.url);
      expect(real.headers.get('content-type') ?? '').not.toContain('application/json');
      expect(await real.text()).not.toContain('"object"');
    } finally {
      await withKeys.close();
      await zeroSetup.close();
    }
  });

  it('test mode: refused in production unless ALLOW_TEST_PAYMENTS', () => {
    expect(() => createPayments({ mode: 'test', allowInProduction: false }, { nodeEnv: 'production' })).toThrow(/refused in production/);
    expect(createPayments({ mode: 'test', allowInProduction: true }, { nodeEnv: 'production' }).local).not.toBeNull();
  });

  it('test mode: a new webhook secret per process unless one is given', () => {
    const one = createPayments({ mode: 'test', allowInProduction: false }, { nodeEnv: 'test' });
    const two = createPayments({ mode: 'test', allowInProduction: false }, { nodeEnv: 'test' });
    expect(one.webhookSecret).toMatch(/^whsec_[0-9a-f]{48}$/);
    expect(one.webhookSecret).not.toBe(two.webhookSecret);
  });
});
