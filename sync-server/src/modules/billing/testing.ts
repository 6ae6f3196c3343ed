import type Stripe from 'stripe';
import { planStateSchema, type PlanState } from '#core/schemas/billing';
import { userReplySchema } from '#core/schemas/auth';
import type { Sql } from '../../db/client.ts';
import { createTestUser, type TestUser } from '../../testing/users.ts';
import { apiCall, type ApiCallResult } from '../accounts/testing/api-call.ts';
import { newIdempotencyKey, servePayments, type PaymentsServer } from '../payments/testing.ts';

/**
 * Billing tests: the product in test mode with its local Stripe (the real SDK on both sides),
 * webhooks delivered when the test says, and people whose provider customer lives on a test clock
 * so renewals, the 48 h window and the grace period are reached by moving the clock.
 */

export type BillingServer = PaymentsServer;
export const serveBilling = servePayments;

export interface Person extends TestUser {
  /** The test clock the person's customer (and so their plan) lives on, when made with one. */
  readonly clock: string | null;
}

/**
 * A signed-in person. With `clockAt` (seconds), their provider customer is made on a new test
 * clock frozen then, and kept as theirs, as the first checkout would have kept it.
 */
export async function newPerson(app: BillingServer, sql: Sql, email: string, clockAt?: number): Promise<Person> {
  const user = await createTestUser(sql, email);
  if (clockAt === undefined) return { ...user, clock: null };
  const clock = await app.stripe.testHelpers.testClocks.create({ frozen_time: clockAt, name: email });
  const customer = await app.stripe.customers.create({ email, test_clock: clock.id, metadata: { user_id: user.userId } });
  await sql`insert into billing_customers (user_id, provider, provider_customer_id) values (${user.userId}, 'test', ${customer.id})`;
  return { ...user, clock: clock.id };
}

/** Moves the person's clock to `time` (seconds) and delivers every webhook that caused. */
export async function advance(app: BillingServer, person: Person, time: number): Promise<Stripe.TestHelpers.TestClock> {
  if (person.clock === null) throw new Error('this person has no test clock');
  const clock = await app.stripe.testHelpers.testClocks.advance(person.clock, { frozen_time: time });
  await app.deliverWebhooks();
  return clock;
}

export function call(app: BillingServer, person: TestUser, method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiCallResult> {
  return apiCall(app.server.url, method, path, { token: person.token, ...(body === undefined && method === 'POST' ? { body: {} } : { body }) });
}

/** Upgrades from /hnupgrade with a test card; the answer, before any webhook. */
export async function upgrade(app: BillingServer, person: TestUser, paymentMethodId = 'pm_card_visa', idempotencyKey = newIdempotencyKey()): Promise<ApiCallResult> {
  return call(app, person, 'POST', '/api/chargeHNSubscription', { name: 'Ada Lovelace', paymentMethodId, idempotencyKey });
}

export async function planOf(app: BillingServer, person: TestUser): Promise<PlanState> {
  const reply = await call(app, person, 'GET', '/api/billing/subscription');
  if (reply.status !== 200) throw new Error(`GET /api/billing/subscription answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return planStateSchema.parse(reply.body);
}

/** The account type `refreshUser` answers (what the app shows the PRO badge from). */
export async function accountTypeOf(app: BillingServer, person: TestUser): Promise<number> {
  const reply = await call(app, person, 'GET', '/api/refreshUser');
  return userReplySchema.parse(reply.body).accountType;
}

/** The mail queued to an address, oldest first. */
export async function mailTo(sql: Sql, address: string): Promise<{ subject: string; body: string }[]> {
  return sql<{ subject: string; body: string }[]>`select subject, body from mail_outbox where to_address = ${address} order by created_at, id`;
}
