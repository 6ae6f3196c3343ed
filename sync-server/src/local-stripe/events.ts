/** Every state change records an Event (`GET /v1/events/:id`, `GET /v1/events`) and hands it to delivery. */
import Stripe from 'stripe';
import { noSuch } from './errors.ts';
import { newId } from './ids.ts';
import { listOf } from './list.ts';
import { optionalString } from './params.ts';
import type { Route } from './route.ts';
import { json } from './route.ts';
import type { LocalStripeStore } from './store.ts';

export type EventType = Stripe.Event['type'];
export type EventOf<T extends EventType> = Extract<Stripe.Event, { type: T }>;

export interface EventSource {
  readonly requestId: string | null;
  readonly idempotencyKey: string | undefined;
}

/** Told of every event once it is recorded, with what caused it (see invoice-settlement.ts). */
export type EventListener = (event: Stripe.Event, source: EventSource) => void;

export class EventRecorder {
  private readonly listeners: EventListener[] = [];

  constructor(
    private readonly store: LocalStripeStore,
    private readonly deliver: (event: Stripe.Event) => void,
    private readonly endpoints: () => number,
  ) {}

  onRecorded(listener: EventListener): void {
    this.listeners.push(listener);
  }

  /** `previous` is `data.previous_attributes`: the old values of what an update changed. */
  record<T extends EventType>(
    type: T,
    object: EventOf<T>['data']['object'],
    source: EventSource,
    previous?: Record<string, unknown>,
  ): EventOf<T> {
    const base = {
      id: newId('evt'),
      object: 'event' as const,
      api_version: Stripe.API_VERSION,
      created: this.store.nowSeconds(),
      // A snapshot: later changes to the object do not rewrite what the event said.
      data: {
        object: structuredClone(object),
        ...(previous === undefined ? {} : { previous_attributes: structuredClone(previous) }),
      },
      livemode: false,
      pending_webhooks: this.endpoints(),
      request:
        source.requestId === null ? null : { id: source.requestId, idempotency_key: source.idempotencyKey ?? null },
      type,
    };
    // The union of Stripe's event types cannot be narrowed by a generic `type`; the fields above
    // are exactly EventBase plus this type's data object.
    const event = base as unknown as EventOf<T>;
    this.store.events.put(event);
    this.deliver(event);
    for (const listener of this.listeners) listener(event, source);
    return event;
  }
}

export const eventRoutes: readonly Route[] = [
  {
    method: 'GET',
    path: '/v1/events/:id',
    handle: ({ store, pathParams }) => {
      const event = store.events.get(pathParams.id ?? '');
      if (event === undefined) throw noSuch('event', pathParams.id ?? '');
      return json(event);
    },
  },
  {
    method: 'GET',
    path: '/v1/events',
    handle: ({ store, params }) => {
      const type = optionalString(params, 'type');
      const rows = store.events.newestFirst().filter((event) => type === undefined || matchesType(event.type, type));
      return json(listOf('/v1/events', rows, params));
    },
  },
];

/** `type=payment_intent.*` matches every payment_intent event, as Stripe's filter does. */
function matchesType(type: string, filter: string): boolean {
  return filter.endsWith('.*') ? type.startsWith(filter.slice(0, -1)) : type === filter;
}
