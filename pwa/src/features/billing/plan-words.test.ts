import { describe, expect, it } from 'vitest';
import { checkedAtText, graceNotice, outcomeOnLocalDay, planFacts } from './plan-words';
import { planIn } from './testing/plan-fixtures';

// The tests run in UTC: the days below are the instants' UTC days.

describe('planFacts', () => {
  it('says Free without a plan, and Pro with the next payment while it runs', () => {
    expect(planFacts(planIn('none'))).toEqual([{ term: 'Subscription', detail: 'None: your account is Free.' }]);
    expect(planFacts(planIn('active'))).toEqual([
      { term: 'Subscription', detail: 'Pro, $15 a month' },
      { term: 'Next payment', detail: '$15 on Monday, March 31, 2031' },
    ]);
  });

  it('gives the day a cancelled plan ends, and no next payment', () => {
    expect(planFacts(planIn('canceling'))).toEqual([
      { term: 'Subscription', detail: 'Pro, cancels on Monday, March 31, 2031' },
      { term: 'Ends on', detail: 'Monday, March 31, 2031: nothing more is charged' },
    ]);
  });

  it('names the waiting, failed and ended states', () => {
    expect(planFacts(planIn('pending'))[0]?.detail).toBe('Pro, confirming your first payment …');
    expect(planFacts(planIn('grace'))[0]?.detail).toBe('Pro, last payment failed');
    expect(planFacts(planIn('ended'))[0]?.detail).toBe('Ended: your account is Free again.');
  });
});

describe('graceNotice', () => {
  it('tells a person in grace the day to fix their card by, and nobody else anything', () => {
    expect(graceNotice(planIn('grace'))).toBe(
      'Your last payment for Pro did not go through. Update your card by Monday, April 7, 2031 to keep Pro; after that your account returns to Free.',
    );
    expect(graceNotice(planIn('active'))).toBeNull();
  });
});

describe('outcomeOnLocalDay', () => {
  it('turns the end instant into the day here and keeps the refund as it is', () => {
    expect(outcomeOnLocalDay({ kind: 'end_at_period_end', endsAt: '2031-03-31T23:30:00.000Z' })).toEqual({ kind: 'end_at_period_end', endsOn: '2031-03-31' });
    expect(outcomeOnLocalDay({ kind: 'refund_and_end_now', refundCents: 1500 })).toEqual({ kind: 'refund_and_end_now', refundCents: 1500 });
  });
});

describe('checkedAtText', () => {
  it('gives the day and time the plan was checked', () => {
    expect(checkedAtText(planIn('active'))).toBe('Mar 10, 2031, 3:05 PM');
  });
});
