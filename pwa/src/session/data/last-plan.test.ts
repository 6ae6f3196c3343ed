import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanState } from '#core/schemas/billing';
import { forgetLastPlan, readLastPlan, saveLastPlan, subscribeLastPlan } from './last-plan';

const PLAN: PlanState = {
  accountType: 1,
  status: 'active',
  currentPeriodStart: '2031-03-01T14:30:00.000Z',
  currentPeriodEnd: '2031-03-31T14:30:00.000Z',
  cancelAtPeriodEnd: false,
  renewedAt: null,
  refundUntil: null,
  graceUntil: null,
  notice: null,
  cancelOutcome: { kind: 'end_at_period_end', endsAt: '2031-03-31T14:30:00.000Z' },
  canResume: false,
  hasBillingAccount: true,
  checkedAt: '2031-03-10T15:05:00.000Z',
};

afterEach(() => {
  localStorage.clear();
});

describe('the last known plan', () => {
  it('is kept per account across a reload of the page and forgotten on request', () => {
    saveLastPlan('user-a', PLAN);
    expect(JSON.parse(localStorage.getItem('memento.plan.user-a') ?? 'null')).toEqual(PLAN);
    expect(readLastPlan('user-a')).toEqual(PLAN);
    expect(readLastPlan('user-b')).toBeNull();
    forgetLastPlan('user-a');
    expect(readLastPlan('user-a')).toBeNull();
    expect(localStorage.getItem('memento.plan.user-a')).toBeNull();
  });

  it('reads a damaged or outdated copy as none', () => {
    localStorage.setItem('memento.plan.user-a', '{"status":"active"');
    expect(readLastPlan('user-a')).toBeNull();
    localStorage.setItem('memento.plan.user-a', JSON.stringify({ ...PLAN, status: 'paused' }));
    expect(readLastPlan('user-a')).toBeNull();
  });

  it('gives the same object until it changes, as a store snapshot must', () => {
    saveLastPlan('user-a', PLAN);
    const first = readLastPlan('user-a');
    expect(readLastPlan('user-a')).toBe(first);
    saveLastPlan('user-a', { ...PLAN, status: 'canceling', cancelAtPeriodEnd: true });
    expect(readLastPlan('user-a')?.status).toBe('canceling');
  });

  it('tells its subscribers about every change, and no more after they leave', () => {
    const listener = vi.fn();
    const stop = subscribeLastPlan(listener);
    saveLastPlan('user-a', PLAN);
    forgetLastPlan('user-a');
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    saveLastPlan('user-a', PLAN);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('still serves this page when storage refuses the write', () => {
    const full = { getItem: () => null, setItem: () => { throw new DOMException('full', 'QuotaExceededError'); }, removeItem: () => undefined };
    saveLastPlan('user-c', PLAN, full);
    expect(readLastPlan('user-c', full)).toEqual(PLAN);
    forgetLastPlan('user-c', full);
    expect(readLastPlan('user-c', full)).toBeNull();
  });
});
