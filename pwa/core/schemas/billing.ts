import { z } from 'zod';
import { PLAN_STATUSES } from '../plans/subscription';
import { userReplySchema } from './auth';
import { buyerNameSchema, idempotencyKeySchema, orderStatusSchema, paymentMethodIdSchema } from './payments';

/**
 * The paid plan's calls (one subscription, one price: `PRICES_CENTS.proMonthly`; the rules in
 * `plans/subscription.ts`). Every call needs a signed-in session (401 INVALID_TOKEN otherwise;
 * `refreshUser` answers 400 as its first version did) and only ever reads or changes the caller's
 * own plan. The account type follows the plan from the provider's verified webhooks only, so an
 * answer here may say `pending` until the webhook has confirmed a payment.
 *
 * - `POST /api/chargeHNSubscription` (/hnupgrade) → `chargeHNSubscriptionResponseSchema`.
 *   ALREADY_SUBSCRIBED (409) when the account already has a live plan (another checkout's key).
 * - `POST /api/billing/checkout {}` → `{url}`: the provider's hosted checkout (Stripe Checkout, or
 *   the local Stripe's page), the e-mail prefilled; it returns to `/dashboard?checkout_session={id}`
 *   (`paths.dashboardCheckoutReturn`), or to `/dashboard` when the person cancels. ALREADY_SUBSCRIBED (409).
 * - `GET /api/billing/checkout/{sessionId}` → `checkoutSessionStateSchema`: the return page asks
 *   whether the payment went through while the webhook is on its way. NOT_FOUND (404) for a
 *   session that is not the caller's.
 * - `POST /api/billing/portal {returnTo?}` → `{url}`: the provider's billing portal, back to
 *   `/account` (or the dashboard's account view with `returnTo: 'dashboard'`).
 *   NO_SUBSCRIPTION (404) when the account never subscribed.
 * - `POST /api/billing/cancel {}` → `cancelResponseSchema`: by the rule (refund and end now inside
 *   48 h after a renewal, else at the period end, or now in grace). NO_SUBSCRIPTION (404).
 * - `POST /api/billing/resume {}` → `resumeResponseSchema`: undoes a cancellation until the period
 *   ends. NO_SUBSCRIPTION (404); NOT_RESUMABLE (409) when the plan is not ending or has ended.
 * - `GET /api/billing/subscription` → `planStateSchema`.
 * - `GET|POST /api/refreshUser` → `refreshUserReplySchema`: the account with its plan.
 */

/** An instant as an ISO 8601 string in UTC. */
const instantSchema = z.iso.datetime();

export const planStatusSchema = z.enum(PLAN_STATUSES);

/** What cancelling now would do (see `cancelOutcome`), as the server judges it. */
export const cancelOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('refund_and_end_now'), refundCents: z.int().positive() }),
  z.object({ kind: z.literal('end_at_period_end'), endsAt: instantSchema }),
  z.object({ kind: z.literal('end_now') }),
]);
export type CancelOutcomeReply = z.infer<typeof cancelOutcomeSchema>;

/**
 * The caller's plan. Offline, the app shows the last one it received with `checkedAt`.
 * - `currentPeriodStart`/`currentPeriodEnd`: the paid (or, in grace, unpaid) month; null without a plan.
 * - `renewedAt`: when the renewal that began that month was paid (a cancellation until `refundUntil`
 *   refunds it); null in a plan's first month.
 * - `graceUntil`: in grace, when the account returns to free unless the card is fixed.
 * - `notice`: `payment_failed` while a failed renewal's grace period runs (show `graceNoticeText`).
 * - `cancelOutcome`: what Cancel would do now; null when there is nothing to cancel.
 * - `canResume`: the cancellation can still be undone.
 * - `hasBillingAccount`: the portal is available (the account has subscribed at some point).
 */
export const planStateSchema = z.object({
  accountType: z.int(),
  status: planStatusSchema,
  currentPeriodStart: instantSchema.nullable(),
  currentPeriodEnd: instantSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  renewedAt: instantSchema.nullable(),
  refundUntil: instantSchema.nullable(),
  graceUntil: instantSchema.nullable(),
  notice: z.enum(['payment_failed']).nullable(),
  cancelOutcome: cancelOutcomeSchema.nullable(),
  canResume: z.boolean(),
  hasBillingAccount: z.boolean(),
  checkedAt: instantSchema,
});
export type PlanState = z.infer<typeof planStateSchema>;

/** `POST /api/chargeHNSubscription`: the card as a PaymentMethod, the device-made idempotency key. */
export const chargeHNSubscriptionRequestSchema = z.object({
  name: buyerNameSchema,
  paymentMethodId: paymentMethodIdSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type ChargeHNSubscriptionRequest = z.infer<typeof chargeHNSubscriptionRequestSchema>;

/**
 * The specification's `{ success, message }` with what the checkout needs: `success` once the
 * first payment went through (the plan itself turns Pro with the webhook: refresh the user),
 * `requires_action` with `nextActionUrl` when the bank asks to authenticate, `failed` with words.
 */
export const chargeHNSubscriptionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  status: orderStatusSchema.optional(),
  nextActionUrl: z.string().optional(),
  plan: planStateSchema.optional(),
});
export type ChargeHNSubscriptionResponse = z.infer<typeof chargeHNSubscriptionResponseSchema>;

/** A Checkout Session id (`cs_…`). */
export const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, 'Expected a Checkout Session id');

/** `POST /api/billing/checkout` and `POST /api/billing/portal`: where to send the browser. */
export const redirectReplySchema = z.object({ url: z.url() });
export type RedirectReply = z.infer<typeof redirectReplySchema>;

/** The body of the calls that take none (`{}`; unknown fields are ignored). */
export const emptyBodySchema = z.object({});

/** `POST /api/billing/portal`: the page the portal returns to (`/account`, or the dashboard's account view). */
export const portalRequestSchema = z.object({ returnTo: z.enum(['account', 'dashboard']).default('account') });
export type PortalRequest = z.input<typeof portalRequestSchema>;

/**
 * `GET /api/billing/checkout/{sessionId}`: `complete` once the person paid on the hosted page;
 * `confirmed` once the webhook made the account paid (until then: "confirming your payment").
 */
export const checkoutSessionStateSchema = z.object({
  status: z.enum(['open', 'complete', 'expired']),
  confirmed: z.boolean(),
  plan: planStateSchema,
});
export type CheckoutSessionState = z.infer<typeof checkoutSessionStateSchema>;

/**
 * `POST /api/billing/cancel`: what was done, in words (`cancelDoneText`). `plan` is the plan as
 * the provider's webhooks have confirmed it so far: it catches up within seconds (read it again).
 */
export const cancelResponseSchema = z.object({
  outcome: cancelOutcomeSchema,
  message: z.string(),
  plan: planStateSchema,
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;

/** `POST /api/billing/resume` (`plan` as for cancel). Undoing twice is fine. */
export const resumeResponseSchema = z.object({ message: z.string(), plan: planStateSchema });
export type ResumeResponse = z.infer<typeof resumeResponseSchema>;

/** `GET|POST /api/refreshUser`: the account as before, with its plan. */
export const refreshUserReplySchema = userReplySchema.extend({ plan: planStateSchema });
export type RefreshUserReply = z.infer<typeof refreshUserReplySchema>;
