import { describe, expect, it } from 'vitest';
import { chargeHNSubscriptionRequestSchema, checkoutSessionIdSchema, planStateSchema } from './billing';

const valid = { name: ' Ada ', paymentMethodId: 'pm_card_visa', idempotencyKey: 'hnupgrade-0123456789abcdef' };

describe('chargeHNSubscriptionRequestSchema', () => {
  it('accepts the upgrade form and carries no amount or plan from the client', () => {
    expect(chargeHNSubscriptionRequestSchema.parse({ ...valid, amount: 1, accountType: 1 })).toEqual({ ...valid, name: 'Ada' });
  });

  it.each([
    ['no name', { ...valid, name: ' ' }, 'Enter your name'],
    ['a card token', { ...valid, paymentMethodId: 'tok_visa' }, 'Expected a PaymentMethod id'],
    ['no idempotency key', { ...valid, idempotencyKey: '' }, 'Expected an idempotency key'],
  ])('refuses %s', (_case, body, message) => {
    const result = chargeHNSubscriptionRequestSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('planStateSchema', () => {
  it('reads a plan in grace with its notice, and refuses an unknown status', () => {
    const plan = {
      accountType: 1,
      status: 'grace',
      currentPeriodStart: '2026-03-01T09:30:00.000Z',
      currentPeriodEnd: '2026-04-01T09:30:00.000Z',
      cancelAtPeriodEnd: false,
      renewedAt: '2026-03-01T10:30:00.000Z',
      refundUntil: null,
      graceUntil: '2026-03-08T09:30:00.000Z',
      notice: 'payment_failed',
      cancelOutcome: { kind: 'end_now' },
      canResume: false,
      hasBillingAccount: true,
      checkedAt: '2026-03-02T00:00:00.000Z',
    };
    expect(planStateSchema.parse(plan)).toEqual(plan);
    expect(planStateSchema.safeParse({ ...plan, status: 'gold' }).success).toBe(false);
  });

  it('takes only Checkout Session ids as session ids', () => {
    expect(checkoutSessionIdSchema.safeParse('cs_test_a1B2').success).toBe(true);
    expect(checkoutSessionIdSchema.safeParse('../cs_1').success).toBe(false);
  });
});
