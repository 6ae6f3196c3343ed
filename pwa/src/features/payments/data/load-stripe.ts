/**
 * Stripe.js, loaded only on payment pages and only in Stripe mode: a script tag for
 * `https://js.stripe.com/v3` (Stripe requires it from its own origin), added once. Typed here
 * for the small part the checkout uses.
 */

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export interface StripePaymentElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { complete: boolean }) => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  submit(): Promise<{ error?: { message?: string } }>;
}

export interface StripeClient {
  elements(options: { mode: 'payment'; amount: number; currency: string; paymentMethodCreation: 'manual' }): StripeElements;
  createPaymentMethod(options: {
    elements: StripeElements;
    params?: { billing_details?: { name?: string; email?: string } };
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string; code?: string } }>;
}

export type StripeConstructor = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

let loading: Promise<StripeConstructor> | undefined;

export function loadStripe(doc: Document = document): Promise<StripeConstructor> {
  const ready = doc.defaultView?.Stripe;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const loaded = doc.defaultView?.Stripe;
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js loaded without Stripe'));
    });
    script.addEventListener('error', () => {
      loading = undefined;
      reject(new Error('Stripe.js could not be loaded'));
    });
    doc.head.append(script);
  });
  return loading;
}
