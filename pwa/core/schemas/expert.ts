import { z } from 'zod';
import { BOOKING_STATUSES, REFUND_REASONS } from '../experts/bookings';
import {
  EXPERT_VERBS,
  HELP_ITEM_MAX,
  HELP_LIST_MAX_ITEMS,
  RATE_MESSAGES,
  YOUR_BIO_MAX,
  YOUR_NAME_MAX,
  parseRateDollars,
  rateProblem,
} from '../experts/fields';
import type { PublicExpert } from '../experts/public-expert-reply';
import { SITE_NAME_MESSAGES, siteNameProblem } from '../experts/site-name';

/**
 * The expert calls (specification section 7), shared by the screens and the server. Every
 * answer below is JSON; errors are `{ error, message }` (api-error.ts). Protected calls need the
 * session token; without a live one they answer 401 INVALID_TOKEN. Every protected call acts on
 * the caller's own expert record only: there is no way to name another's.
 *
 * - `POST /api/addExpert` {@link expertFieldsSchema} → 201 {@link expertResponseSchema}. The same
 *   site name sent again by its owner (a retry after a lost answer) → 200 with the stored record.
 *   Errors: INVALID_REQUEST (400, `issues` per field), SITE_NAME_RESERVED (400),
 *   SITE_NAME_TAKEN (409), ALREADY_EXPERT (409: this account has a page under another name).
 * - `POST /api/createStripeAccount` (any body, ignored) → {@link stripeAccountResponseSchema}:
 *   the caller's Express account, made once. NOT_AN_EXPERT (404), UNAVAILABLE (503).
 * - `POST /api/createAccountLink` {@link createAccountLinkRequestSchema} →
 *   {@link accountLinkResponseSchema}: the provider's onboarding address; the browser goes there
 *   and comes back to /expert/dashboard. Makes the account first when there is none.
 *   NOT_AN_EXPERT (404), FORBIDDEN (403: a `stripeAccountId` that is not the caller's), UNAVAILABLE (503).
 * - `GET /api/expert/checkSiteName/{siteName}` → {@link checkSiteNameResponseSchema}. The name is
 *   stripped first. Free when it is the caller's own. RATE_LIMITED (429) past the limit.
 * - `POST /api/updateExpert` {@link expertFieldsSchema} → {@link expertResponseSchema}. Errors as
 *   addExpert, plus NOT_AN_EXPERT (404).
 * - `GET /api/expert/dashboard` → {@link expertDashboardResponseSchema} (`item` null: no page yet).
 * - `GET /api/expert/stripeInfo/{stripeAccountId}` → {@link stripeInfoResponseSchema}, read from
 *   the provider now (and stored). FORBIDDEN (403) for an account that is not the caller's,
 *   NOT_AN_EXPERT (404), UNAVAILABLE (503).
 * - `GET /api/expert/page/{siteName}` (public) → {@link expertPageResponseSchema}, public fields
 *   only. EXPERT_NOT_FOUND (404).
 * - `POST /api/expert/getPaymentIntent/{siteName}` (public) `chargeRequestSchema` (payments.ts) →
 *   `chargeResponseSchema`: one hour at the stored rate, charged to the card through the one
 *   payment engine (a POST: it takes money, and carries the visitor and the idempotency key).
 *   EXPERT_NOT_FOUND (404), NOT_ACCEPTING_CHARGES (409), CONFLICT (409), UNAVAILABLE (503);
 *   a declined card is a 200 with `success: false` and the words, like every checkout.
 * - `GET /api/expert/bookings` → {@link bookingsResponseSchema}, newest first. NOT_AN_EXPERT (404).
 * - `POST /api/expert/bookings/{id}/schedule` → {@link bookingResponseSchema}: 'Mark scheduled'.
 *   Again on a scheduled booking → 200 unchanged. BOOKING_NOT_FOUND (404, also for another
 *   expert's), BOOKING_REFUNDED (409).
 * - `POST /api/expert/bookings/{id}/refund` → {@link bookingResponseSchema}: 'Refund' (the whole
 *   amount; the transfer to the expert reversed). Again → 200 unchanged. BOOKING_NOT_FOUND (404),
 *   UNAVAILABLE (503).
 */

export const siteNameSchema = z.string().superRefine((name, ctx) => {
  const problem = siteNameProblem(name);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: SITE_NAME_MESSAGES[problem], params: { problem } });
});

/** The rate as the form sends it: US dollars with at most two decimals, within the bounds. */
export const rateDollarsSchema = z.number().superRefine((rate, ctx) => {
  const problem = rateProblem(rateCentsOf(rate));
  if (problem !== null) ctx.addIssue({ code: 'custom', message: RATE_MESSAGES[problem] });
});

/** A rate in dollars as whole cents, or null when it has more than two decimals or is not finite. */
export function rateCentsOf(rate: number): number | null {
  if (!Number.isFinite(rate) || rate < 0) return null;
  return parseRateDollars(String(rate));
}

export const expertFieldsSchema = z.object({
  /** Send it stripped (`stripSiteName`); the server refuses anything but letters. */
  siteName: siteNameSchema,
  yourName: z
    .string()
    .trim()
    .min(1, 'Enter your name')
    .max(YOUR_NAME_MAX, `At most ${YOUR_NAME_MAX} characters`)
    .refine((name) => !/[\r\n]/.test(name), 'Your name fits on one line'),
  yourBio: z.string().trim().max(YOUR_BIO_MAX, `At most ${YOUR_BIO_MAX} characters`),
  theVerb: z.enum(EXPERT_VERBS),
  /** One short item per entry (`helpListFromText` makes it from the form's lines). */
  helpList: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'An item is empty')
        .max(HELP_ITEM_MAX, `Each item has at most ${HELP_ITEM_MAX} characters`)
        .refine((item) => !/[\r\n]/.test(item), 'One line per item'),
    )
    .max(HELP_LIST_MAX_ITEMS, `At most ${HELP_LIST_MAX_ITEMS} items`),
  rate: rateDollarsSchema,
});
export type ExpertFields = z.infer<typeof expertFieldsSchema>;

/** The expert's own record, as the dashboard and the update form read it. */
export const expertRecordSchema = z.object({
  siteName: z.string(),
  yourName: z.string(),
  yourBio: z.string(),
  theVerb: z.enum(EXPERT_VERBS),
  helpList: z.array(z.string()),
  /** Dollars, as the form shows it (`rateToText(rateCents)` for the field). */
  rate: z.number(),
  rateCents: z.int(),
  /** Null until 'Set Up Stripe Account' made one. */
  stripeAccountId: z.string().nullable(),
  /** The account takes charges (last read from the provider, kept current by its webhooks). */
  chargesEnabled: z.boolean(),
});
export type ExpertRecord = z.infer<typeof expertRecordSchema>;

export const expertResponseSchema = z.object({ expert: expertRecordSchema });
export type ExpertResponse = z.infer<typeof expertResponseSchema>;

export const expertDashboardResponseSchema = z.object({ item: expertRecordSchema.nullable() });
export type ExpertDashboardResponse = z.infer<typeof expertDashboardResponseSchema>;

export const stripeAccountResponseSchema = z.object({ stripeAccountId: z.string(), chargesEnabled: z.boolean() });
export type StripeAccountResponse = z.infer<typeof stripeAccountResponseSchema>;

/** The specification's body `{stripeAccountId, expert}`; both optional, the server uses its own record. */
export const createAccountLinkRequestSchema = z.object({
  stripeAccountId: z.string().max(255).optional(),
  expert: z.unknown().optional(),
});
export type CreateAccountLinkRequest = z.infer<typeof createAccountLinkRequestSchema>;

export const accountLinkResponseSchema = z.object({
  accountLinks: z.object({ url: z.string(), expiresAt: z.string() }),
});
export type AccountLinkResponse = z.infer<typeof accountLinkResponseSchema>;

export const checkSiteNameResponseSchema = z.object({
  /** True when the name cannot be taken: another's, or reserved, or not a valid name. */
  alreadyExists: z.boolean(),
  /** The name as checked (stripped). */
  siteName: z.string(),
  reason: z.enum(['taken', 'reserved', 'invalid']).nullable(),
});
export type CheckSiteNameResponse = z.infer<typeof checkSiteNameResponseSchema>;

export const stripeInfoResponseSchema = z.object({
  account: z.object({ id: z.string(), charges_enabled: z.boolean(), details_submitted: z.boolean() }),
});
export type StripeInfoResponse = z.infer<typeof stripeInfoResponseSchema>;

/**
 * What anyone may see of an expert: never the provider account, the user or the e-mail. The
 * public page reads it with the zod-free `readPublicExpert` (experts/public-expert-reply.ts),
 * which a unit test holds equal to this schema.
 */
export const publicExpertSchema = expertRecordSchema
  .pick({ siteName: true, yourName: true, yourBio: true, theVerb: true, helpList: true, rate: true, rateCents: true })
  .extend({
    /** 'Set Up Time' opens the payment form only when true. */
    acceptingBookings: z.boolean(),
  }) satisfies z.ZodType<PublicExpert>;
export type { PublicExpert };

export const expertPageResponseSchema = z.object({ item: publicExpertSchema });
export type ExpertPageResponse = z.infer<typeof expertPageResponseSchema>;

export const bookingSchema = z.object({
  id: z.uuid(),
  visitorName: z.string(),
  visitorEmail: z.string(),
  amountCents: z.int(),
  /** The platform fee kept of the amount. */
  feeCents: z.int(),
  status: z.enum(BOOKING_STATUSES),
  refundReason: z.enum(REFUND_REASONS).nullable(),
  paidAt: z.iso.datetime(),
  scheduledAt: z.iso.datetime().nullable(),
  refundedAt: z.iso.datetime().nullable(),
  /** When it is refunded automatically unless marked scheduled before (null once scheduled or refunded). */
  autoRefundAt: z.iso.datetime().nullable(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingsResponseSchema = z.object({ bookings: z.array(bookingSchema) });
export type BookingsResponse = z.infer<typeof bookingsResponseSchema>;

export const bookingResponseSchema = z.object({ booking: bookingSchema });
export type BookingResponse = z.infer<typeof bookingResponseSchema>;
