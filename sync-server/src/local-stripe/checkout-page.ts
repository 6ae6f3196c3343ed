/**
 * The page Stripe Checkout would host, as a plain test page: the plan and its price, the e-mail
 * (prefilled, fixed when the session names a customer), a card field that takes Stripe's public
 * test numbers only, Pay and Cancel. Paying makes the customer (when needed), saves the card,
 * starts the subscription with its first invoice paid, completes the session
 * (`checkout.session.completed`) and returns to `success_url`; Cancel returns to `cancel_url`.
 * A card the first charge would decline is refused on the page, and the session stays open.
 */
import type Stripe from 'stripe';
import { TEST_CARDS, type TestCard } from '#core/payments/test-cards';
import { CHECKOUT_PATH } from './checkout-sessions.ts';
import { failureFor } from './charges.ts';
import { findCustomer } from './customers.ts';
import { LocalStripeError } from './errors.ts';
import { newId } from './ids.ts';
import { escapeHtml, everyInterval, money, page } from './pages.ts';
import { optionalString } from './params.ts';
import { attachPaymentMethod } from './payment-method-attachments.ts';
import { cardBehind, cardPaymentMethod } from './payment-methods.ts';
import type { Reply, RequestContext, Route } from './route.ts';
import { startSubscription } from './subscription-start.ts';

const STANDS_FOR = 'This page stands in for Stripe Checkout.';

/** What each test card does here, in the words the page lists them with. */
function cardNote(card: TestCard): string {
  const { outcome } = card;
  if (outcome.kind === 'succeeds') return 'pays';
  if (outcome.kind === 'requires_authentication') return "asks for the bank's check, which this page does not run";
  return outcome.attaches === true ? 'is declined here (saved by the API, it fails at renewal)' : 'is declined';
}

function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

interface Form {
  readonly email: string;
  readonly name: string;
}

function checkoutPage(context: RequestContext, session: Stripe.Checkout.Session, form: Form, error?: { message: string; status: number }): Reply {
  const items = context.store.checkoutLineItems.get(session.id) ?? [];
  const recurring = items[0]?.price?.recurring;
  const every = recurring === null || recurring === undefined ? '' : ` ${everyInterval(recurring.interval, recurring.interval_count)}`;
  const total = money(session.amount_total ?? 0, session.currency ?? 'usd');
  const names = items.map((item) => item.description ?? 'Subscription').join(', ');
  const fixedEmail = session.customer !== null;
  const cards = TEST_CARDS.map((card) => `<li><code>${grouped(card.number)}</code> ${escapeHtml(cardNote(card))}</li>`).join('');
  const action = escapeHtml(`${context.baseUrl}${CHECKOUT_PATH}/${session.id}`);
  return page(
    `Subscribe to ${names}`,
    `<p><strong>${escapeHtml(total)}${escapeHtml(every)}</strong></p>
${error === undefined ? '' : `<p class="error" role="alert">Error: ${escapeHtml(error.message)}</p>`}
<form method="post" action="${action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(form.email)}"${fixedEmail ? ' readonly' : ''}>
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" value="${escapeHtml(form.name)}">
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required aria-describedby="cards">
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<div id="cards" class="hint"><p>Only Stripe's public test cards work here; never enter a real card. Any future expiry and any CVC:</p><ul>${cards}</ul></div>
<button type="submit" name="action" value="pay">Pay ${escapeHtml(total)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
    { standsFor: STANDS_FOR, status: error?.status ?? 200 },
  );
}

function openSession(context: RequestContext): Stripe.Checkout.Session | Reply {
  const session = context.store.checkoutSessions.get(context.pathParams.id ?? '');
  if (session === undefined) return page('Checkout not found', '<p>This link does not name a checkout.</p>', { standsFor: STANDS_FOR, status: 404 });
  if (session.status === 'complete') {
    return page('Already paid', '<p>This checkout is complete: nothing more to pay.</p>', { standsFor: STANDS_FOR, status: 409 });
  }
  if (session.status !== 'open') {
    return page('Checkout expired', '<p>This checkout has expired. Go back and start again.</p>', { standsFor: STANDS_FOR, status: 410 });
  }
  return session;
}

function emailOf(context: RequestContext, session: Stripe.Checkout.Session): string {
  if (typeof session.customer === 'string') return findCustomer(context.store, session.customer).email ?? '';
  return session.customer_email ?? '';
}

/** `MM/YY` (or `MM / YYYY`) as month and year strings, for the card check to judge. */
function expiryParts(expiry: string): { exp_month: string; exp_year: string } {
  const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
  return { exp_month: month, exp_year: year };
}

function pay(context: RequestContext, session: Stripe.Checkout.Session): Reply {
  const { store, params } = context;
  const source = { ...context, requestId: null, idempotencyKey: undefined };
  const form = {
    email: typeof session.customer === 'string' ? emailOf(context, session) : (optionalString(params, 'email') ?? '').trim(),
    name: (optionalString(params, 'name') ?? '').trim(),
  };
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(form.email)) {
    return checkoutPage(context, session, form, { message: 'Enter your email address, such as ada@example.com.', status: 400 });
  }
  let method: Stripe.PaymentMethod;
  try {
    const card = { number: (optionalString(params, 'number') ?? '').replace(/[\s-]/g, ''), cvc: optionalString(params, 'cvc') ?? '' };
    method = cardPaymentMethod(store, { ...card, ...expiryParts(optionalString(params, 'expiry') ?? '') }, { name: form.name || null, email: form.email });
  } catch (error) {
    if (!(error instanceof LocalStripeError)) throw error;
    return checkoutPage(context, session, form, { message: `${error.body.message} Use a test card from the list.`, status: error.status });
  }
  const { outcome } = cardBehind(store, method.id);
  const failure = failureFor(outcome);
  if (outcome.kind === 'requires_authentication' || failure !== undefined) {
    const message = failure?.message ?? "This card asks for the bank's check, which this test page does not run.";
    return checkoutPage(context, session, form, { message: `${message} Try another card, such as 4242 4242 4242 4242.`, status: 402 });
  }
  const customer =
    typeof session.customer === 'string'
      ? findCustomer(store, session.customer)
      : store.customers.put(newCustomer(context, form));
  if (typeof session.customer !== 'string') context.events.record('customer.created', customer, source);
  attachPaymentMethod(source, method, customer);
  const items = (store.checkoutLineItems.get(session.id) ?? []).flatMap((item) =>
    item.price === null ? [] : [{ price: item.price, quantity: item.quantity ?? 1 }],
  );
  const data = store.checkoutSubscriptionData.get(session.id) ?? { metadata: {}, description: null };
  const subscription = startSubscription(
    source,
    { customer, items, defaultPaymentMethod: method.id, metadata: data.metadata, description: data.description, cancelAtPeriodEnd: false },
    'error_if_incomplete',
  );
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    url: null,
    customer: customer.id,
    customer_details: { address: null, business_name: null, email: form.email, individual_name: null, name: form.name || null, phone: null, tax_exempt: 'none', tax_ids: [] },
    subscription: subscription.id,
    invoice: typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : null,
  } satisfies Partial<Stripe.Checkout.Session>);
  context.events.record('checkout.session.completed', session, source);
  return { kind: 'redirect', location: (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id) };
}

function newCustomer(context: RequestContext, form: Form): Stripe.Customer {
  return {
    id: newId('cus'),
    object: 'customer',
    balance: 0,
    created: context.store.nowSeconds(),
    default_source: null,
    description: null,
    email: form.email,
    name: form.name || null,
    phone: null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    shipping: null,
    test_clock: null,
  };
}

export const checkoutPageRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: `${CHECKOUT_PATH}/:id`,
    page: true,
    handle: (context) => {
      const session = openSession(context);
      if ('kind' in session) return session;
      return checkoutPage(context, session, { email: emailOf(context, session), name: '' });
    },
  },
  {
    method: 'POST',
    path: `${CHECKOUT_PATH}/:id`,
    page: true,
    handle: (context) => {
      const session = openSession(context);
      if ('kind' in session) return session;
      if (optionalString(context.params, 'action') === 'cancel') {
        if (session.cancel_url !== null) return { kind: 'redirect', location: session.cancel_url };
        return page('Checkout cancelled', '<p>Nothing was charged. You can close this page.</p>', { standsFor: STANDS_FOR });
      }
      return pay(context, session);
    },
  },
];
