/** What a resource file declares: its routes, each turning a request context into a reply. */
import type { EventRecorder, EventSource } from './events.ts';
import type { FormObject } from './form.ts';
import type { LocalStripeStore } from './store.ts';

export type Reply =
  | { readonly kind: 'json'; readonly status: number; readonly body: object }
  | { readonly kind: 'html'; readonly status: number; readonly html: string }
  | { readonly kind: 'redirect'; readonly location: string };

export interface RequestContext extends EventSource {
  readonly store: LocalStripeStore;
  readonly events: EventRecorder;
  /** The form body of a POST, the query of a GET. */
  readonly params: FormObject;
  readonly pathParams: Readonly<Record<string, string>>;
  /** This service's own address (for the pages it serves), without a trailing slash. */
  readonly baseUrl: string;
  readonly requestId: string;
}

export interface Route {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly path: string;
  /** Pages a person opens in a browser: no API key, no idempotency. */
  readonly page?: true;
  /** Also allowed with a publishable key (`pk_test_…`), as Stripe allows it from browsers. */
  readonly publishable?: true;
  handle(context: RequestContext): Reply;
}

export function json(body: object, status = 200): Reply {
  return { kind: 'json', status, body };
}
