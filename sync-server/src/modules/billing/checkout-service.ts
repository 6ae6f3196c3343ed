import Stripe from 'stripe';
import { paths } from '#core/paths';
import { isPaid } from '#core/plans/account-type';
import type { CheckoutSessionState, RedirectReply } from '#core/schemas/billing';
import { ApiError } from '../../http/api-error.ts';
import { ensureCustomer, existingCustomer, type BillingDeps } from './customer.ts';
import { readPlanState } from './plan-state.ts';
import { proPriceId } from './price.ts';
import { atProvider, liveSubscriptionOf } from './provider.ts';
import { currentSubscription, endCheckout, isCheckoutOf, openCheckouts, saveCheckout } from './repo.ts';

/**
 * The provider's hosted pages: the checkout (Stripe Checkout, or the local Stripe's page in test
 * mode) with the person's e-mail prefilled from their customer, coming back to the dashboard with
 * the session id; and the billing portal, coming back to the page that opened it. Addresses the
 * local Stripe names after this machine are moved to the origin the person reached us at.
 */

/** Stripe puts the session's id in place of this literal in the return address. */
const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';

export const PORTAL_RETURN = { account: paths.account.href(), dashboard: paths.dashboardAccount.href() } as const;
export type PortalReturn = keyof typeof PORTAL_RETURN;

/** An open checkout of the person's, offered again (a second click, a reload) instead of a new one. */
async function reusableCheckout(deps: BillingDeps, stripe: Stripe, userId: string): Promise<string | null> {
  for (const open of await openCheckouts(deps.sql, userId)) {
    const session = await stripe.checkout.sessions.retrieve(open.sessionId);
    if (session.status === 'open' && session.url !== null) return session.url;
    await endCheckout(deps.sql, open.sessionId);
  }
  return null;
}

/** `POST /api/billing/checkout`. */
export async function startCheckout(deps: BillingDeps, userId: string, appOrigin: string): Promise<RedirectReply> {
  const customerId = await ensureCustomer(deps, userId);
  const stripe = deps.payments.client();
  const url = await atProvider(async () => {
    if ((await liveSubscriptionOf(stripe, customerId)) !== null) return null;
    const reusable = await reusableCheckout(deps, stripe, userId);
    if (reusable !== null) return reusable;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      line_items: [{ price: await proPriceId(stripe), quantity: 1 }],
      success_url: `${appOrigin}${paths.dashboardCheckoutReturn.href(SESSION_ID_TEMPLATE)}`,
      cancel_url: new URL(paths.dashboard.href(), appOrigin).href,
      metadata: { user_id: userId },
      subscription_data: { metadata: { user_id: userId } },
    });
    if (session.url === null) throw new Error(`checkout session ${session.id} has no address`);
    await saveCheckout(deps.sql, userId, { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) });
    return session.url;
  });
  if (url === null) throw new ApiError('ALREADY_SUBSCRIBED', 'You already have Pro. Manage it from your account page.');
  return { url: deps.payments.pageUrl(url, appOrigin) };
}

/** Ends the person's open checkouts (a plan was started another way); one already paid stays. */
export async function expireOpenCheckouts(deps: BillingDeps, userId: string): Promise<void> {
  const stripe = deps.payments.client();
  for (const open of await openCheckouts(deps.sql, userId)) {
    try {
      await stripe.checkout.sessions.expire(open.sessionId);
    } catch (error) {
      // Refused when it is not open any more (expired, or just completed: the webhook handles that).
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
    await endCheckout(deps.sql, open.sessionId);
  }
}

/** `GET /api/billing/checkout/:sessionId`: only the person the checkout was made for sees it. */
export async function checkoutState(deps: BillingDeps, userId: string, sessionId: string): Promise<CheckoutSessionState> {
  if (!(await isCheckoutOf(deps.sql, sessionId, userId))) throw new ApiError('NOT_FOUND', 'No such checkout.');
  const session = await atProvider(() => deps.payments.client().checkout.sessions.retrieve(sessionId));
  const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
  const [plan, mirrored] = [await readPlanState(deps, userId), await currentSubscription(deps.sql, userId)];
  const confirmed = subscriptionId !== null && mirrored?.providerSubscriptionId === subscriptionId && isPaid(plan.accountType);
  const status: CheckoutSessionState['status'] = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return { status, confirmed, plan };
}

/** `POST /api/billing/portal`: for a person who has had a plan. */
export async function openPortal(deps: BillingDeps, userId: string, back: PortalReturn, appOrigin: string): Promise<RedirectReply> {
  const customerId = await existingCustomer(deps, userId);
  if ((await currentSubscription(deps.sql, userId)) === null) {
    throw new ApiError('NO_SUBSCRIPTION', "Only available if you've purchased a subscription.");
  }
  const session = await atProvider(() =>
    deps.payments.client().billingPortal.sessions.create({ customer: customerId, return_url: new URL(PORTAL_RETURN[back], appOrigin).href }),
  );
  return { url: deps.payments.pageUrl(session.url, appOrigin) };
}
