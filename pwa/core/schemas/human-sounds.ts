import { z } from 'zod';
import type { CharityRaised } from '../human-sounds/raised-reply';

/**
 * The Human Sounds calls besides the charge (`POST /api/chargeHumanSounds`, in payments.ts).
 *
 * A paid order gets download tokens: 32 random bytes, base64url, stored by the server only as
 * their SHA-256. The checkout receives one in its success answer (`downloadToken`), the receipt
 * e-mail carries another; each opens `/humansounds/thankyou/{token}` and downloads the zip for as
 * long as the order is paid. A refund ends every token of the order.
 */

export const downloadTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a download token');

/** `GET /api/humansounds/library/{token}`: the purchase this token opens (404 NOT_FOUND or 410 DOWNLOAD_REVOKED otherwise). */
export const libraryAccessSchema = z.object({
  email: z.string(),
  purchasedAt: z.string(),
  /** `GET` this to download the zip. */
  downloadHref: z.string(),
});
export type LibraryAccess = z.infer<typeof libraryAccessSchema>;

/**
 * `GET /api/humansounds/raised`: what the library's paid sales have raised for charity, and what
 * the owner's match adds (computed with `charityMatch` in `pwa/core/human-sounds/match.ts`).
 */
export const charityRaisedSchema = z.object({
  salesCents: z.int().nonnegative(),
  matchCents: z.int().nonnegative(),
  totalCents: z.int().nonnegative(),
  matchLimitCents: z.int().positive(),
  asOf: z.string(),
}) satisfies z.ZodType<CharityRaised>;
export type { CharityRaised };
