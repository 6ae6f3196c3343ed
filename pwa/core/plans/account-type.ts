/**
 * An account's type is a number. Exactly 1 is the paid (Pro) plan; every other value, including
 * unknown ones from older data, is the free plan. Every screen and the server ask `isPaid`,
 * never compare the number themselves.
 */

export const ACCOUNT_TYPE = { free: 0, paid: 1 } as const;

export type PlanName = 'Free' | 'Pro';

export function isPaid(accountType: number): boolean {
  return accountType === ACCOUNT_TYPE.paid;
}

export function planName(accountType: number): PlanName {
  return isPaid(accountType) ? 'Pro' : 'Free';
}
