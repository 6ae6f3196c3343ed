import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_REFUND_MS } from '#core/experts/bookings';
import { BOOKING_THANK_YOU } from '#core/experts/messages';
import { expertFeeCents } from '#core/plans/expert-fee';
import { apiErrorBodySchema } from '#core/schemas/api-error';
import { bookingResponseSchema, bookingsResponseSchema, type Booking } from '#core/schemas/expert';
import { chargeResponseSchema, type ChargeResponse } from '#core/schemas/payments';
import { useTestDatabase } from '../../testing/database.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from '../payments/testing.ts';
import { runAutoRefunds } from './booking-service.ts';
import { addExpert, call, expertFields, onboard } from './testing.ts';

/**
 * Paid bookings end to end: the visitor's card through the one charge engine as a destination
 * charge on the local Stripe, the booking and its two e-mails from the webhook, 'Mark scheduled',
 * 'Refund' (the transfer reversed), and the guarantee's automatic refund at an injected time.
 */
const database = useTestDatabase();
let app: PaymentsServer;
let expert: TestUser;
let accountId = '';
const SITE = 'BookMe';
const RATE_CENTS = 4_550;

beforeAll(async () => {
  app = await servePayments(database().sql, { PUBLIC_ORIGIN: 'https://memento.example' });
  expert = await createTestUser(database().sql, 'booked.expert@example.test');
  await addExpert(app, expert, expertFields(SITE, { yourName: 'Bo Booked', rate: RATE_CENTS / 100 }));
  await onboard(app, expert);
  await app.deliverWebhooks();
  const [row] = await database().sql<{ stripe_account_id: string }[]>`select stripe_account_id from experts where site_name = ${SITE}`;
  accountId = row?.stripe_account_id ?? '';
});
afterAll(() => app.close());

let visitors = 0;
function visitor(paymentMethodId: string) {
  visitors += 1;
  return { name: `Visitor ${visitors}`, email: `visitor${visitors}@example.test`, paymentMethodId, idempotencyKey: newIdempotencyKey() };
}

async function book(body: ReturnType<typeof visitor>, site = SITE): Promise<ChargeResponse> {
  const response = await call(app, 'POST', `/api/expert/getPaymentIntent/${site}`, undefined, { ...body, amount: 1 });
  expect(response.status, await response.clone().text()).toBe(200);
  return chargeResponseSchema.parse(await response.json());
}

async function mailTo(email: string) {
  return database().sql<{ subject: string; body: string; reply_to: string | null }[]>`
    select subject, body, reply_to from mail_outbox where to_address = ${email} order by created_at, id`;
}

async function bookings(user = expert): Promise<Booking[]> {
  const response = await call(app, 'GET', '/api/expert/bookings', user);
  expect(response.status).toBe(200);
  return bookingsResponseSchema.parse(await response.json()).bookings;
}

async function bookingOf(email: string): Promise<Booking> {
  const found = (await bookings()).find((booking) => booking.visitorEmail === email);
  if (found === undefined) throw new Error(`no booking of ${email}`);
  return found;
}

/** A paid booking, fulfilled. */
async function paidBooking(): Promise<{ readonly booking: Booking; readonly email: string }> {
  const body = visitor('pm_card_visa');
  expect(await book(body)).toMatchObject({ success: true, status: 'succeeded' });
  await app.deliverWebhooks();
  return { booking: await bookingOf(body.email), email: body.email };
}

async function intentOf(bookingId: string) {
  const [row] = await database().sql<{ provider_id: string }[]>`select provider_id from bookings where id = ${bookingId}`;
  return app.stripe.paymentIntents.retrieve(row?.provider_id ?? '', { expand: ['latest_charge'] });
}

describe('a visitor pays for an hour', () => {
  it('charges the stored rate (not the body) to the expert’s account with the platform fee, and the webhook makes the booking and both e-mails', async () => {
    const body = visitor('pm_card_visa');
    const answer = await book(body);
    expect(answer).toMatchObject({ success: true, status: 'succeeded', message: BOOKING_THANK_YOU });
    // The answer reports; the booking waits for the verified webhook.
    expect(await bookings()).not.toContainEqual(expect.objectContaining({ visitorEmail: body.email }));
    await app.deliverWebhooks();

    const booking = await bookingOf(body.email);
    expect(booking).toMatchObject({ visitorName: body.name, amountCents: RATE_CENTS, feeCents: expertFeeCents(RATE_CENTS), status: 'paid', refundReason: null });
    expect(Date.parse(booking.autoRefundAt ?? '') - Date.parse(booking.paidAt)).toBe(AUTO_REFUND_MS);
    const intent = await intentOf(booking.id);
    expect(intent).toMatchObject({ amount: RATE_CENTS, status: 'succeeded', application_fee_amount: 455, transfer_data: { destination: accountId } });
    const charge = intent.latest_charge;
    if (charge === null || typeof charge === 'string') throw new Error('expanded charge expected');
    const transfer = await app.stripe.transfers.retrieve(typeof charge.transfer === 'string' ? charge.transfer : '');
    expect(transfer).toMatchObject({ amount: RATE_CENTS, destination: accountId, amount_reversed: 0 });

    const [receipt, ...moreToVisitor] = await mailTo(body.email);
    expect(moreToVisitor).toEqual([]);
    expect(receipt?.subject).toBe('Your receipt: one hour with Bo Booked ($45.50)');
    expect(receipt?.body).toContain('Bo Booked will e-mail you at this address to agree a time.');
    expect(receipt?.body).toContain('within 7 days of your payment, you get a full refund automatically');
    const toExpert = (await mailTo(expert.email)).filter((mail) => mail.subject.includes(body.name));
    expect(toExpert).toHaveLength(1);
    expect(toExpert[0]).toMatchObject({ subject: `New booking: ${body.name} paid for an hour ($45.50)`, reply_to: body.email });
    expect(toExpert[0]?.body).toContain(`${body.name} (${body.email})`);
  });

  it('charges once for a double click, a retry, and a redelivered webhook', async () => {
    const body = visitor('pm_card_visa');
    const [first, second] = await Promise.all([book(body), book(body)]);
    expect(first.orderId).toBe(second.orderId);
    await app.deliverWebhooks();
    expect((await book(body)).orderId).toBe(first.orderId);
    const events = await app.stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 });
    const ours = events.data.find((event) => event.type === 'payment_intent.succeeded' && event.data.object.metadata.order_id === first.orderId);
    if (ours === undefined) throw new Error('no event of the order');
    app.local.webhooks.enqueue(ours);
    await app.deliverWebhooks();
    expect((await bookings()).filter((booking) => booking.visitorEmail === body.email)).toHaveLength(1);
    expect(await mailTo(body.email)).toHaveLength(1);
  });

  it('takes no money and makes no booking when the card is declined, and a good card then books', async () => {
    const body = visitor('pm_card_chargeDeclined');
    const declined = await book(body);
    expect(declined).toMatchObject({ success: false, status: 'failed' });
    expect(declined.message).toMatch(/declined\. No money was taken/);
    await app.deliverWebhooks();
    expect(await bookings()).not.toContainEqual(expect.objectContaining({ visitorEmail: body.email }));
    expect(await mailTo(body.email)).toEqual([]);
    expect(await book({ ...body, paymentMethodId: 'pm_card_visa' })).toMatchObject({ success: true });
    await app.deliverWebhooks();
    expect((await bookingOf(body.email)).status).toBe('paid');
  });

  it('sends a card that asks for authentication to the bank’s page and back to the expert’s page, then books', async () => {
    const body = visitor('pm_card_authenticationRequired');
    const answer = await book(body);
    expect(answer).toMatchObject({ success: false, status: 'requires_action' });
    const next = new URL(answer.nextActionUrl ?? '');
    expect(next.origin).toBe(app.server.url);
    const form = new URLSearchParams({ client_secret: next.searchParams.get('client_secret') ?? '', outcome: 'complete' });
    const back = await fetch(`${next.origin}${next.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const returned = new URL(back.headers.get('location') ?? '');
    expect(returned.pathname).toBe(`/ex/${SITE}`);
    expect(returned.searchParams.get('order')).toBe(answer.orderId);
    const state = await call(app, 'GET', `/api/expert/orders/${answer.orderId ?? ''}?key=${body.idempotencyKey}`);
    expect(chargeResponseSchema.parse(await state.json())).toMatchObject({ success: true, status: 'succeeded', message: BOOKING_THANK_YOU });
    const wrongKey = await call(app, 'GET', `/api/expert/orders/${answer.orderId ?? ''}?key=${newIdempotencyKey()}`);
    expect(wrongKey.status).toBe(404);
    await app.deliverWebhooks();
    expect((await bookingOf(body.email)).status).toBe('paid');
  });

  it('refuses an unknown page with EXPERT_NOT_FOUND', async () => {
    const response = await call(app, 'POST', '/api/expert/getPaymentIntent/NoSuchPage', undefined, visitor('pm_card_visa'));
    expect(response.status).toBe(404);
    expect(apiErrorBodySchema.parse(await response.json()).error).toBe('EXPERT_NOT_FOUND');
  });
});

describe('the expert’s bookings', () => {
  it('marks a booking scheduled, once', async () => {
    const { booking } = await paidBooking();
    for (let round = 0; round < 2; round += 1) {
      const response = await call(app, 'POST', `/api/expert/bookings/${booking.id}/schedule`, expert);
      expect(response.status).toBe(200);
      expect(bookingResponseSchema.parse(await response.json()).booking).toMatchObject({ status: 'scheduled', autoRefundAt: null });
    }
  });

  it('refunds the whole amount, reverses the transfer and returns the fee, tells both sides, and a second click changes nothing', async () => {
    const { booking, email } = await paidBooking();
    await call(app, 'POST', `/api/expert/bookings/${booking.id}/schedule`, expert);
    for (let round = 0; round < 2; round += 1) {
      const response = await call(app, 'POST', `/api/expert/bookings/${booking.id}/refund`, expert);
      expect(response.status).toBe(200);
      expect(bookingResponseSchema.parse(await response.json()).booking).toMatchObject({ status: 'refunded', refundReason: 'expert' });
    }
    await app.deliverWebhooks();
    const intent = await intentOf(booking.id);
    const charge = intent.latest_charge;
    if (charge === null || typeof charge === 'string') throw new Error('expanded charge expected');
    expect(charge).toMatchObject({ refunded: true, amount_refunded: RATE_CENTS });
    const transfer = await app.stripe.transfers.retrieve(typeof charge.transfer === 'string' ? charge.transfer : '');
    expect(transfer).toMatchObject({ amount_reversed: RATE_CENTS, reversed: true });
    const fee = await app.stripe.applicationFees.retrieve(typeof charge.application_fee === 'string' ? charge.application_fee : '');
    expect(fee).toMatchObject({ amount_refunded: fee.amount, refunded: true });
    const toVisitor = await mailTo(email);
    expect(toVisitor.map((mail) => mail.subject)).toEqual(['Your receipt: one hour with Bo Booked ($45.50)', 'Refunded: your hour with Bo Booked ($45.50)']);
    expect(toVisitor[1]?.body).toContain('Bo Booked refunded the booking.');
    expect((await mailTo(expert.email)).filter((mail) => mail.subject.startsWith('Refunded:') && mail.reply_to === email)).toHaveLength(1);
    const scheduled = await call(app, 'POST', `/api/expert/bookings/${booking.id}/schedule`, expert);
    expect(scheduled.status).toBe(409);
    expect(apiErrorBodySchema.parse(await scheduled.json()).error).toBe('BOOKING_REFUNDED');
  });

  it('shows and changes none of another expert’s bookings', async () => {
    const { booking } = await paidBooking();
    const other = await createTestUser(database().sql, 'other.expert@example.test');
    await addExpert(app, other, expertFields('OtherExpert'));
    expect(await bookings(other)).toEqual([]);
    for (const action of ['schedule', 'refund']) {
      const response = await call(app, 'POST', `/api/expert/bookings/${booking.id}/${action}`, other);
      expect(response.status).toBe(404);
      expect(apiErrorBodySchema.parse(await response.json()).error).toBe('BOOKING_NOT_FOUND');
    }
    expect((await bookingOf(booking.visitorEmail)).status).toBe('paid');
    const stranger = await createTestUser(database().sql, 'no.page@example.test');
    expect((await call(app, 'GET', '/api/expert/bookings', stranger)).status).toBe(404);
  });
});

describe('the refund guarantee', () => {
  it('refunds every booking not marked scheduled within 7 days, transfer reversed, both sides told; a scheduled one stays; a second run changes nothing', async () => {
    const late = await paidBooking();
    const kept = await paidBooking();
    await call(app, 'POST', `/api/expert/bookings/${kept.booking.id}/schedule`, expert);
    const paidAt = Date.parse(late.booking.paidAt);

    const early = await runAutoRefunds({ sql: database().sql, payments: app.payments, publicOrigin: 'https://memento.example' }, new Date(paidAt + AUTO_REFUND_MS - 60_000));
    expect((await bookingOf(late.email)).status).toBe('paid');
    expect(early.failed).toBe(0);

    const due = await runAutoRefunds({ sql: database().sql, payments: app.payments, publicOrigin: 'https://memento.example' }, new Date(paidAt + AUTO_REFUND_MS + 1_000));
    expect(due).toMatchObject({ failed: 0 });
    expect(due.refunded).toBeGreaterThanOrEqual(1);
    expect(await bookingOf(late.email)).toMatchObject({ status: 'refunded', refundReason: 'automatic' });
    expect((await bookingOf(kept.email)).status).toBe('scheduled');
    await app.deliverWebhooks();
    const charge = (await intentOf(late.booking.id)).latest_charge;
    if (charge === null || typeof charge === 'string') throw new Error('expanded charge expected');
    expect(charge.refunded).toBe(true);
    expect(await app.stripe.transfers.retrieve(typeof charge.transfer === 'string' ? charge.transfer : '')).toMatchObject({ reversed: true });
    const toVisitor = await mailTo(late.email);
    expect(toVisitor.at(-1)?.body).toContain('was not scheduled within 7 days of the payment, so it was refunded automatically');
    const expertMails = (await mailTo(expert.email)).filter((mail) => mail.subject === `Refunded: ${late.booking.visitorName}'s booking ($45.50)`);
    expect(expertMails).toHaveLength(1);

    const again = await runAutoRefunds({ sql: database().sql, payments: app.payments, publicOrigin: 'https://memento.example' }, new Date(paidAt + AUTO_REFUND_MS + 2_000));
    expect(again).toEqual({ refunded: 0, failed: 0 });
    expect(await mailTo(late.email)).toHaveLength(toVisitor.length);
  });
});
