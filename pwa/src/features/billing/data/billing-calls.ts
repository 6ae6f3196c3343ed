import {
  cancelResponseSchema,
  checkoutSessionStateSchema,
  planStateSchema,
  redirectReplySchema,
  refreshUserReplySchema,
  resumeResponseSchema,
  type CancelResponse,
  type CheckoutSessionState,
  type PlanState,
  type PortalRequest,
  type RefreshUserReply,
  type ResumeResponse,
} from '#core/schemas/billing';
import { api, type ApiClient } from '../../../lib/api-client';

/** The paid plan's calls (contracts in #core/schemas/billing), each the signed-in person's own. */

/** `POST /api/billing/checkout`: the hosted checkout's address, the person's e-mail prefilled there. */
export async function startCheckout(client: ApiClient = api): Promise<string> {
  return (await client.request('/billing/checkout', redirectReplySchema, { body: {} })).url;
}

/** `GET /api/billing/checkout/{id}`: whether the payment made there is confirmed yet. */
export function getCheckoutState(sessionId: string, client: ApiClient = api): Promise<CheckoutSessionState> {
  return client.request(`/billing/checkout/${encodeURIComponent(sessionId)}`, checkoutSessionStateSchema);
}

/** `POST /api/billing/portal`: the billing portal's address, coming back to the page named. */
export async function openPortal(returnTo: NonNullable<PortalRequest['returnTo']>, client: ApiClient = api): Promise<string> {
  return (await client.request('/billing/portal', redirectReplySchema, { body: { returnTo } })).url;
}

export function cancelPlan(client: ApiClient = api): Promise<CancelResponse> {
  return client.request('/billing/cancel', cancelResponseSchema, { body: {} });
}

export function resumePlan(client: ApiClient = api): Promise<ResumeResponse> {
  return client.request('/billing/resume', resumeResponseSchema, { body: {} });
}

export function getPlan(client: ApiClient = api): Promise<PlanState> {
  return client.request('/billing/subscription', planStateSchema);
}

/** `GET /api/refreshUser`: the account as the server has it now, with its plan. */
export function getAccount(client: ApiClient = api): Promise<RefreshUserReply> {
  return client.request('/refreshUser', refreshUserReplySchema);
}
