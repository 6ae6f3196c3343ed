import type { AnalyticsEventName } from '#core/schemas/analytics';
import { whenIdle } from './when-idle';

/**
 * First-party analytics (DEVIATIONS #14): an event is a name and a path, queued in local storage
 * and sent to our own server when there is a connection, so events recorded offline arrive
 * later. The queue is bounded; the oldest events give way. The sending code (and its schema
 * library) loads only when there is something to send.
 */

const QUEUE_KEY = 'memento-events';
/** Events kept while offline; beyond this the oldest are dropped. */
export const EVENT_QUEUE_MAX = 100;
/** Events per request (the server takes up to 50). */
const BATCH = 50;

export interface QueuedEvent {
  readonly name: AnalyticsEventName;
  readonly path: string;
}

export interface EventQueueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function isQueuedEvent(value: unknown): value is QueuedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { name, path } = value as Partial<Record<keyof QueuedEvent, unknown>>;
  return typeof name === 'string' && typeof path === 'string';
}

/** The stored queue; anything unreadable counts as empty (analytics never breaks the app). */
export function readEventQueue(storage: EventQueueStorage): QueuedEvent[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter(isQueuedEvent) : [];
  } catch {
    return [];
  }
}

function writeEventQueue(storage: EventQueueStorage, events: readonly QueuedEvent[]): void {
  try {
    storage.setItem(QUEUE_KEY, JSON.stringify(events.slice(-EVENT_QUEUE_MAX)));
  } catch {
    // Storage full or blocked: the events are lost, the app carries on.
  }
}

/** Sends a batch; resolves true when the server took it or refused it for good (never resend). */
export type SendEvents = (events: readonly QueuedEvent[]) => Promise<boolean>;

async function sendWithApi(events: readonly QueuedEvent[]): Promise<boolean> {
  const { sendEvents } = await import('./analytics-send');
  return sendEvents(events);
}

export interface EventRecorder {
  record(name: AnalyticsEventName, path: string): void;
  /** Sends what is queued, batch by batch, while the server takes it. */
  flush(): Promise<void>;
}

export function createEventRecorder(
  storage: EventQueueStorage,
  send: SendEvents = sendWithApi,
  isOnline: () => boolean = () => navigator.onLine,
): EventRecorder {
  let flushing: Promise<void> | null = null;

  async function flushQueue(): Promise<void> {
    for (;;) {
      const queue = readEventQueue(storage);
      if (queue.length === 0 || !isOnline()) return;
      const batch = queue.slice(0, BATCH);
      if (!(await send(batch))) return;
      // Events recorded while the batch was in flight stay queued behind it.
      writeEventQueue(storage, readEventQueue(storage).slice(batch.length));
    }
  }

  const flush = (): Promise<void> => {
    flushing ??= flushQueue()
      .catch(() => undefined)
      .finally(() => {
        flushing = null;
      });
    return flushing;
  };

  return {
    record(name, path) {
      writeEventQueue(storage, [...readEventQueue(storage), { name, path }]);
      void flush();
    },
    flush,
  };
}

let appRecorder: EventRecorder | undefined;
function recorder(): EventRecorder {
  appRecorder ??= createEventRecorder(window.localStorage);
  return appRecorder;
}

/** Records an event for the app's own analytics; it is sent now or once back online. */
export function recordEvent(name: AnalyticsEventName, path: string): void {
  recorder().record(name, path);
}

/**
 * Sends queued events in the page's first spare moment (not while it starts) and whenever the
 * browser comes back online; returns the stop.
 */
export function startSendingEvents(): () => void {
  const flush = () => void recorder().flush();
  const cancel = whenIdle(flush);
  window.addEventListener('online', flush);
  return () => {
    cancel();
    window.removeEventListener('online', flush);
  };
}
