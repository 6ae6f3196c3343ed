/**
 * Connect: Express (and Standard or Custom) connected accounts, and the account links that send
 * a person to onboarding. A new account cannot take charges (`charges_enabled` false, its
 * requested capabilities `inactive`) until its onboarding is completed on the labelled test page
 * (connect-page.ts), which turns them on and records `account.updated`.
 */
import type Stripe from 'stripe';
import { invalidRequest, noSuch } from './errors.ts';
import { newId, randomToken } from './ids.ts';
import { listOf } from './list.ts';
import { allowOnly, metadata, optionalObject, optionalString, requiredString } from './params.ts';
import { json, type RequestContext, type Route } from './route.ts';
import type { AccountLinkState, LocalStripeStore } from './store.ts';

export const ONBOARDING_PATH = '/local-stripe/connect/onboarding';

/** How long an account link may be opened, as Stripe: a few minutes. */
const LINK_LIFETIME_SECONDS = 300;

const TYPES: readonly Stripe.Account.Type[] = ['express', 'standard', 'custom'];
const LINK_TYPES: readonly AccountLinkState['type'][] = ['account_onboarding', 'account_update'];

export function findAccount(store: LocalStripeStore, id: string, param?: string): Stripe.Account {
  const account = store.accounts.get(id);
  if (account === undefined) throw noSuch('account', id, param);
  return account;
}

/** The capabilities asked for (`capabilities[transfers][requested]=true`), each `inactive` until onboarding. */
function requestedCapabilities(params: RequestContext['params']): Stripe.Account.Capabilities {
  const given = optionalObject(params, 'capabilities') ?? {};
  const capabilities: Record<string, 'inactive'> = {};
  for (const [name, value] of Object.entries(given)) {
    if (typeof value === 'object' && !Array.isArray(value) && value.requested === 'true') capabilities[name] = 'inactive';
  }
  return capabilities;
}

function create(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['type', 'country', 'email', 'capabilities', 'business_type', 'business_profile', 'controller', 'metadata', 'default_currency']);
  const givenType = optionalString(params, 'type');
  if (givenType === undefined && optionalObject(params, 'controller') === undefined) {
    throw invalidRequest('You must provide either `type` or `controller` when creating an account.', 'type');
  }
  const type = TYPES.find((known) => known === (givenType ?? 'express'));
  if (type === undefined) throw invalidRequest(`Invalid type: must be one of ${TYPES.join(', ')}`, 'type');
  const country = (optionalString(params, 'country') ?? 'US').toUpperCase();
  const account: Stripe.Account = store.accounts.put({
    id: newId('acct'),
    object: 'account',
    business_type: null,
    capabilities: requestedCapabilities(params),
    charges_enabled: false,
    country,
    created: store.nowSeconds(),
    default_currency: (optionalString(params, 'default_currency') ?? 'usd').toLowerCase(),
    details_submitted: false,
    email: optionalString(params, 'email') ?? null,
    metadata: metadata(params),
    payouts_enabled: false,
    type,
  });
  return json(account);
}

function update(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['email', 'metadata', 'business_profile', 'default_currency']);
  const account = findAccount(store, context.pathParams.id ?? '');
  const previous = { email: account.email, metadata: { ...account.metadata } };
  Object.assign(account, {
    email: optionalString(params, 'email') ?? account.email,
    metadata: metadata(params, account.metadata ?? {}),
  } satisfies Partial<Stripe.Account>);
  context.events.record('account.updated', account, context, previous);
  return json(account);
}

/** The person finished the test onboarding: the account can take charges and be paid out. */
export function completeOnboarding(context: Parameters<Route['handle']>[0], account: Stripe.Account): void {
  const capabilities = account.capabilities ?? {};
  const previous = {
    charges_enabled: account.charges_enabled,
    payouts_enabled: account.payouts_enabled,
    details_submitted: account.details_submitted,
    capabilities: { ...capabilities },
  };
  const active: Record<string, 'active'> = {};
  for (const name of Object.keys(capabilities)) active[name] = 'active';
  Object.assign(account, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    capabilities: active,
  } satisfies Partial<Stripe.Account>);
  context.events.record('account.updated', account, { requestId: null, idempotencyKey: undefined }, previous);
}

function createLink(context: RequestContext): ReturnType<Route['handle']> {
  const { params, store } = context;
  allowOnly(params, ['account', 'type', 'return_url', 'refresh_url', 'collect', 'collection_options']);
  const account = findAccount(store, requiredString(params, 'account'), 'account');
  const type = LINK_TYPES.find((known) => known === requiredString(params, 'type'));
  if (type === undefined) throw invalidRequest(`Invalid type: must be one of ${LINK_TYPES.join(', ')}`, 'type');
  const returnUrl = requiredString(params, 'return_url');
  const refreshUrl = requiredString(params, 'refresh_url');
  for (const [name, url] of [['return_url', returnUrl], ['refresh_url', refreshUrl]] as const) {
    if (!URL.canParse(url)) throw invalidRequest(`Invalid URL: ${name} must be a URL`, name, 'url_invalid');
  }
  const created = store.nowSeconds();
  const token = randomToken(32);
  store.accountLinks.set(token, { account: account.id, type, returnUrl, refreshUrl, expiresAt: created + LINK_LIFETIME_SECONDS, used: false });
  const link: Stripe.AccountLink = {
    object: 'account_link',
    created,
    expires_at: created + LINK_LIFETIME_SECONDS,
    url: `${context.baseUrl}${ONBOARDING_PATH}/${token}`,
  };
  return json(link);
}

export const accountRoutes: readonly Route[] = [
  { method: 'POST', path: '/v1/accounts', handle: create },
  { method: 'GET', path: '/v1/accounts', handle: ({ store, params }) => json(listOf('/v1/accounts', store.accounts.newestFirst(), params)) },
  { method: 'GET', path: '/v1/accounts/:id', handle: ({ store, pathParams }) => json(findAccount(store, pathParams.id ?? '')) },
  { method: 'POST', path: '/v1/accounts/:id', handle: update },
  { method: 'POST', path: '/v1/account_links', handle: createLink },
];
