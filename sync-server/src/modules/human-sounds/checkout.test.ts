import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_ZIP_NAME } from '#core/human-sounds/catalogue';
import { paths } from '#core/paths';
import { PRICES_CENTS } from '#core/plans/prices';
import { downloadTokenSchema, libraryAccessSchema, type LibraryAccess } from '#core/schemas/human-sounds';
import { chargeResponseSchema, type ChargeResponse } from '#core/schemas/payments';
import { useTestDatabase } from '../../testing/database.ts';
import { servePayments, TEST_WEBHOOK_SECRET, type PaymentsServer } from '../payments/testing.ts';
import { expectedZipEntries, makeAudioDir, receiptToken, soundsBuyer, TEST_PUBLIC_ORIGIN, zipEntries, type AudioDir } from './testing.ts';

/**
 * Buying the Human Sounds library end to end: the real HTTP API, the real `stripe` SDK against
 * the local Stripe on the product's port, its signed webhooks, and the zip read back.
 */
const database = useTestDatabase();
let app: PaymentsServer;
let audio: AudioDir;

beforeAll(async () => {
  audio = await makeAudioDir();
  app = await servePayments(database().sql, { PUBLIC_ORIGIN: TEST_PUBLIC_ORIGIN, HUMAN_SOUNDS_AUDIO_DIR: audio.dir });
});
afterAll(async () => {
  await app.close();
  await audio.remove();
});

async function chargeSounds(body: unknown, path = '/api/chargeHumanSounds'): Promise<ChargeResponse> {
  const response = await fetch(`${app.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return chargeResponseSchema.parse(await response.json());
}

async function orderState(id: string, key: string): Promise<ChargeResponse> {
  const response = await fetch(`${app.server.url}/api/orders/${id}?key=${key}`);
  expect(response.status).toBe(200);
  return chargeResponseSchema.parse(await response.json());
}

async function library(token: string): Promise<LibraryAccess> {
  const response = await fetch(`${app.server.url}/api/humansounds/library/${token}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return libraryAccessSchema.parse(await response.json());
}

async function download(href: string): Promise<[string, Buffer][]> {
  const response = await fetch(`${app.server.url}${href}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${LIBRARY_ZIP_NAME}"`);
  return zipEntries(new Uint8Array(await response.arrayBuffer()));
}

async function orderRow(id: string) {
  const [row] = await database().sql<{ status: string; amount_cents: number; kind: string }[]>`select status, amount_cents, kind from orders where id = ${id}`;
  return row;
}

async function mailTo(email: string) {
  return database().sql<{ subject: string; body: string }[]>`select subject, body from mail_outbox where to_address = ${email}`;
}

async function intentCount(): Promise<number> {
  return (await app.stripe.paymentIntents.list({ limit: 100 })).data.length;
}

describe('a card that pays', () => {
  it('charges USD 5, answers a token that opens the library and downloads the ten sounds, before and after the webhook', async () => {
    const body = soundsBuyer('pm_card_visa');
    const answer = await chargeSounds({ ...body, amountCents: 1 });
    expect(answer).toMatchObject({ success: true, status: 'succeeded' });
    expect(answer.message).toContain(body.email);
    const token = downloadTokenSchema.parse(answer.downloadToken);
    const orderId = answer.orderId ?? '';
    expect(await orderRow(orderId)).toEqual({ status: 'pending', amount_cents: PRICES_CENTS.humanSounds, kind: 'sounds' });

    // Before the webhook: the provider is asked, the order is not fulfilled.
    const access = await library(token);
    expect(access).toMatchObject({ email: body.email, downloadHref: `/api/humansounds/library/${token}/zip` });
    expect(Number.isNaN(Date.parse(access.purchasedAt))).toBe(false);
    expect(await download(access.downloadHref)).toEqual(expectedZipEntries(audio));
    expect((await orderRow(orderId))?.status).toBe('pending');
    expect(await mailTo(body.email)).toEqual([]);

    await app.deliverWebhooks();
    expect((await orderRow(orderId))?.status).toBe('succeeded');
    // Unlimited: the same link again, and again.
    expect(await download(access.downloadHref)).toEqual(expectedZipEntries(audio));
    expect(await download(access.downloadHref)).toEqual(expectedZipEntries(audio));
  });

  it('keeps only a SHA-256 of each token', async () => {
    const answer = await chargeSounds(soundsBuyer('pm_card_visa'));
    const token = answer.downloadToken ?? '';
    const rows = await database().sql<{ row: string; hash: Buffer }[]>`
      select to_jsonb(t)::text as row, token_hash as hash from download_tokens t where order_id = ${answer.orderId ?? ''}`;
    expect(rows.map((row) => row.hash)).toEqual([createHash('sha256').update(token).digest()]);
    expect(rows[0]?.row).not.toContain(token);
  });

  it('e-mails a receipt whose link opens the thank-you page with a token of its own', async () => {
    const body = soundsBuyer('pm_card_visa');
    const answer = await chargeSounds(body);
    await app.deliverWebhooks();
    const [mail, ...more] = await mailTo(body.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your receipt: Human Sounds UX library ($5)');
    expect(mail?.body).toContain('$5 (USD)');
    expect(mail?.body).toContain('hello@memento.app');
    const token = receiptToken(mail?.body ?? '');
    expect(mail?.body).toContain(`${TEST_PUBLIC_ORIGIN}${paths.humanSoundsThankYou.href(token)}`);
    expect(token).not.toBe(answer.downloadToken);
    expect((await library(token)).email).toBe(body.email);
    expect(await download((await library(token)).downloadHref)).toEqual(expectedZipEntries(audio));
  });

  it('gives the buyer coming back (the order’s idempotency key) a fresh token; a stranger gets nothing', async () => {
    const body = soundsBuyer('pm_card_visa');
    const answer = await chargeSounds(body);
    const again = await orderState(answer.orderId ?? '', body.idempotencyKey);
    expect(again).toMatchObject({ success: true, status: 'succeeded' });
    expect(again.downloadToken).not.toBe(answer.downloadToken);
    expect((await library(again.downloadToken ?? '')).email).toBe(body.email);
    const stranger = await fetch(`${app.server.url}/api/orders/${answer.orderId ?? ''}?key=${soundsBuyer('x').idempotencyKey}`);
    expect(stranger.status).toBe(404);
  });

  it('charges once for a triple submit, and one e-mail even when the webhook is delivered twice', async () => {
    const body = soundsBuyer('pm_card_visa');
    const before = await intentCount();
    const answers = await Promise.all([chargeSounds(body), chargeSounds(body), chargeSounds(body)]);
    expect(answers.map((answer) => answer.success)).toEqual([true, true, true]);
    expect(new Set(answers.map((answer) => answer.orderId)).size).toBe(1);
    expect((await intentCount()) - before).toBe(1);
    for (const answer of answers) expect((await library(answer.downloadToken ?? '')).email).toBe(body.email);

    const events = await app.stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const event = events.data.find((item) => (item.data.object as Stripe.PaymentIntent).metadata.order_id === answers[0].orderId);
    if (event === undefined) throw new Error('no payment_intent.succeeded event');
    await app.deliverWebhooks();
    const payload = JSON.stringify(event);
    const redelivered = await fetch(`${app.server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }) },
      body: payload,
    });
    expect(await redelivered.json()).toEqual({ received: true, duplicate: true });
    expect(await mailTo(body.email)).toHaveLength(1);
    expect((await intentCount()) - before).toBe(1);
  });

  it('keeps an idempotency key to the product it was made for', async () => {
    const body = soundsBuyer('pm_card_visa');
    await chargeSounds(body, '/api/charge');
    const response = await fetch(`${app.server.url}/api/chargeHumanSounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'CONFLICT' });
  });
});

describe('cards the bank refuses', () => {
  it.each([
    ['declined', 'pm_card_chargeDeclined', /card was declined\. No money was taken/],
    ['insufficient funds', 'pm_card_chargeDeclinedInsufficientFunds', /insufficient funds\. No money was taken/],
  ])('%s: Error and what to do, no token, no e-mail; another card then pays', async (_name, paymentMethodId, words) => {
    const body = soundsBuyer(paymentMethodId);
    const answer = await chargeSounds(body);
    expect(answer).toMatchObject({ success: false, status: 'failed' });
    expect(answer.message).toMatch(/^Error: /);
    expect(answer.message).toMatch(words);
    expect(answer.downloadToken).toBeUndefined();
    await app.deliverWebhooks();
    expect(await mailTo(body.email)).toEqual([]);
    expect(await database().sql`select 1 from download_tokens where order_id = ${answer.orderId ?? ''}`).toEqual([]);

    const retry = await chargeSounds({ ...body, paymentMethodId: 'pm_card_visa' });
    expect(retry).toMatchObject({ success: true, orderId: answer.orderId });
    // The order still reads failed until the webhook: the provider's word opens the library.
    expect((await library(retry.downloadToken ?? '')).email).toBe(body.email);
  });

  it('a card that asks for authentication (…3155): back from the bank’s page on the library checkout, then paid', async () => {
    const body = soundsBuyer('pm_card_authenticationRequired');
    const answer = await chargeSounds(body);
    expect(answer).toMatchObject({ success: false, status: 'requires_action' });
    expect(answer.downloadToken).toBeUndefined();
    const next = new URL(answer.nextActionUrl ?? '');
    const form = new URLSearchParams({ client_secret: next.searchParams.get('client_secret') ?? '', outcome: 'complete' });
    const decided = await fetch(`${next.origin}${next.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(decided.headers.get('location') ?? '');
    expect(back.pathname).toBe(paths.humanSoundsPay.href());
    expect(back.searchParams.get('order')).toBe(answer.orderId);

    const state = await orderState(answer.orderId ?? '', body.idempotencyKey);
    expect(state).toMatchObject({ success: true, status: 'succeeded' });
    expect((await library(state.downloadToken ?? '')).email).toBe(body.email);
    await app.deliverWebhooks();
    expect(await mailTo(body.email)).toHaveLength(1);
  });
});
