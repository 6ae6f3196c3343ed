import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dexie } from 'dexie';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userReplyFor } from '#core/schemas/auth';
import { EMPTY_USER } from '#core/schemas/client-state';
import { openUserDb, userDbName } from '../db/user-db';
import { writeRecord } from '../db/write-record';
import { ADA_REPLY, ADA_SIGNED_IN, storeWith } from '../features/accounts/testing/sign-in-fixtures';
import { UnsyncedChangesDialog } from '../features/account/components/unsynced-changes-dialog';
import { installFakeApi, jsonReply, type FakeApi } from '../lib/testing/fake-api';
import { createMemoryPeer, type MemoryPeer } from '../sync/testing/memory-peer';
import { peerFetch } from '../sync/testing/peer-fetch';
import type { CalendarDay } from '#core/dates/calendar-day';
import { unsavedJournalStore } from './data/unsaved-journal-texts';
import { useUserSync } from './user-sync-context';
import { SessionBoot } from './session-boot';
import { SessionProvider } from './session-provider';
import { useLogOut } from './use-log-out';
import { paths } from '#core/paths';

const TOKEN = ADA_REPLY.token;
const ADA_DB = userDbName('user-ada');

/** The account view as far as Log Out goes: the button and, when asked, the dialog. */
function Account() {
  const logOut = useLogOut();
  const ready = useUserSync() !== null;
  const { state } = logOut;
  return (
    <>
      <h1>Account Settings</h1>
      {ready && <p>Sync running</p>}
      <button type="button" onClick={() => void logOut.start()}>
        Log Out
      </button>
      {state.step === 'unsynced' && (
        <UnsyncedChangesDialog
          pending={state.pending}
          keptAside={state.keptAside}
          online={logOut.online}
          problem={state.problem}
          onRetry={logOut.retry}
          onDiscard={logOut.discard}
          onCancel={logOut.cancel}
        />
      )}
    </>
  );
}

let api: FakeApi;
let peer: MemoryPeer;
let online: boolean;
beforeEach(async () => {
  await Dexie.delete(ADA_DB);
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  peer = createMemoryPeer({ now: () => Date.now() });
  api = installFakeApi(peerFetch(peer, { valid: TOKEN }));
  api.on('GET', '/api/refreshUser', () => jsonReply(200, userReplyFor({ ...ADA_REPLY.userDetails })));
  api.on('POST', '/api/auth/logout', () => new Response(null, { status: 204 }));
  api.on('POST', '/api/events', () => new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderSignedIn() {
  const { store } = storeWith(ADA_SIGNED_IN);
  render(
    <MemoryRouter initialEntries={[paths.dashboard.href()]}>
      <SessionProvider store={store}>
        <SessionBoot>
          <Routes>
            <Route path={paths.home.path} element={<h1>Home page</h1>} />
            <Route path={paths.dashboard.path} element={<Account />} />
          </Routes>
        </SessionBoot>
      </SessionProvider>
    </MemoryRouter>,
  );
  await screen.findByText('Sync running');
  return store;
}

/** Writes made on this device while offline: they wait in the outbox. */
async function writeOffline(days: readonly string[]) {
  online = false;
  window.dispatchEvent(new Event('offline'));
  const db = await openUserDb('user-ada');
  for (const day of days) await writeRecord(db, 'exercises', day, { gratitudeOne: `thanks for ${day}` }, Date.now());
  db.close();
}

const databaseExists = () => Dexie.exists(ADA_DB);
async function pendingOnDevice(): Promise<number> {
  const db = await openUserDb('user-ada');
  const count = await db.outbox.count();
  db.close();
  return count;
}

describe('Log Out', () => {
  it('with everything synced, deletes the database from the device, ends the session on the server and goes home', async () => {
    const store = await renderSignedIn();
    expect(await databaseExists()).toBe(true);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(store.getSnapshot().user).toEqual(EMPTY_USER);
    await waitFor(async () => {
      expect(await databaseExists()).toBe(false);
    });
    expect(api.seen('/api/auth/logout').map((request) => request.authorization)).toEqual([`Bearer ${TOKEN}`]);
  });

  it('with changes not synced, says how many and deletes nothing until the person chooses; Cancel keeps everything', async () => {
    const store = await renderSignedIn();
    await writeOffline(['2026-03-01', '2026-03-02']);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out before syncing?' });
    expect(dialog.textContent).toContain("2 changes on this device haven't been synced yet.");
    expect(dialog.textContent).toContain("You're offline: syncing them needs a connection.");
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-disabled')).toBe('true');
    expect(await databaseExists()).toBe(true);
    expect(await pendingOnDevice()).toBe(2);
    expect(store.getSnapshot().user.token).toBe(TOKEN);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Account Settings' })).toBeTruthy();
    expect(store.getSnapshot().user.token).toBe(TOKEN);
    expect(await pendingOnDevice()).toBe(2);
    expect(api.seen('/api/auth/logout')).toEqual([]);
  });

  it('with changes not synced, deletes them with the rest when the person chooses to', async () => {
    const store = await renderSignedIn();
    await writeOffline(['2026-03-01']);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("1 change on this device hasn't been synced yet.");
    await user.click(screen.getByRole('button', { name: 'Delete it and log out' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(store.getSnapshot().user).toEqual(EMPTY_USER);
    await waitFor(async () => {
      expect(await databaseExists()).toBe(false);
    });
    expect(peer.snapshot().size).toBe(0);
  });

  it('with changes not synced, finishes by itself once they have synced after the connection is back', async () => {
    const store = await renderSignedIn();
    await writeOffline(['2026-03-01']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await screen.findByRole('dialog');

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(store.getSnapshot().user).toEqual(EMPTY_USER);
    await waitFor(async () => {
      expect(await databaseExists()).toBe(false);
    });
    expect(peer.snapshot().get('exercises/2026-03-01')).toMatchObject({ gratitudeOne: 'thanks for 2026-03-01' });
  });

  it('syncs what is waiting first when online, then deletes', async () => {
    await renderSignedIn();
    await writeOffline(['2026-03-01']);
    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => {
      expect(await databaseExists()).toBe(false);
    });
    expect(peer.snapshot().get('exercises/2026-03-01')).toMatchObject({ gratitudeOne: 'thanks for 2026-03-01' });
  });

  it('stores journal words the device kept aside, and syncs them, before deleting anything', async () => {
    await renderSignedIn();
    // The page went while a save ran; the words were kept aside, and the journal was not opened since.
    unsavedJournalStore(ADA_DB).keep('2026-03-01' as CalendarDay, { gratitudeOne: { text: 'The first snow', over: [''] } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    await waitFor(async () => {
      expect(await databaseExists()).toBe(false);
    });
    expect(peer.snapshot().get('exercises/2026-03-01')).toMatchObject({ gratitudeOne: 'The first snow' });
    expect(unsavedJournalStore(ADA_DB).read()).toEqual({});
  });

  it('counts kept words that wait for the person’s choice, and never logs out by itself over them', async () => {
    const store = await renderSignedIn();
    const db = await openUserDb('user-ada');
    // Written since on another device: the kept words wait for the person's choice in the journal.
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'Rain on the window' }, Date.now());
    db.close();
    unsavedJournalStore(ADA_DB).keep('2026-03-01' as CalendarDay, { gratitudeOne: { text: 'The first snow', over: [''] } });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out before syncing?' });
    expect(dialog.textContent).toContain("1 change on this device hasn't been synced yet.");
    expect(dialog.textContent).toContain('It is a journal text this device could not store yet');
    // Nothing to wait for: no connection sends these.
    expect(dialog.textContent).not.toContain('Keep this open to wait');
    // The other write syncs meanwhile; the kept words still hold Log Out.
    await waitFor(() => expect(peer.snapshot().get('exercises/2026-03-01')).toMatchObject({ gratitudeOne: 'Rain on the window' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(store.getSnapshot().user.token).toBe(TOKEN);

    await user.click(screen.getByRole('button', { name: 'Delete it and log out' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    await waitFor(async () => {
      expect(await databaseExists()).toBe(false);
    });
    expect(unsavedJournalStore(ADA_DB).read()).toEqual({});
  });
});
