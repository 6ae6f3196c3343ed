import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, type ApiErrorCode } from '#core/schemas/api-error';
import { chargeResponseSchema, type ChargeResponse } from '#core/schemas/payments';
import { useTestDatabase } from '../../testing/database.ts';
import { servePayments, type PaymentsServer } from '../payments/testing.ts';
import { mintDownloadToken } from './download-token.ts';
import { makeAudioDir, receiptToken, soundsBuyer, TEST_PUBLIC_ORIGIN, type AudioDir } from './testing.ts';

/** Who the library refuses, and how: the API's error JSON, or a page a person can act on. */
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

const UNKNOWN_TOKEN = 'A'.repeat(43);
const JSON_ACCEPT = { accept: 'application/json' };
const BROWSER_ACCEPT = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

async function buy(paymentMethodId = 'pm_card_visa'): Promise<{ answer: ChargeResponse; email: string; key: string }> {
  const body = soundsBuyer(paymentMethodId);
  const response = await fetch(`${app.server.url}/api/chargeHumanSounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { answer: chargeResponseSchema.parse(await response.json()), email: body.email, key: body.idempotencyKey };
}

async function refusal(path: string, headers: Record<string, string> = JSON_ACCEPT): Promise<{ status: number; code: ApiErrorCode }> {
  const response = await fetch(`${app.server.url}${path}`, { headers });
  return { status: response.status, code: apiErrorBodySchema.parse(await response.json()).error };
}

const libraryPath = (token: string) => `/api/humansounds/library/${token}`;
const zipPath = (token: string) => `/api/humansounds/library/${token}/zip`;

describe('a refund', () => {
  it('revokes every token of the order: 410 DOWNLOAD_REVOKED for the checkout’s and the receipt’s', async () => {
    const { answer, email, key } = await buy();
    await app.deliverWebhooks();
    const [mail] = await database().sql<{ body: string }[]>`select body from mail_outbox where to_address = ${email}`;
    const tokens = [answer.downloadToken ?? '', receiptToken(mail?.body ?? '')];
    for (const token of tokens) expect((await fetch(`${app.server.url}${zipPath(token)}`)).status).toBe(200);

    const [order] = await database().sql<{ provider_id: string }[]>`select provider_id from orders where id = ${answer.orderId ?? ''}`;
    await app.stripe.refunds.create({ payment_intent: order?.provider_id ?? '' });
    await app.deliverWebhooks();

    for (const token of tokens) {
      expect(await refusal(libraryPath(token))).toEqual({ status: 410, code: 'DOWNLOAD_REVOKED' });
      expect(await refusal(zipPath(token))).toEqual({ status: 410, code: 'DOWNLOAD_REVOKED' });
    }
    // Coming back to the checkout gives no new token either.
    const state = chargeResponseSchema.parse(await (await fetch(`${app.server.url}/api/orders/${answer.orderId ?? ''}?key=${key}`)).json());
    expect(state).toMatchObject({ success: false, status: 'refunded' });
    expect(state.downloadToken).toBeUndefined();
  });
});

describe('links that open nothing', () => {
  it.each([
    ['too short', 'A'.repeat(42)],
    ['too long', 'A'.repeat(44)],
    ['not base64url', `${'A'.repeat(42)}+`],
    ['percent-encoded junk', `${'A'.repeat(40)}%00%2F`],
  ])('a malformed token (%s): 400 INVALID_REQUEST', async (_name, token) => {
    expect(await refusal(libraryPath(token))).toEqual({ status: 400, code: 'INVALID_REQUEST' });
    expect(await refusal(zipPath(token))).toEqual({ status: 400, code: 'INVALID_REQUEST' });
  });

  it('an unknown token: 404 NOT_FOUND', async () => {
    expect(await refusal(libraryPath(UNKNOWN_TOKEN))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal(zipPath(UNKNOWN_TOKEN))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('a token of an order the provider has not been paid for: 404, however it came to exist', async () => {
    const { answer } = await buy('pm_card_chargeDeclined');
    const token = await mintDownloadToken(database().sql, answer.orderId ?? '');
    expect(await refusal(libraryPath(token))).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(await refusal(zipPath(token))).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('a token is never made for an order of another product', async () => {
    const body = soundsBuyer('pm_card_visa');
    const pass = chargeResponseSchema.parse(
      await (await fetch(`${app.server.url}/api/charge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json(),
    );
    expect(pass.downloadToken).toBeUndefined();
    await expect(mintDownloadToken(database().sql, pass.orderId ?? '')).rejects.toMatchObject({ code: '23503' });
  });
});

describe('the page a browser gets instead of the zip', () => {
  it.each([
    ['unknown', UNKNOWN_TOKEN, 404, 'We do not know this download link'],
    ['malformed', 'abc', 400, 'This download link is incomplete'],
  ])('%s: %s, what happened, the contact address, a way back to Human Sounds', async (_name, token, status, title) => {
    for (const headers of [BROWSER_ACCEPT, {}]) {
      const response = await fetch(`${app.server.url}${zipPath(token)}`, { headers });
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toContain(`<h1>${title}</h1>`);
      expect(page).toContain('href="mailto:hello@memento.app');
      expect(page).toContain('<a href="/humansounds">Go to Human Sounds</a>');
      expect(page).not.toContain(token);
    }
  });

  it('refunded: 410 and says so', async () => {
    const { answer } = await buy();
    await app.deliverWebhooks();
    const [order] = await database().sql<{ provider_id: string }[]>`select provider_id from orders where id = ${answer.orderId ?? ''}`;
    await app.stripe.refunds.create({ payment_intent: order?.provider_id ?? '' });
    await app.deliverWebhooks();
    const response = await fetch(`${app.server.url}${zipPath(answer.downloadToken ?? '')}`, { headers: BROWSER_ACCEPT });
    expect(response.status).toBe(410);
    expect(await response.text()).toContain('was refunded');
  });
});

describe('a server without the audio files', () => {
  it('answers 503 UNAVAILABLE (a page for a browser) to a valid token, and the library itself still opens', async () => {
    const bare = await servePayments(database().sql, { HUMAN_SOUNDS_AUDIO_DIR: `${audio.dir}/missing` });
    try {
      const body = soundsBuyer('pm_card_visa');
      const charge = await fetch(`${bare.server.url}/api/chargeHumanSounds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const token = chargeResponseSchema.parse(await charge.json()).downloadToken ?? '';
      expect((await fetch(`${bare.server.url}${libraryPath(token)}`)).status).toBe(200);
      const json = await fetch(`${bare.server.url}${zipPath(token)}`, { headers: JSON_ACCEPT });
      expect(json.status).toBe(503);
      expect(apiErrorBodySchema.parse(await json.json()).error).toBe('UNAVAILABLE');
      const page = await fetch(`${bare.server.url}${zipPath(token)}`, { headers: BROWSER_ACCEPT });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('Try again in a few minutes');
    } finally {
      await bare.close();
    }
  });
});
