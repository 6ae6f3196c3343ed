import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '#core/paths';
import { serveApp } from '../testing/app.ts';
import { useTestDatabase } from '../testing/database.ts';
import type { TestServer } from '../testing/http.ts';

/**
 * The Content-Security-Policy a buyer's browser gets, served by the real app in both payment
 * modes: Stripe's origins (and only them) once real keys are configured, none in test mode. The
 * app is a single-page app, so the document a buyer first opens (/, or any deep link) carries
 * the policy /pay runs under after a client-side navigation: every document is checked.
 */
const database = useTestDatabase({ migrated: false });
let publicDir: string;
let testMode: TestServer;
let stripeMode: TestServer;

const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_csp',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_csp',
  STRIPE_WEBHOOK_SECRET: 'whsec_csp',
};

beforeAll(async () => {
  publicDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-csp-public-'));
  await fs.writeFile(path.join(publicDir, 'index.html'), '<!doctype html><title>Memento</title><div id="root"></div>');
  testMode = await serveApp(database().sql, { PUBLIC_DIR: publicDir });
  stripeMode = await serveApp(database().sql, { PUBLIC_DIR: publicDir, ...STRIPE_KEYS });
});
afterAll(async () => {
  await testMode.close();
  await stripeMode.close();
  await fs.rm(publicDir, { recursive: true, force: true });
});

/** The policy of a document, directive by directive. */
async function policyOf(server: TestServer, page: string): Promise<Record<string, string[]>> {
  const response = await fetch(`${server.url}${page}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = response.headers.get('content-security-policy') ?? '';
  return Object.fromEntries(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== undefined && parts[0] !== '')
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const thirdParties = (policy: Record<string, string[]>) =>
  Object.entries(policy).flatMap(([name, sources]) => sources.filter((source) => source.startsWith('https:')).map((source) => `${name} ${source}`));

const DOCUMENTS = [paths.pay.href(), paths.home.href(), paths.humanSoundsPay.href(), paths.dashboard.href()];

describe('test mode (the local Stripe on this origin)', () => {
  it.each(DOCUMENTS)('%s allows no third-party origin: the card field talks to this origin only', async (page) => {
    const policy = await policyOf(testMode, page);
    expect(thirdParties(policy)).toEqual([]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['frame-src']).toEqual(["'self'"]);
  });
});

describe('stripe mode (real keys)', () => {
  it.each(DOCUMENTS)('%s allows exactly Stripe.js, its frames and its API, and nothing else from outside', async (page) => {
    const policy = await policyOf(stripeMode, page);
    expect(policy['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(policy['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(thirdParties(policy)).toHaveLength(6);
    // Stripe's origins widen where scripts, frames and calls may come from, never how.
    expect(Object.values(policy).flat()).not.toContain("'unsafe-inline'");
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('lets payment requests run beside Stripe.js only in this mode', async () => {
    const stripe = await fetch(`${stripeMode.url}${paths.pay.href()}`);
    expect(stripe.headers.get('permissions-policy')).toContain('payment=(self "https://js.stripe.com")');
    const test = await fetch(`${testMode.url}${paths.pay.href()}`);
    expect(test.headers.get('permissions-policy')).toContain('payment=()');
  });

  it('mounts no local Stripe: its API and its pages are not served', async () => {
    const api = await fetch(`${stripeMode.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_csp', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=card&card[number]=4242424242424242',
    });
    expect(api.status).toBe(404);
    const local = await fetch(`${testMode.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_memento_local', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2040&card[cvc]=123',
    });
    expect(local.status).toBe(200);
  });
});
