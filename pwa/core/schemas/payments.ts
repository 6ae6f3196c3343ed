import { z } from 'zod';

/**
 * The payment calls both sides share. The specification's calls keep their paths and answers
 * (`POST /api/charge`, `POST /api/chargeHumanSounds` → `{ success, message }`); the payload
 * carries a PaymentMethod id (made in the browser by Stripe.js, or by the local Stripe's card
 * field) where the specification had a card token, and an idempotency key the device made when
 * the checkout opened, so a double click, a retry or a resubmit after a lost answer charges once.
 * Amounts are never sent: the server takes them from `pwa/core/plans`.
 */

export const BUYER_NAME_MAX = 100;
export const BUYER_EMAIL_MAX = 254;

export const buyerNameSchema = z.string().trim().min(1, 'Enter your name').max(BUYER_NAME_MAX, `At most ${BUYER_NAME_MAX} characters`);

export const buyerEmailSchema = z
  .string()
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(BUYER_EMAIL_MAX, `At most ${BUYER_EMAIL_MAX} characters`)
  .pipe(z.email('Enter an e-mail address like name@example.com'));

/** A Stripe PaymentMethod id (`pm_…`). */
export const paymentMethodIdSchema = z.string().regex(/^pm_[A-Za-z0-9_]{1,250}$/, 'Expected a PaymentMethod id');

/** Made on the device when a checkout opens and kept across a reload: 16-100 URL-safe characters. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, 'Expected an idempotency key');

/** `POST /api/charge` (THE PASS) and `POST /api/chargeHumanSounds` (the sound library). */
export const chargeRequestSchema = z.object({
  name: buyerNameSchema,
  email: buyerEmailSchema,
  paymentMethodId: paymentMethodIdSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;

/**
 * Where an order stands, as the browser is told: `succeeded` once the provider confirmed it
 * (fulfilment itself runs from the verified webhook), `requires_action` while the bank asks the
 * buyer to authenticate (`nextActionUrl` is where), `processing` while the answer is not final.
 */
export const ORDER_STATUSES = ['processing', 'requires_action', 'succeeded', 'failed', 'refunded'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** The specification's answer `{ success, message }`, with what a checkout needs to go on. */
export const chargeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  orderId: z.string().optional(),
  status: orderStatusSchema.optional(),
  nextActionUrl: z.string().optional(),
  /** Human Sounds, once succeeded: opens `/humansounds/thankyou/{token}` (schemas/human-sounds.ts). */
  downloadToken: z.string().optional(),
});
export type ChargeResponse = z.infer<typeof chargeResponseSchema>;

/**
 * `GET /api/payments/config`: how the browser takes a card. `test`: the local Stripe on this
 * server (our own card field, Stripe's public test cards only); `stripe`: Stripe.js with the
 * publishable key.
 */
export const paymentsConfigSchema = z.object({
  mode: z.enum(['test', 'stripe']),
  publishableKey: z.string(),
});
export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

/**
 * `GET /api/account/purchases` (signed in): what this account has bought, paid orders only.
 * `hasPass`: THE PASS was paid by this account (bought while signed in).
 */
export const purchaseSchema = z.object({
  orderId: z.string(),
  kind: z.enum(['pass', 'sounds', 'expert', 'pro']),
  amountCents: z.int(),
  status: orderStatusSchema,
  createdAt: z.string(),
});
export const accountPurchasesSchema = z.object({
  hasPass: z.boolean(),
  purchases: z.array(purchaseSchema),
});
export type AccountPurchases = z.infer<typeof accountPurchasesSchema>;
