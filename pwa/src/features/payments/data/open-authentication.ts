/**
 * Opens the bank's check (the `nextActionUrl` of a charge that needs authentication). A new
 * window first, so this page keeps polling the order; where pop-ups are blocked, this window
 * goes there and the bank's page sends the buyer back to `returnUrl`, where the checkout resumes
 * polling the order.
 */
export function openAuthentication(url: string, returnUrl: string, win: Window = window): void {
  const target = new URL(url, win.location.href);
  if (target.protocol !== 'https:' && target.origin !== win.location.origin) return;
  if (!target.searchParams.has('return_url')) target.searchParams.set('return_url', returnUrl);
  const opened = win.open(target.href, '_blank');
  if (opened !== null) {
    opened.opener = null;
    return;
  }
  win.location.assign(target.href);
}

/** Where the bank's page sends the buyer back to: this checkout, naming the order to resume. */
export function authenticationReturnUrl(orderId: string, win: Window = window): string {
  const back = new URL(win.location.href);
  back.search = '';
  back.searchParams.set('order', orderId);
  return back.href;
}
