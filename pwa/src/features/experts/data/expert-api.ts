import {
  accountLinkResponseSchema,
  bookingResponseSchema,
  bookingsResponseSchema,
  checkSiteNameResponseSchema,
  expertDashboardResponseSchema,
  expertResponseSchema,
  stripeAccountResponseSchema,
  stripeInfoResponseSchema,
  type Booking,
  type CheckSiteNameResponse,
  type ExpertFields,
  type ExpertRecord,
} from '#core/schemas/expert';
import { api, type ApiClient } from '../../../lib/api-client';

/** The expert calls (contract: pwa/core/schemas/expert.ts), each parsed with its shared schema. */

/** `GET /api/expert/dashboard`: the caller's own record, or null before they made a page. */
export async function getOwnExpert(client: ApiClient = api): Promise<ExpertRecord | null> {
  return (await client.request('/expert/dashboard', expertDashboardResponseSchema)).item;
}

/** `GET /api/expert/checkSiteName/{siteName}`. */
export function checkSiteName(siteName: string, client: ApiClient = api): Promise<CheckSiteNameResponse> {
  return client.request(`/expert/checkSiteName/${encodeURIComponent(siteName)}`, checkSiteNameResponseSchema);
}

/** `POST /api/addExpert`: the page made (or, sent again after a lost answer, the stored one). */
export async function addExpert(fields: ExpertFields, client: ApiClient = api): Promise<ExpertRecord> {
  return (await client.request('/addExpert', expertResponseSchema, { body: fields })).expert;
}

/** `POST /api/updateExpert`. */
export async function updateExpert(fields: ExpertFields, client: ApiClient = api): Promise<ExpertRecord> {
  return (await client.request('/updateExpert', expertResponseSchema, { body: fields })).expert;
}

/**
 * 'Set Up Stripe Account': `POST /api/createStripeAccount` (the caller's Connect account, made
 * once), then `POST /api/createAccountLink`; answers the onboarding address to go to.
 */
export async function startStripeOnboarding(client: ApiClient = api): Promise<string> {
  const account = await client.request('/createStripeAccount', stripeAccountResponseSchema, { body: {} });
  const link = await client.request('/createAccountLink', accountLinkResponseSchema, {
    body: { stripeAccountId: account.stripeAccountId },
  });
  return link.accountLinks.url;
}

/** `GET /api/expert/stripeInfo/{id}`: whether the account takes charges, read from the provider now. */
export async function getChargesEnabled(stripeAccountId: string, client: ApiClient = api): Promise<boolean> {
  const reply = await client.request(`/expert/stripeInfo/${encodeURIComponent(stripeAccountId)}`, stripeInfoResponseSchema);
  return reply.account.charges_enabled;
}

/** `GET /api/expert/bookings`, newest first. */
export async function getBookings(client: ApiClient = api): Promise<Booking[]> {
  return (await client.request('/expert/bookings', bookingsResponseSchema)).bookings;
}

/** 'Mark scheduled'. */
export async function markScheduled(bookingId: string, client: ApiClient = api): Promise<Booking> {
  return (await client.request(`/expert/bookings/${encodeURIComponent(bookingId)}/schedule`, bookingResponseSchema, { body: {} })).booking;
}

/** 'Refund': the whole amount, the expert's transfer reversed. */
export async function refundBooking(bookingId: string, client: ApiClient = api): Promise<Booking> {
  return (await client.request(`/expert/bookings/${encodeURIComponent(bookingId)}/refund`, bookingResponseSchema, { body: {} })).booking;
}
