import 'fake-indexeddb/auto';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatHlc } from '#core/sync/hlc';
import { writeMeta } from '../db/meta';
import { useRecord } from '../db/read-record';
import { getSyncSession, setSyncSession } from '../db/session-db';
import { writeRecord } from '../db/write-record';
import type { SyncError } from './errors';
import { SyncStatus } from './sync-status';
import { createMemoryPeer } from './testing/memory-peer';
import { peerFetch } from './testing/peer-fetch';
import { useSyncStatus } from './use-sync-status';
import { endUserSync, startUserSync, type UserSync } from './user-sync';
import { UserSyncProvider } from './user-sync-provider';

const DAY = '2026-03-01';

/** A screen of the app: one journal field and the status line, through the hooks only. */
function Probe() {
  const record = useRecord('exercises', DAY);
  const view = useSyncStatus();
  return (
    <>
      <p data-testid="note">{record === undefined ? 'loading' : (record?.values.gratitudeOne ?? 'empty')}</p>
      <SyncStatus view={view} />
    </>
  );
}

let running: UserSync | null = null;
let users = 0;

async function signIn(options: { token?: string; valid?: string; onSignedOut?: (error: SyncError) => void } = {}) {
  users += 1;
  const peer = createMemoryPeer({ now: () => Date.now() });
  const tokens = { valid: options.valid ?? 'token-1' };
  running = await startUserSync({
    userId: `user-${users}`,
    token: options.token ?? 'token-1',
    now: () => Date.now(),
    fetch: peerFetch(peer, tokens),
    onSignedOut: options.onSignedOut,
    timing: { debounceMs: 0 },
  });
  render(
    <UserSyncProvider value={running}>
      <Probe />
    </UserSyncProvider>,
  );
  return { peer, userSync: running, tokens };
}

afterEach(async () => {
  await endUserSync(running);
  running = null;
});

describe('sync in the app', () => {
  it('pulls what other devices wrote, shows local writes at once and pushes them', async () => {
    const { peer, userSync } = await signIn();
    expect(await getSyncSession()).toEqual({ userId: userSync.userId, token: 'token-1' });
    expect(await screen.findByText('Synced')).toBeTruthy();
    expect(screen.getByText('just now')).toBeTruthy();

    // Another device writes; a sync brings it in.
    peer.push({
      clientId: 'phone',
      mutations: [
        {
          seq: 1,
          table: 'exercises',
          key: DAY,
          fields: { gratitudeOne: 'from the phone' },
          hlc: formatHlc({ wall: Date.now() - 1000, counter: 0, node: 'phone' }),
        },
      ],
    });
    await act(() => userSync.scheduler.syncNow());
    expect(await screen.findByText('from the phone')).toBeTruthy();

    await act(() => writeRecord(userSync.db, 'exercises', DAY, { gratitudeOne: 'typed here' }, Date.now()));
    expect(await screen.findByText('typed here')).toBeTruthy();
    await waitFor(() => {
      expect(peer.snapshot().get(`exercises/${DAY}`)).toEqual({ gratitudeOne: 'typed here' });
    });
    expect(await screen.findByText('Synced')).toBeTruthy();
  });

  it('says signed out and tells the app when the token is refused', async () => {
    let refused: SyncError | null = null;
    await signIn({ token: 'expired', onSignedOut: (error) => (refused = error) });
    expect(await screen.findByText('Signed out — sign in to sync')).toBeTruthy();
    expect(refused).toMatchObject({ kind: 'auth', code: 'INVALID_TOKEN' });
  });

  it('shows a refused change until it is dismissed', async () => {
    const { userSync } = await signIn();
    await screen.findByText('Synced');
    await act(() =>
      writeMeta(userSync.db, 'lastRejection', {
        seq: 3,
        table: 'profiles',
        key: 'me',
        reason: 'INVALID_FIELDS',
        message: 'dayStartMinutes: Too big',
        at: Date.now(),
      }),
    );
    expect(
      await screen.findByText('A change could not be saved: your settings had a value the server does not accept.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Synced')).toBeTruthy();
  });

  it('never pushes one person’s records with another person’s token', async () => {
    const { userSync, peer } = await signIn();
    await screen.findByText('Synced');
    await setSyncSession({ userId: 'someone-else', token: 'token-1' });
    await writeRecord(userSync.db, 'exercises', DAY, { gratitude: true }, Date.now());
    await expect(userSync.engine.syncNow()).rejects.toMatchObject({ kind: 'auth', code: 'NO_SESSION' });
    expect(peer.snapshot().size).toBe(0);
  });

  it('forgets the session at sign-out, so the service worker stops too', async () => {
    const { userSync } = await signIn();
    await endUserSync(userSync);
    running = null;
    expect(await getSyncSession()).toBeNull();
    expect(userSync.db.isOpen()).toBe(false);
  });
});
