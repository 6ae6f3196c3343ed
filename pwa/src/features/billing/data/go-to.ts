/** Leaves the app for a page of the payment provider's (the checkout, the billing portal). */
export function goToProvider(url: string): void {
  window.location.assign(url);
}
