import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSyncActivity, IDLE, REMOTE_SYNC_TIMEOUT_MS } from './activity';
import { openSyncChannel, type SyncChannel, type SyncMessage } from './channel';
import type { SyncEngine, SyncEvent } from './engine';
import { SyncError } from './errors';

function fakeEngine() {
  const listeners = new Set<(event: SyncEvent) => void>();
  const engine: SyncEngine = {
    syncNow: () => Promise.resolve({ pushed: 0, pulled: 0 }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    engine,
    emit: (event: SyncEvent) => {
      for (const listener of listeners) listener(event);
    },
  };
}

/** A channel whose messages the test delivers by hand, as if from another tab. */
function fakeChannel() {
  const listeners = new Set<(message: SyncMessage) => void>();
  const channel: SyncChannel = {
    post: () => undefined,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => undefined,
  };
  return {
    channel,
    fromOtherTab: (message: SyncMessage) => {
      for (const listener of listeners) listener(message);
    },
  };
}

describe('sync activity', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("follows this tab's engine", () => {
    const { engine, emit } = fakeEngine();
    const store = createSyncActivity({ engine, channel: null, dbName: 'memento-user-a' });
    const changes = vi.fn();
    store.subscribe(changes);

    emit({ type: 'start' });
    expect(store.getSnapshot()).toEqual({ syncing: true, failure: null });
    emit({ type: 'failure', error: new SyncError('fatal', 'FORBIDDEN', 'no'), at: 1 });
    expect(store.getSnapshot()).toEqual({ syncing: false, failure: { kind: 'fatal', code: 'FORBIDDEN', message: 'no' } });
    emit({ type: 'success', result: { pushed: 1, pulled: 0 }, at: 2 });
    expect(store.getSnapshot()).toBe(IDLE);
    expect(changes).toHaveBeenCalledTimes(3);
    store.dispose();
  });

  it("follows other tabs' syncs of the same person only", () => {
    vi.useFakeTimers();
    const { engine } = fakeEngine();
    const { channel, fromOtherTab } = fakeChannel();
    const store = createSyncActivity({ engine, channel, dbName: 'memento-user-a' });

    fromOtherTab({ type: 'sync-start', db: 'memento-user-b' });
    expect(store.getSnapshot().syncing).toBe(false);
    fromOtherTab({ type: 'sync-start', db: 'memento-user-a' });
    expect(store.getSnapshot().syncing).toBe(true);
    fromOtherTab({ type: 'sync-end', db: 'memento-user-a', at: 5, failure: null });
    expect(store.getSnapshot()).toEqual(IDLE);

    // A tab that closes mid-sync never says it ended.
    fromOtherTab({ type: 'sync-start', db: 'memento-user-a' });
    vi.advanceTimersByTime(REMOTE_SYNC_TIMEOUT_MS);
    expect(store.getSnapshot().syncing).toBe(false);
    store.dispose();
  });

  it('carries messages between tabs and ignores malformed ones', async () => {
    const sender = openSyncChannel();
    const receiver = openSyncChannel();
    if (sender === null || receiver === null) throw new Error('BroadcastChannel missing');
    const heard: SyncMessage[] = [];
    const done = new Promise<void>((resolve) => {
      receiver.subscribe((message) => {
        heard.push(message);
        if (message.type === 'sync-end') resolve();
      });
    });
    const raw = new BroadcastChannel('memento-sync');
    raw.postMessage({ type: 'sync-start' });
    raw.close();
    sender.post({ type: 'sync-end', db: 'memento-user-a', at: 1, failure: null });
    await done;
    expect(heard).toEqual([{ type: 'sync-end', db: 'memento-user-a', at: 1, failure: null }]);
    sender.close();
    receiver.close();
  });
});
