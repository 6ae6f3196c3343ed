/**
 * The local Stripe's view of the test cards (the list itself is core's): the test PaymentMethod
 * ids Stripe documents, and the brand as the SDK types it.
 */
import type Stripe from 'stripe';
import type { TestCard } from '#core/payments/test-cards';

export { findTestCard, passesLuhn, type CardOutcome, type TestCard } from '#core/payments/test-cards';

/** Stripe's test PaymentMethod ids, usable without creating anything first. */
export const TEST_PAYMENT_METHOD_IDS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequired: '4000002760003184',
};

export function cardBrand(card: TestCard): Stripe.PaymentMethod.Card['display_brand'] {
  return card.brand;
}
