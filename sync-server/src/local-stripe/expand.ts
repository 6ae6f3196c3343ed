/**
 * Stripe's `expand`: a field holding an id is answered as the object it names (`subscription`,
 * `subscription.latest_invoice`, `data.customer` in lists, up to four levels), and a few fields
 * Stripe leaves out unless asked for (an invoice's `payments` and `confirmation_secret`, a
 * Checkout Session's `line_items`) are filled in. A field that cannot be expanded is a 400, as
 * with Stripe. Answers are copies: expanding never changes what is stored.
 */
import { invalidRequest } from './errors.ts';
import type { FormObject } from './form.ts';
import { prefixOf } from './ids.ts';
import { listOf } from './list.ts';
import { stringList } from './params.ts';
import type { LocalStripeStore, Table } from './store.ts';

type Json = Record<string, unknown>;

const MAX_DEPTH = 4;

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tableFor(store: LocalStripeStore, prefix: string): Table<{ readonly id: string }> | undefined {
  const tables: Record<string, Table<{ readonly id: string }>> = {
    cus: store.customers,
    pm: store.paymentMethods,
    pi: store.paymentIntents,
    ch: store.charges,
    re: store.refunds,
    prod: store.products,
    price: store.prices,
    sub: store.subscriptions,
    in: store.invoices,
    inpay: store.invoicePayments,
    cs_test: store.checkoutSessions,
    clock: store.testClocks,
    acct: store.accounts,
    tr: store.transfers,
    fee: store.applicationFees,
  };
  return tables[prefix];
}

/** The fields Stripe includes only on request. */
function includable(store: LocalStripeStore, owner: Json, field: string): unknown {
  if (owner.object === 'invoice' && typeof owner.id === 'string') {
    const invoiceId = owner.id;
    const payments = store.invoicePayments.newestFirst().filter((payment) => payment.invoice === invoiceId);
    if (field === 'payments') return listOf(`/v1/invoice_payments?invoice=${invoiceId}`, payments, {});
    if (field === 'confirmation_secret') {
      const intentId = payments[0]?.payment.payment_intent;
      const intent = typeof intentId === 'string' ? store.paymentIntents.get(intentId) : undefined;
      return intent?.client_secret === undefined || intent.client_secret === null || owner.status !== 'open'
        ? null
        : { client_secret: intent.client_secret, type: 'payment_intent' };
    }
  }
  if (owner.object === 'checkout.session' && field === 'line_items' && typeof owner.id === 'string') {
    return listOf(`/v1/checkout/sessions/${owner.id}/line_items`, store.checkoutLineItems.get(owner.id) ?? [], {});
  }
  return undefined;
}

function expandPath(store: LocalStripeStore, value: unknown, path: readonly string[], whole: string): void {
  const [field, ...rest] = path;
  if (field === undefined || !isJson(value)) return;
  if (value.object === 'list' && field === 'data' && Array.isArray(value.data)) {
    for (const item of value.data) expandPath(store, item, rest, whole);
    return;
  }
  let child = value[field];
  if (typeof child === 'string') {
    const found = tableFor(store, prefixOf(child))?.get(child);
    if (found === undefined) throw invalidRequest(`This property cannot be expanded (${whole}).`, 'expand');
    child = structuredClone(found);
    value[field] = child;
  } else if (child === undefined) {
    const included = includable(store, value, field);
    child = included === undefined ? undefined : structuredClone(included);
    if (child === undefined) throw invalidRequest(`This property cannot be expanded (${whole}).`, 'expand');
    value[field] = child;
  } else if (child !== null && !isJson(child)) {
    throw invalidRequest(`This property cannot be expanded (${whole}).`, 'expand');
  }
  expandPath(store, child, rest, whole);
}

/** The answer with the request's `expand` paths applied; the answer itself when none were asked for. */
export function expandAnswer(store: LocalStripeStore, body: object, params: FormObject): object {
  const paths = stringList(params, 'expand') ?? [];
  if (paths.length === 0) return body;
  const copy: unknown = structuredClone(body);
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.length > MAX_DEPTH + (parts[0] === 'data' ? 1 : 0) || parts.some((part) => part === '')) {
      throw invalidRequest(`You cannot expand more than ${MAX_DEPTH} levels of a property (${path}).`, 'expand');
    }
    expandPath(store, copy, parts, path);
  }
  return copy as object;
}
