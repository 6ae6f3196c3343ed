/**
 * Stripe's public test cards (docs.stripe.com/testing): the only numbers the test-mode card field
 * and the local Stripe accept, and what confirming a payment with each one does. One list for
 * both sides, so the field never accepts a number the local Stripe does not know.
 */

/** What happens when a PaymentIntent is confirmed with the card. */
export type CardOutcome =
  | { readonly kind: 'succeeds' }
  | {
      readonly kind: 'declined';
      readonly declineCode: 'generic_decline' | 'insufficient_funds';
      /**
       * Saving the card for later (attaching it to a customer) succeeds and only charging it
       * fails: how a renewal's failure is tested. Other declining cards fail when attached too.
       */
      readonly attaches?: true;
    }
  | { readonly kind: 'requires_authentication' };

export interface TestCard {
  readonly number: string;
  readonly brand: string;
  readonly funding: 'credit' | 'debit';
  readonly outcome: CardOutcome;
}

const SUCCEEDS: CardOutcome = { kind: 'succeeds' };

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', outcome: SUCCEEDS },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', outcome: SUCCEEDS },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', outcome: SUCCEEDS },
  { number: '378282246310005', brand: 'amex', funding: 'credit', outcome: SUCCEEDS },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'declined', declineCode: 'generic_decline' },
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'declined', declineCode: 'insufficient_funds' },
  },
  // "Decline after attaching": saved to a customer without trouble, declined at every charge.
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    outcome: { kind: 'declined', declineCode: 'generic_decline', attaches: true },
  },
  // "Authenticate unless set up": a one-time payment always asks for authentication.
  { number: '4000002500003155', brand: 'visa', funding: 'credit', outcome: { kind: 'requires_authentication' } },
  // "Always authenticate".
  { number: '4000002760003184', brand: 'visa', funding: 'credit', outcome: { kind: 'requires_authentication' } },
];

export function findTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

/** The Luhn check every card number passes; a number failing it is `incorrect_number`. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
