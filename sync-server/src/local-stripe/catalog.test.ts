import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventsOf, idIn, monthlyPrice } from './billing-testing.ts';
import type { RunningLocalStripe } from './local-stripe.ts';
import { startForTest, stripeError } from './testing.ts';

/** Products and prices (found by lookup key), customers and their saved cards, and `expand`. */

let local: RunningLocalStripe;
let stripe: Stripe;
beforeEach(async () => {
  ({ local, stripe } = await startForTest());
});
afterEach(() => local.close());

/** Find-or-create by lookup key, as a server does to get its one monthly price. */
async function proPrice(): Promise<Stripe.Price> {
  const found = await stripe.prices.list({ lookup_keys: ['pro_monthly'], active: true, expand: ['data.product'] });
  return found.data[0] ?? monthlyPrice(stripe, 'pro_monthly');
}

describe('prices and products', () => {
  it('a lookup key finds the one price made for it, with its product expanded', async () => {
    const made = await proPrice();
    expect(made).toMatchObject({ type: 'recurring', unit_amount: 1500, currency: 'usd', lookup_key: 'pro_monthly' });
    expect(made.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    const found = await proPrice();
    expect(found.id).toBe(made.id);
    expect(found.product).toMatchObject({ object: 'product', name: 'Memento Pro (test)' });
    expect((await stripe.prices.list({ lookup_keys: ['other'] })).data).toEqual([]);
  });

  it('a lookup key already held is refused, unless transferred', async () => {
    const first = await monthlyPrice(stripe, 'pro_monthly');
    const taken = await stripeError(monthlyPrice(stripe, 'pro_monthly'));
    expect(taken).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'lookup_key' });
    const moved = await stripe.prices.create({
      currency: 'usd',
      unit_amount: 1600,
      recurring: { interval: 'month' },
      product: idIn(first.product),
      lookup_key: 'pro_monthly',
      transfer_lookup_key: true,
    });
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    expect((await stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data.map((price) => price.id)).toEqual([moved.id]);
  });

  it('a product may be given its own id, once', async () => {
    const product = await stripe.products.create({ id: 'memento_pro', name: 'Memento Pro' });
    expect(product).toMatchObject({ id: 'memento_pro', object: 'product', active: true });
    expect(await stripeError(stripe.products.create({ id: 'memento_pro', name: 'Again' }))).toMatchObject({ statusCode: 400, code: 'resource_already_exists' });
    expect((await eventsOf(stripe, 'product.created')).map((event) => event.data.object.id)).toEqual(['memento_pro']);
  });

  it('bad prices are refused with the parameter named', async () => {
    const product = await stripe.products.create({ name: 'Memento Pro' });
    const cases: [Stripe.PriceCreateParams, string][] = [
      [{ currency: 'usd', unit_amount: 1500 }, 'product'],
      [{ currency: 'usd', product: product.id }, 'unit_amount'],
      [{ currency: 'usd', unit_amount: 1500, product: product.id, recurring: { interval: 'fortnight' as 'month' } }, 'recurring[interval]'],
      [{ currency: 'usd', unit_amount: 1500, product: 'prod_nope' }, 'product'],
    ];
    for (const [params, param] of cases) {
      expect(await stripeError(stripe.prices.create(params)), param).toMatchObject({ statusCode: 400, param });
    }
  });
});

describe('customers and their cards', () => {
  it('saves a card to a customer and makes it the invoices’ default; lists it and finds the customer by e-mail', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test', name: 'Ada' });
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    expect(card).toMatchObject({ customer: customer.id, card: { last4: '4242' } });
    const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
    expect(updated.invoice_settings.default_payment_method).toBe(card.id);
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((each) => each.id)).toEqual([card.id]);
    expect((await stripe.customers.list({ email: 'ada@example.test' })).data.map((each) => each.id)).toEqual([customer.id]);
    const expanded = await stripe.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] });
    if (expanded.deleted === true) throw new Error('the customer was deleted');
    expect(expanded.invoice_settings.default_payment_method).toMatchObject({ id: card.id, object: 'payment_method' });
    const detached = await stripe.paymentMethods.detach(card.id);
    expect(detached.customer).toBeNull();
  });

  it('refuses to save a card that declines, but saves …0341, which fails only when charged', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test' });
    const declined = await stripeError(stripe.paymentMethods.attach('pm_card_chargeDeclined', { customer: customer.id }));
    expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(declined).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customer.id });
    expect(failing).toMatchObject({ customer: customer.id, card: { last4: '0341' } });
    // Charging it fails, as Stripe's card does.
    const charge = await stripeError(
      stripe.paymentIntents.create({ amount: 1500, currency: 'usd', customer: customer.id, payment_method: failing.id, confirm: true }),
    );
    expect(charge).toMatchObject({ code: 'card_declined' });
  });

  it('refuses a default card the customer has not saved, and a card saved by someone else', async () => {
    const ada = await stripe.customers.create({ email: 'ada@example.test' });
    const eve = await stripe.customers.create({ email: 'eve@example.test', payment_method: 'pm_card_visa', invoice_settings: { default_payment_method: 'pm_card_visa' } });
    const evesCard = idIn(eve.invoice_settings.default_payment_method);
    expect(evesCard).toMatch(/^pm_/);
    const notHers = await stripeError(stripe.customers.update(ada.id, { invoice_settings: { default_payment_method: evesCard } }));
    expect(notHers).toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });
    const taken = await stripeError(stripe.paymentMethods.attach(evesCard, { customer: ada.id }));
    expect(taken).toMatchObject({ statusCode: 400 });
  });

  it('refuses a test clock that does not exist', async () => {
    const error = await stripeError(stripe.customers.create({ test_clock: 'clock_nope' }));
    expect(error).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'test_clock' });
  });
});

describe('expand', () => {
  it('refuses a field that cannot be expanded, in Stripe’s shape', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.test' });
    const error = await stripeError(stripe.customers.retrieve(customer.id, { expand: ['email'] }));
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, param: 'expand' });
    expect(error.message).toBe('This property cannot be expanded (email).');
  });
});
