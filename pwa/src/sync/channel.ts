import { z } from 'zod';
import type { SyncEngine } from './engine';

/**
 * Tells the other tabs (and the pages, when the service worker syncs) that a sync started or
 * ended, so every open window shows the same status. The data itself needs no message: Dexie's
 * live queries already see other tabs' commits.
 */

export const SYNC_CHANNEL_NAME = 'memento-sync';

const failureSchema = z.object({ kind: z.enum(['auth', 'retryable', 'fatal']), code: z.string(), message: z.string() });
export type SyncFailure = z.infer<typeof failureSchema>;

// Another tab may run another version of the app: read its messages, never trust them.
const messageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sync-start'), db: z.string() }),
  z.object({ type: z.literal('sync-end'), db: z.string(), at: z.number(), failure: failureSchema.nullable() }),
]);
export type SyncMessage = z.infer<typeof messageSchema>;

export interface SyncChannel {
  post(message: SyncMessage): void;
  subscribe(listener: (message: SyncMessage) => void): () => void;
  close(): void;
}

/** The channel, or null where BroadcastChannel is missing (then each tab shows only its own syncs). */
export function openSyncChannel(): SyncChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(SYNC_CHANNEL_NAME);
  const listeners = new Set<(message: SyncMessage) => void>();
  channel.onmessage = (event: MessageEvent) => {
    const parsed = messageSchema.safeParse(event.data);
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  };
  return {
    post: (message) => {
      channel.postMessage(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close: () => {
      channel.close();
    },
  };
}

/** Forwards an engine's start and end to the channel, tagged with its database. */
export function relayEngineEvents(engine: SyncEngine, channel: SyncChannel, dbName: string): () => void {
  return engine.subscribe((event) => {
    if (event.type === 'start') channel.post({ type: 'sync-start', db: dbName });
    else if (event.type === 'success') channel.post({ type: 'sync-end', db: dbName, at: event.at, failure: null });
    else {
      const { kind, code, message } = event.error;
      channel.post({ type: 'sync-end', db: dbName, at: event.at, failure: { kind, code, message } });
    }
  });
}
