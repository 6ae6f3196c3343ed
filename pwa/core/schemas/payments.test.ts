import { describe, expect, it } from 'vitest';
import { chargeRequestSchema } from './payments';

const valid = { name: ' Ada ', email: 'ada@example.test', paymentMethodId: 'pm_card_visa', idempotencyKey: 'checkout-0123456789abcdef' };

describe('chargeRequestSchema', () => {
  it('accepts a checkout and trims what was typed', () => {
    expect(chargeRequestSchema.parse(valid)).toEqual({ ...valid, name: 'Ada' });
  });

  it.each([
    ['no name', { ...valid, name: '  ' }, 'Enter your name'],
    ['no e-mail', { ...valid, email: '' }, 'Enter your e-mail address'],
    ['a broken e-mail', { ...valid, email: 'ada@' }, 'Enter an e-mail address like name@example.com'],
    ['a card token instead of a PaymentMethod', { ...valid, paymentMethodId: 'tok_visa' }, 'Expected a PaymentMethod id'],
    ['a short idempotency key', { ...valid, idempotencyKey: 'abc' }, 'Expected an idempotency key'],
  ])('refuses %s with a clear message', (_case, body, message) => {
    const result = chargeRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('carries no amount: whatever a client adds is dropped', () => {
    expect(chargeRequestSchema.parse({ ...valid, amount: 1 })).not.toHaveProperty('amount');
  });
});
