/**
 * Billing Portal sessions (`stripe.billingPortal.sessions.create`): a link for one customer to the
 * local portal page (portal-page.ts), with the address to send them back to. The default portal
 * configuration stands behind every session; flows and other configurations are not spoken here.
 */
import type Stripe from 'stripe';
import { findCustomer } from './customers.ts';
import { invalidRequest } from './errors.ts';
import { newId } from './ids.ts';
import { allowOnly, optionalString, requiredString } from './params.ts';
import { json, type RequestContext, type Route } from './route.ts';

export const PORTAL_PATH = '/local-stripe/billing';

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['customer', 'return_url', 'configuration', 'locale']);
  const customer = findCustomer(store, requiredString(params, 'customer'), 'customer');
  const returnUrl = optionalString(params, 'return_url') ?? null;
  if (returnUrl !== null && !URL.canParse(returnUrl)) throw invalidRequest('Not a valid URL', 'return_url', 'url_invalid');
  const configuration = optionalString(params, 'configuration');
  if (configuration !== undefined && configuration !== store.portalConfiguration) {
    throw invalidRequest(`No such configuration: '${configuration}'`, 'configuration', 'resource_missing');
  }
  const id = newId('bps');
  const session: Stripe.BillingPortal.Session = store.portalSessions.put({
    id,
    object: 'billing_portal.session',
    configuration: store.portalConfiguration,
    created: store.nowSeconds(),
    customer: customer.id,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${context.baseUrl}${PORTAL_PATH}/${id}`,
  });
  context.events.record('billing_portal.session.created', session, context);
  return json(session);
}

export const billingPortalRoutes: readonly Route[] = [{ method: 'POST', path: '/v1/billing_portal/sessions', handle: create }];
