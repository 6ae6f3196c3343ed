/**
 * The pages the local Stripe serves in place of Stripe's (the bank's check, Checkout, the billing
 * portal): plain server-rendered HTML, clearly labelled as test mode. No script at all, so they
 * work under the strict policy the product sends for `/local-stripe/*` (inline style and forms
 * posting to this origin only); every choice is a form post or a link.
 */
import type { Reply } from './route.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
.banner{background:#fff4d6;border:1px solid #c98a00;padding:.5rem .75rem;border-radius:.25rem}
.error{background:#fde8e8;border:1px solid #b42318;padding:.5rem .75rem;border-radius:.25rem}
.done{background:#e7f6ec;border:1px solid #1e7b3a;padding:.5rem .75rem;border-radius:.25rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{font:inherit;padding:.4rem .5rem;width:100%;box-sizing:border-box}
.row{display:flex;gap:1rem}.row>div{flex:1}
button{font:inherit;padding:.5rem 1rem;margin:1rem .5rem 0 0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #ddd}
section{border:1px solid #ddd;border-radius:.25rem;padding:0 1rem;margin:1rem 0}
.hint{color:#444;font-size:.9rem}`;

/**
 * A whole page: the test-mode banner (saying what Stripe page it stands in for), a title, the body
 * (already escaped by the caller).
 */
export function page(title: string, body: string, options: { readonly standsFor: string; readonly status?: number }): Reply {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Local Stripe (test mode)</title>
<style>${STYLE}</style></head>
<body><p class="banner" role="note">Test mode: no money moves. ${escapeHtml(options.standsFor)}</p>
<h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return { kind: 'html', status: options.status ?? 200, html };
}

/** `USD 15.00`: the currency's code and the amount in its major unit (two decimals). */
export function money(cents: number, currency: string): string {
  return `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** `28 February 2031`, in UTC: the pages have no way to know the reader's zone. */
export function day(seconds: number): string {
  return DATE.format(new Date(seconds * 1000));
}

/** `per month`, `every 3 months`. */
export function everyInterval(interval: string, count: number): string {
  return count === 1 ? `per ${interval}` : `every ${count} ${interval}s`;
}
