/**
 * The page Stripe's billing portal would host, as a plain test page for one customer: each
 * current plan with its price, its next payment (or the day it ends), the card it is charged to,
 * the invoices, "Cancel plan" (at the end of the period already paid, as the portal's default
 * does) and "Renew plan" (taking that back while the period lasts), and a link back to
 * `return_url`. Changes are announced with `customer.subscription.updated`, as from the portal.
 */
import type Stripe from 'stripe';
import { PORTAL_PATH } from './billing-portal.ts';
import { idOf } from './ids.ts';
import { day, escapeHtml, everyInterval, money, page } from './pages.ts';
import { optionalString } from './params.ts';
import type { Reply, RequestContext, Route } from './route.ts';
import { setCancelAtPeriodEnd } from './subscription-changes.ts';
import { periodOf } from './subscription-objects.ts';

const STANDS_FOR = "This page stands in for Stripe's billing portal.";
const CURRENT: readonly Stripe.Subscription.Status[] = ['active', 'past_due', 'trialing'];

function portalSession(context: RequestContext): Stripe.BillingPortal.Session | Reply {
  const session = context.store.portalSessions.get(context.pathParams.id ?? '');
  if (session === undefined) return page('Billing link not found', '<p>This link does not name a billing session.</p>', { standsFor: STANDS_FOR, status: 404 });
  return session;
}

function currentPlans(context: RequestContext, customer: string): Stripe.Subscription[] {
  return context.store.subscriptions.newestFirst().filter((each) => each.customer === customer && CURRENT.includes(each.status));
}

function cardLine(context: RequestContext, subscription: Stripe.Subscription): string {
  const customer = context.store.customers.get(idOf(subscription.customer) ?? '');
  const id = subscription.default_payment_method ?? customer?.invoice_settings.default_payment_method ?? null;
  const card = typeof id === 'string' ? context.store.paymentMethods.get(id)?.card : undefined;
  if (card === undefined) return 'No card on file.';
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending in ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

function planSection(context: RequestContext, session: Stripe.BillingPortal.Session, subscription: Stripe.Subscription): string {
  const item = subscription.items.data[0];
  const product = context.store.products.get(idOf(item?.price.product) ?? '');
  const amount = subscription.items.data.reduce((sum, each) => sum + (each.price.unit_amount ?? 0) * (each.quantity ?? 1), 0);
  const price = money(amount, subscription.currency);
  const recurring = item?.price.recurring;
  const every = recurring === null || recurring === undefined ? '' : ` ${everyInterval(recurring.interval, recurring.interval_count)}`;
  const end = day(periodOf(subscription).end);
  const action = escapeHtml(`${context.baseUrl}${PORTAL_PATH}/${session.id}`);
  const form = (value: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="subscription" value="${escapeHtml(subscription.id)}">` +
    `<button type="submit" name="action" value="${value}">${label}</button></form>`;
  const retry = context.store.invoices
    .newestFirst()
    .find((invoice) => invoice.parent?.subscription_details?.subscription === subscription.id && invoice.next_payment_attempt !== null);
  const status =
    subscription.status === 'past_due'
      ? `<p class="error">Your last payment failed.${
          retry?.next_payment_attempt == null ? '' : ` The card will be charged again on ${escapeHtml(day(retry.next_payment_attempt))}.`
        }</p>`
      : '';
  const next = subscription.cancel_at_period_end
    ? `<p>Your plan ends on ${escapeHtml(end)}. It stays yours until then, and nothing more is charged.</p>${form('renew', 'Renew plan')}`
    : `<p>Next payment: ${escapeHtml(price)} on ${escapeHtml(end)}.</p>${form('cancel', 'Cancel plan')}
<p class="hint">Cancelling keeps the plan until ${escapeHtml(end)}, the end of the period already paid.</p>`;
  return `<section><h2>${escapeHtml(product?.name ?? 'Subscription')}</h2>
<p><strong>${escapeHtml(price)}${escapeHtml(every)}</strong></p>${status}${next}
<p>Card: ${escapeHtml(cardLine(context, subscription))}</p></section>`;
}

const STATUS_WORDS: Readonly<Record<string, string>> = { paid: 'Paid', open: 'Unpaid', void: 'Void', uncollectible: 'Uncollectible' };

function invoiceTable(context: RequestContext, customer: string): string {
  const invoices = context.store.invoices.newestFirst().filter((invoice) => invoice.customer === customer && invoice.status !== 'draft');
  if (invoices.length === 0) return '<p>No invoices yet.</p>';
  const rows = invoices
    .map(
      (invoice) =>
        `<tr><td>${escapeHtml(day(invoice.created))}</td><td>${escapeHtml(money(invoice.amount_due, invoice.currency))}</td>` +
        `<td>${escapeHtml(STATUS_WORDS[invoice.status ?? ''] ?? String(invoice.status))}</td><td>${escapeHtml(invoice.number ?? '')}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th>Number</th></tr></thead><tbody>${rows}</tbody></table>`;
}

const DONE: Readonly<Record<string, string>> = {
  canceled: 'Your plan is cancelled: it ends at the end of the period already paid.',
  renewed: 'Your plan is renewed: it goes on as before.',
};

function portalPage(context: RequestContext, session: Stripe.BillingPortal.Session, notice?: { text: string; error: boolean; status: number }): Reply {
  const plans = currentPlans(context, session.customer);
  const done = notice === undefined ? '' : `<p class="${notice.error ? 'error' : 'done'}" role="${notice.error ? 'alert' : 'status'}">${escapeHtml(notice.text)}</p>`;
  const back =
    session.return_url === null ? '' : `<p><a href="${escapeHtml(session.return_url)}">Return to ${escapeHtml(new URL(session.return_url).host)}</a></p>`;
  return page(
    'Your plan',
    `${done}${plans.length === 0 ? '<p>You have no current plan.</p>' : plans.map((plan) => planSection(context, session, plan)).join('')}
<h2>Invoices</h2>${invoiceTable(context, session.customer)}${back}`,
    { standsFor: STANDS_FOR, status: notice?.status ?? 200 },
  );
}

export const portalPageRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: `${PORTAL_PATH}/:id`,
    page: true,
    handle: (context) => {
      const session = portalSession(context);
      if ('kind' in session) return session;
      const text = DONE[optionalString(context.params, 'done') ?? ''];
      return portalPage(context, session, text === undefined ? undefined : { text, error: false, status: 200 });
    },
  },
  {
    method: 'POST',
    path: `${PORTAL_PATH}/:id`,
    page: true,
    handle: (context) => {
      const session = portalSession(context);
      if ('kind' in session) return session;
      const action = optionalString(context.params, 'action');
      const id = optionalString(context.params, 'subscription') ?? '';
      const subscription = currentPlans(context, session.customer).find((each) => each.id === id);
      if (subscription === undefined || (action !== 'cancel' && action !== 'renew')) {
        return portalPage(context, session, { text: 'That plan cannot be changed here. Reload the page and try again.', error: true, status: 400 });
      }
      const source = { ...context, requestId: null, idempotencyKey: undefined };
      const previous = setCancelAtPeriodEnd(source, subscription, action === 'cancel');
      if (Object.keys(previous).length > 0) context.events.record('customer.subscription.updated', subscription, source, previous);
      const done = action === 'cancel' ? 'canceled' : 'renewed';
      return { kind: 'redirect', location: `${context.baseUrl}${PORTAL_PATH}/${session.id}?done=${done}` };
    },
  },
];
