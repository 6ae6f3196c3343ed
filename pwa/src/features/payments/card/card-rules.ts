import { passesLuhn, TEST_CARDS } from '#core/payments/test-cards';
import type { TestCard } from '../data/create-payment-method';

/**
 * The test-mode card field's rules: formatting as the buyer types, the Luhn check, the expiry
 * (MM/YY, not in the past) and the CVC. Only Stripe's public test numbers are accepted, so
 * nobody types a real card into a page that moves no money.
 */

/** Stripe's public test cards that the local Stripe knows (core's list). */
export const TEST_CARD_NUMBERS: readonly string[] = TEST_CARDS.map((card) => card.number);

export interface CardValues {
  readonly number: string;
  readonly expiry: string;
  readonly cvc: string;
}

export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '' };

export interface CardErrors {
  readonly number?: string;
  readonly expiry?: string;
  readonly cvc?: string;
}

export const CARD_MESSAGES = {
  numberMissing: 'Enter the card number',
  numberIncorrect: 'This card number is not valid: check the digits',
  numberNotTest: 'Test mode takes only Stripe test cards: use 4242 4242 4242 4242. Never enter a real card here.',
  expiryMissing: 'Enter the expiry date as MM/YY',
  expiryInvalid: 'Enter the expiry date as MM/YY, with a month from 01 to 12',
  expiryPast: 'This card has expired: use a future date',
  cvcMissing: 'Enter the CVC (3 digits, 4 on American Express)',
  cvcInvalid: 'The CVC is 3 digits (4 on American Express)',
} as const;

const digits = (value: string) => value.replace(/\D/g, '');
const isAmex = (number: string) => /^3[47]/.test(number);

/** The number in groups as printed on the card (4-6-5 for American Express, else groups of 4). */
export function formatCardNumber(value: string): string {
  const number = digits(value).slice(0, 19);
  if (isAmex(number)) {
    return [number.slice(0, 4), number.slice(4, 10), number.slice(10, 15)].filter(Boolean).join(' ');
  }
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM/YY as typed: a single digit above 1 is a month (5 → 05/). */
export function formatExpiry(value: string): string {
  let raw = digits(value).slice(0, 4);
  if (raw.length === 1 && Number(raw) > 1) raw = `0${raw}`;
  return raw.length > 2 ? `${raw.slice(0, 2)}/${raw.slice(2)}` : raw;
}

export function formatCvc(value: string): string {
  return digits(value).slice(0, 4);
}

/** The card's problems, or the card ready to send. `now` is passed in: the expiry depends on it. */
export function validateCard(values: CardValues, now: Date): { readonly errors: CardErrors; readonly card: TestCard | null } {
  const number = digits(values.number);
  const numberError =
    number === ''
      ? CARD_MESSAGES.numberMissing
      : !passesLuhn(number)
        ? CARD_MESSAGES.numberIncorrect
        : !TEST_CARD_NUMBERS.includes(number)
          ? CARD_MESSAGES.numberNotTest
          : undefined;

  const expiry = /^(\d{2})\/(\d{2})$/.exec(values.expiry.trim());
  const month = expiry ? Number(expiry[1]) : NaN;
  const year = expiry ? 2000 + Number(expiry[2]) : NaN;
  // A card is good through the last day of its expiry month.
  const expired = year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
  const expiryError =
    values.expiry.trim() === ''
      ? CARD_MESSAGES.expiryMissing
      : !expiry || month < 1 || month > 12
        ? CARD_MESSAGES.expiryInvalid
        : expired
          ? CARD_MESSAGES.expiryPast
          : undefined;

  const cvc = values.cvc.trim();
  const cvcLength = isAmex(number) ? 4 : 3;
  const cvcError = cvc === '' ? CARD_MESSAGES.cvcMissing : !new RegExp(`^\\d{${cvcLength}}$`).test(cvc) ? CARD_MESSAGES.cvcInvalid : undefined;

  const errors: CardErrors = {
    ...(numberError === undefined ? {} : { number: numberError }),
    ...(expiryError === undefined ? {} : { expiry: expiryError }),
    ...(cvcError === undefined ? {} : { cvc: cvcError }),
  };
  const ok = numberError === undefined && expiryError === undefined && cvcError === undefined;
  return { errors, card: ok ? { number, expMonth: month, expYear: year, cvc } : null };
}
