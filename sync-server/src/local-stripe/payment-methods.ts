/**
 * PaymentMethods of type card, made from Stripe's public test cards only (see test-cards.ts),
 * and the test ids (`pm_card_visa`, …) that stand for a fresh PaymentMethod wherever one is named.
 */
import type Stripe from 'stripe';
import { cardError, invalidRequest, missingParam, noSuch } from './errors.ts';
import type { FormObject } from './form.ts';
import { newId, randomToken } from './ids.ts';
import { allowOnly, metadata, optionalObject, optionalString, requiredString } from './params.ts';
import { json, type Route } from './route.ts';
import type { LocalStripeStore } from './store.ts';
import { findTestCard, passesLuhn, TEST_PAYMENT_METHOD_IDS, type TestCard } from './test-cards.ts';

const LIVE_CARD_MESSAGE =
  'Your card was declined. Your request was in test mode, but used a non test (live) card. ' +
  'For a list of valid test cards, visit: https://stripe.com/docs/testing.';

function cardField(card: FormObject, name: string): string {
  const value = optionalString(card, name);
  if (value === undefined || value === '') throw missingParam(`card[${name}]`);
  return value;
}

function readCard(card: FormObject, now: Date): { card: TestCard; expMonth: number; expYear: number } {
  const number = (optionalString(card, 'number') ?? '').replace(/[\s-]/g, '');
  if (number === '') throw missingParam('card[number]');
  if (!passesLuhn(number)) {
    throw cardError({ code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' });
  }
  const testCard = findTestCard(number);
  if (testCard === undefined) {
    throw cardError({ code: 'card_declined', decline_code: 'test_mode_live_card', message: LIVE_CARD_MESSAGE });
  }
  const month = Number(cardField(card, 'exp_month'));
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw cardError({
      code: 'invalid_expiry_month',
      message: "Your card's expiration month is invalid.",
      param: 'card[exp_month]',
    });
  }
  const rawYear = Number(cardField(card, 'exp_year'));
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  const thisYear = now.getUTCFullYear();
  const expired = year < thisYear || (year === thisYear && month < now.getUTCMonth() + 1);
  if (!Number.isInteger(year) || expired || year > thisYear + 50) {
    throw cardError({
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is invalid.",
      param: 'card[exp_year]',
    });
  }
  const cvc = optionalString(card, 'cvc');
  if (cvc !== undefined && !/^\d{3,4}$/.test(cvc)) {
    throw cardError({ code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'card[cvc]' });
  }
  return { card: testCard, expMonth: month, expYear: year };
}

function billingDetails(params: FormObject): Stripe.PaymentMethod.BillingDetails {
  const given = optionalObject(params, 'billing_details') ?? {};
  return {
    address: null,
    email: optionalString(given, 'email') ?? null,
    name: optionalString(given, 'name') ?? null,
    phone: optionalString(given, 'phone') ?? null,
    tax_id: null,
  };
}

function storeCard(
  store: LocalStripeStore,
  card: TestCard,
  expiry: { expMonth: number; expYear: number },
  extra: { billing: Stripe.PaymentMethod.BillingDetails; metadata: Stripe.Metadata },
): Stripe.PaymentMethod {
  const method: Stripe.PaymentMethod = store.paymentMethods.put({
    id: newId('pm'),
    object: 'payment_method',
    billing_details: extra.billing,
    card: {
      brand: card.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: 'US',
      display_brand: card.brand,
      exp_month: expiry.expMonth,
      exp_year: expiry.expYear,
      fingerprint: randomToken(16),
      funding: card.funding,
      generated_from: null,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: store.nowSeconds(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: extra.metadata,
    type: 'card',
  });
  store.cards.set(method.id, card);
  return method;
}

/**
 * A card PaymentMethod from what a person typed on a test page (number, expiry, CVC), checked as
 * `POST /v1/payment_methods` checks it: a card error (402) for a mistyped or non-test number.
 */
export function cardPaymentMethod(
  store: LocalStripeStore,
  card: { readonly number: string; readonly exp_month: string; readonly exp_year: string; readonly cvc: string },
  billing: { readonly name: string | null; readonly email: string | null },
): Stripe.PaymentMethod {
  const read = readCard({ ...card }, new Date(store.clock.now()));
  const details = { address: null, email: billing.email, name: billing.name, phone: null, tax_id: null };
  return storeCard(store, read.card, read, { billing: details, metadata: {} });
}

/** A PaymentMethod named in a request: a stored one, or a test id that makes a fresh one. */
export function resolvePaymentMethod(store: LocalStripeStore, id: string, param: string): Stripe.PaymentMethod {
  const testNumber = TEST_PAYMENT_METHOD_IDS[id];
  const testCard = testNumber === undefined ? undefined : findTestCard(testNumber);
  if (testCard !== undefined) {
    const year = new Date(store.clock.now()).getUTCFullYear() + 3;
    const billing = { address: null, email: null, name: null, phone: null, tax_id: null };
    return storeCard(store, testCard, { expMonth: 12, expYear: year }, { billing, metadata: {} });
  }
  const stored = store.paymentMethods.get(id);
  if (stored === undefined) throw noSuch('PaymentMethod', id, param);
  return stored;
}

export function cardBehind(store: LocalStripeStore, paymentMethodId: string): TestCard {
  const card = store.cards.get(paymentMethodId);
  if (card === undefined) throw noSuch('PaymentMethod', paymentMethodId, 'payment_method');
  return card;
}

export const paymentMethodRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    // Browsers make PaymentMethods with the publishable key (Stripe.js, or the local card field).
    publishable: true,
    handle: ({ params, store }) => {
      allowOnly(params, ['type', 'card', 'billing_details', 'metadata']);
      const type = requiredString(params, 'type');
      if (type !== 'card') {
        throw invalidRequest(`The local Stripe supports PaymentMethods of type card only, not ${type}.`, 'type');
      }
      const card = optionalObject(params, 'card');
      if (card === undefined) throw missingParam('card');
      const read = readCard(card, new Date(store.clock.now()));
      return json(storeCard(store, read.card, read, { billing: billingDetails(params), metadata: metadata(params) }));
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    handle: ({ store, pathParams }) => {
      const id = pathParams.id ?? '';
      const method = store.paymentMethods.get(id);
      if (method === undefined) throw noSuch('PaymentMethod', id);
      return json(method);
    },
  },
];
