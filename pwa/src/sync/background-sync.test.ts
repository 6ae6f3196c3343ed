import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSyncSession } from '../db/session-db';
import { openUserDb } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { runBackgroundSync } from './background-sync';
import { SYNC_CHANNEL_NAME, type SyncMessage } from './channel';
import { createMemoryPeer } from './testing/memory-peer';
import { peerFetch } from './testing/peer-fetch';

const NOW = Date.UTC(2026, 2, 1, 12);

afterEach(async () => {
  await setSyncSession(null);
});

describe('runBackgroundSync', () => {
  it('does nothing when nobody is signed in', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    await expect(runBackgroundSync({ fetch })).resolves.toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("syncs the signed-in person's database and tells the open pages", async () => {
    const db = await openUserDb('bg-ada');
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'written before the tab closed' }, NOW);
    db.close();
    await setSyncSession({ userId: 'bg-ada', token: 'token-1' });
    const peer = createMemoryPeer({ now: () => NOW });
    const page = new BroadcastChannel(SYNC_CHANNEL_NAME);
    const heard: SyncMessage['type'][] = [];
    const ended = new Promise<void>((resolve) => {
      page.onmessage = (event: MessageEvent<SyncMessage>) => {
        heard.push(event.data.type);
        if (event.data.type === 'sync-end') resolve();
      };
    });

    await runBackgroundSync({ fetch: peerFetch(peer, { valid: 'token-1' }) });
    await ended;
    page.close();

    expect(peer.snapshot().get('exercises/2026-03-01')).toEqual({ gratitudeOne: 'written before the tab closed' });
    const reopened = await openUserDb('bg-ada');
    expect(await reopened.outbox.count()).toBe(0);
    reopened.close();
    expect(heard).toEqual(['sync-start', 'sync-end']);
  });

  it('asks the browser to try again later only when a retry can help', async () => {
    await setSyncSession({ userId: 'bg-bob', token: 'token-1' });
    const down = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(runBackgroundSync({ fetch: down })).rejects.toMatchObject({ kind: 'retryable' });

    const peer = createMemoryPeer({ now: () => NOW });
    await expect(runBackgroundSync({ fetch: peerFetch(peer, { valid: 'another-token' }) })).resolves.toBeUndefined();
  });
});
