import type Stripe from 'stripe';
import { CURRENCY, PRICES_CENTS } from '#core/plans/prices';

/**
 * The Pro price at the provider, found by its lookup key and made when missing, so a fresh Stripe
 * account (or the local Stripe after a restart) needs no setup. The amount is the one in
 * `pwa/core/plans`: when that changes, a new price takes the lookup key over and new plans use it.
 */

export const PRO_LOOKUP_KEY = 'memento_pro_monthly';
const PRODUCT_NAME = 'Memento Pro';

function matches(price: Stripe.Price): boolean {
  return price.unit_amount === PRICES_CENTS.proMonthly && price.currency === CURRENCY && price.recurring?.interval === 'month';
}

async function findOrCreate(stripe: Stripe): Promise<string> {
  const { data } = await stripe.prices.list({ lookup_keys: [PRO_LOOKUP_KEY], active: true, limit: 1 });
  const existing = data[0];
  if (existing !== undefined && matches(existing)) return existing.id;
  const price = await stripe.prices.create(
    {
      currency: CURRENCY,
      unit_amount: PRICES_CENTS.proMonthly,
      recurring: { interval: 'month' },
      lookup_key: PRO_LOOKUP_KEY,
      ...(existing === undefined ? {} : { transfer_lookup_key: true }),
      product_data: { name: PRODUCT_NAME },
    },
    // Instances starting together make one price, not one each.
    { idempotencyKey: `pro-price-${PRICES_CENTS.proMonthly}-${CURRENCY}-month` },
  );
  return price.id;
}

const known = new WeakMap<Stripe, Promise<string>>();

/** The Pro price's id for this SDK client; looked up once per process, again after a failure. */
export function proPriceId(stripe: Stripe): Promise<string> {
  let found = known.get(stripe);
  if (found === undefined) {
    found = findOrCreate(stripe);
    known.set(stripe, found);
    found.catch(() => known.delete(stripe));
  }
  return found;
}
