import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userReplyFor } from '#core/schemas/auth';
import { EMPTY_USER, parseClientState, type ClientState } from '#core/schemas/client-state';
import { getSyncSession, setSyncSession } from '../db/session-db';
import { installFakeApi, jsonReply, type FakeApi } from '../lib/testing/fake-api';
import { createMemoryPeer } from '../sync/testing/memory-peer';
import { peerFetch } from '../sync/testing/peer-fetch';
import { useUserSync } from './user-sync-context';
import { ADA_REPLY, ADA_SIGNED_IN, storeWith } from '../features/accounts/testing/sign-in-fixtures';
import { SessionBoot } from './session-boot';
import { SessionProvider } from './session-provider';
import { useSession } from './use-session';
import { paths } from '#core/paths';

const TOKEN = ADA_REPLY.token;
const INVALID = { error: 'INVALID_TOKEN', message: 'INVALID_TOKEN' };

function SyncProbe() {
  return <p data-testid="sync">{useUserSync()?.userId ?? 'none'}</p>;
}

function Dashboard() {
  const { signOut, user } = useSession();
  return (
    <>
      <h1>Dashboard page</h1>
      <p data-testid="name">{user.user_first_name}</p>
      <button type="button" onClick={signOut}>
        Log Out
      </button>
    </>
  );
}

let api: FakeApi;
let tokenValid: boolean;
beforeEach(async () => {
  await setSyncSession(null);
  tokenValid = true;
  // The sync endpoints answer from a memory peer, the account endpoints from the handlers below.
  api = installFakeApi(peerFetch(createMemoryPeer({ now: () => Date.now() }), { valid: TOKEN }));
  api.on('GET', '/api/refreshUser', (request) =>
    tokenValid && request.authorization === `Bearer ${TOKEN}`
      ? jsonReply(200, userReplyFor({ ...ADA_REPLY.userDetails, first_name: 'Ada Lovelace', accountType: 1 }))
      : jsonReply(400, INVALID),
  );
  api.on('POST', '/api/auth/logout', () => new Response(null, { status: 204 }));
  api.on('POST', '/api/events', () => new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderApp(stored?: ClientState) {
  const { store, storage } = storeWith(stored);
  render(
    <MemoryRouter initialEntries={[paths.dashboard.href()]}>
      <SessionProvider store={store}>
        <SessionBoot>
          <SyncProbe />
          <Routes>
            <Route path={paths.home.path} element={<h1>Home page</h1>} />
            <Route path={paths.dashboard.path} element={<Dashboard />} />
          </Routes>
        </SessionBoot>
      </SessionProvider>
    </MemoryRouter>,
  );
  return { store, storage };
}

describe('a stored session at app start', () => {
  it('starts sync for the person and refreshes the account from the server, keeping the session', async () => {
    const { store } = renderApp(ADA_SIGNED_IN);
    await waitFor(() => {
      expect(screen.getByTestId('sync').textContent).toBe('user-ada');
    });
    expect(await getSyncSession()).toEqual({ userId: 'user-ada', token: TOKEN });
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(store.getSnapshot().user).toMatchObject({ token: TOKEN, accountType: 1, user_email: 'ada@example.test' });
    expect(api.seen('/api/refreshUser')[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('is trusted offline: no refresh until the connection is back', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    renderApp(ADA_SIGNED_IN);
    await waitFor(() => {
      expect(screen.getByTestId('sync').textContent).toBe('user-ada');
    });
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(api.seen('/api/refreshUser')).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('signs out and goes home when the server no longer accepts the token', async () => {
    tokenValid = false;
    const { storage } = renderApp(ADA_SIGNED_IN);
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(parseClientState(storage.stored()).user).toEqual(EMPTY_USER);
    await waitFor(async () => {
      expect(await getSyncSession()).toBeNull();
    });
    // A token the server refused is not sent again to sign out.
    expect(api.seen('/api/auth/logout')).toEqual([]);
  });

  it('ends a stored session it cannot use (no token) without crashing, syncing or asking the server', async () => {
    const damaged: ClientState = { ...ADA_SIGNED_IN, user: { ...ADA_SIGNED_IN.user, token: '' } };
    const { store } = renderApp(damaged);
    await waitFor(() => {
      expect(store.getSnapshot().user).toEqual(EMPTY_USER);
    });
    expect(screen.getByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(screen.getByTestId('sync').textContent).toBe('none');
    expect(await getSyncSession()).toBeNull();
    expect(api.requests.filter((request) => !request.path.startsWith('/api/events'))).toEqual([]);
  });

  it('completes a stored session without an account id from the server, then syncs', async () => {
    const { store } = renderApp({ ...ADA_SIGNED_IN, user: { ...ADA_SIGNED_IN.user, userDetails: {} } });
    await waitFor(() => {
      expect(screen.getByTestId('sync').textContent).toBe('user-ada');
    });
    expect(store.getSnapshot().user.userDetails).toMatchObject({ id: 'user-ada' });
  });
});

describe('signing out', () => {
  it('clears the person at once, goes home, stops sync and tells the server with the old token', async () => {
    const { storage } = renderApp(ADA_SIGNED_IN);
    await waitFor(() => {
      expect(screen.getByTestId('sync').textContent).toBe('user-ada');
    });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    expect(screen.getByTestId('sync').textContent).toBe('none');
    const stored = parseClientState(storage.stored());
    expect(stored.user).toEqual(EMPTY_USER);
    expect(stored.expert).toEqual({});

    await waitFor(() => {
      expect(api.seen('/api/auth/logout').map((request) => request.authorization)).toEqual([`Bearer ${TOKEN}`]);
    });
    await waitFor(async () => {
      expect(await getSyncSession()).toBeNull();
    });
  });
});
