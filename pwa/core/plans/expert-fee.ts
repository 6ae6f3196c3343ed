/**
 * What the platform keeps of an expert's booking: one percentage of the amount, taken as the
 * application fee of the destination charge. Stripe's card processing is paid by the platform
 * out of this fee (destination charges bill the platform), so the expert receives the rest.
 */

/** The platform fee in basis points (1/100 of a percent): 1000 = 10%. */
export const EXPERT_PLATFORM_FEE_BPS = 1_000;

/** The fee as people read it: '10%'. */
export const EXPERT_PLATFORM_FEE_TEXT = `${EXPERT_PLATFORM_FEE_BPS / 100}%`;

/** Stripe's standard pricing for a US card, for the pricing page (taken from the fee above). */
export const STRIPE_CARD_PROCESSING_TEXT = '2.9% + 30¢';

/** The platform's fee on an amount, whole cents, rounded half up. */
export function expertFeeCents(amountCents: number): number {
  return Math.round((amountCents * EXPERT_PLATFORM_FEE_BPS) / 10_000);
}

/** What the expert receives of an amount. */
export function expertPayoutCents(amountCents: number): number {
  return amountCents - expertFeeCents(amountCents);
}
