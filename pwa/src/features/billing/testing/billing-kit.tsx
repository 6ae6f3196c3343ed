import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { DEFAULT_CLIENT_STATE, type ClientState } from '#core/schemas/client-state';
import { SessionProvider } from '../../../session/session-provider';
import { createSessionStore, type SessionStore } from '../../../session/session-store';

/** A signed-in person for the billing screens' tests, and a way to render a screen in their session. */

export const USER_ID = 'user-ada';

export function signedIn(accountType = 0): ClientState {
  return {
    ...DEFAULT_CLIENT_STATE,
    user: {
      token: 'token-ada-0123456789',
      userDetails: { id: USER_ID, email: 'ada@example.test', first_name: 'Ada', avatar_url: '', accountType },
      user_email: 'ada@example.test',
      user_first_name: 'Ada',
      user_avatar_url: '',
      accountType,
    },
  };
}

/** A session store on in-memory storage, starting at `state`. */
export function sessionWith(state: ClientState): SessionStore {
  const values = new Map<string, string>([['state', JSON.stringify(state)]]);
  const storage = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
  return createSessionStore({ storage, events: window });
}

export function renderInSession(store: SessionStore, element: ReactNode) {
  return render(
    <MemoryRouter>
      <SessionProvider store={store}>{element}</SessionProvider>
    </MemoryRouter>,
  );
}

/** Makes `navigator.onLine` answer `online()`; undo with vi.restoreAllMocks(). */
export function controlOnline(online: () => boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(online);
}

/** Tells the page the connection changed, as the browser does. */
export function announceConnection(online: boolean): void {
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}
