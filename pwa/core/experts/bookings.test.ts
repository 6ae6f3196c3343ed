import { describe, expect, it } from 'vitest';
import { AUTO_REFUND_DAYS, autoRefundAt, canMarkScheduled, canRefund, isAutoRefundDue } from '#core/experts/bookings';

describe('the refund guarantee', () => {
  const paidAt = new Date('2026-03-01T10:00:00.000Z');

  it('refunds a paid booking seven days after payment, not before', () => {
    expect(AUTO_REFUND_DAYS).toBe(7);
    expect(autoRefundAt(paidAt).toISOString()).toBe('2026-03-08T10:00:00.000Z');
    expect(isAutoRefundDue('paid', paidAt, new Date('2026-03-08T09:59:59.999Z'))).toBe(false);
    expect(isAutoRefundDue('paid', paidAt, new Date('2026-03-08T10:00:00.000Z'))).toBe(true);
  });

  it('never refunds a booking marked scheduled, or one refunded already', () => {
    const late = new Date('2026-04-01T00:00:00.000Z');
    expect(isAutoRefundDue('scheduled', paidAt, late)).toBe(false);
    expect(isAutoRefundDue('refunding', paidAt, late)).toBe(false);
    expect(isAutoRefundDue('refunded', paidAt, late)).toBe(false);
  });

  it('lets the expert schedule a paid booking and refund one not refunded yet', () => {
    expect(canMarkScheduled('paid')).toBe(true);
    expect(canMarkScheduled('refunded')).toBe(false);
    expect(canRefund('scheduled')).toBe(true);
    expect(canRefund('refunded')).toBe(false);
  });
});
