import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseClientState, type ClientState } from '#core/schemas/client-state';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../../lib/testing/fake-api';
import { SessionProvider } from '../../../session/session-provider';
import { ADA_REPLY, ADA_SIGNED_IN, storeWith } from '../testing/sign-in-fixtures';
import { SignInPage } from './sign-in-page';

let api: FakeApi;
beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
  api.on('POST', '/api/events', () => new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSignIn(url = '/signup', stored?: ClientState) {
  const { store, storage } = storeWith(stored);
  render(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider store={store}>
        <Routes>
          <Route path="/signup" element={<SignInPage />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
          <Route path="/account" element={<h1>Account page</h1>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return { store, storage };
}

async function fillLocalForm(email: string, name?: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address'), email);
  if (name !== undefined) await user.type(screen.getByLabelText(/First name/), name);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('the sign-in page on a server without Google', () => {
  beforeEach(() => {
    api.on('GET', '/api/auth/config', () => jsonReply(200, { mode: 'local' }));
  });

  it('says it is a local sign-in by e-mail, and shows the labelled local form and the help link', async () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to continue' })).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Local sign-in (this server runs without Google)' })).toBeTruthy();
    expect(screen.getByText(/local sign-in for trying the app/)).toBeTruthy();
    expect(screen.getByText(/your e-mail address, no password/)).toBeTruthy();
    expect(screen.queryByText(/Google account/)).toBeNull();
    const help = screen.getByRole('link', { name: 'Issues signing in?' });
    expect(help.getAttribute('href')).toMatch(/^mailto:.+@.+\?subject=Issues%20signing%20in$/);
  });

  it('is busy while signing in, then stores the person, records the event and opens the dashboard', async () => {
    const reply = pendingReply();
    api.on('POST', '/api/auth/local', () => reply.promise);
    const { storage } = renderSignIn();
    await fillLocalForm('  ada@example.test ', 'Ada');

    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(api.seen('/api/auth/local')).toEqual([
      { method: 'POST', path: '/api/auth/local', authorization: null, body: { email: 'ada@example.test', name: 'Ada' } },
    ]);

    reply.release(jsonReply(200, ADA_REPLY));
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    // Written at once, not a second later: a reload right away keeps the person signed in.
    expect(parseClientState(storage.stored()).user).toEqual(ADA_SIGNED_IN.user);
    await waitFor(() => {
      expect(api.seen('/api/events').map((request) => request.body)).toEqual([[{ name: 'Sign In', path: '/signup' }]]);
    });
  });

  it('says why a refused sign-in failed and lets the person try again', async () => {
    let attempts = 0;
    api.on('POST', '/api/auth/local', () => {
      attempts += 1;
      return attempts === 1
        ? jsonReply(400, { error: 'SIGN_IN_FAILED', message: 'This account signs in with Google.' })
        : jsonReply(200, ADA_REPLY);
    });
    renderSignIn();
    const user = await fillLocalForm('ada@example.test');

    expect((await screen.findByRole('alert')).textContent).toBe('This account signs in with Google. Please try again.');
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();

    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });

  it('tells a lost connection apart from a refusal', async () => {
    api.on('POST', '/api/auth/local', () => Promise.reject(new TypeError('Failed to fetch')));
    renderSignIn();
    await fillLocalForm('ada@example.test');
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be reached/);
  });

  it('checks the address before sending anything', async () => {
    renderSignIn();
    await fillLocalForm('ada.example.test');
    const field = screen.getByLabelText('E-mail address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/Enter a valid e-mail address/)).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(api.seen('/api/auth/local')).toEqual([]);
  });

  it('returns to the protected page the person came from, and only to a page of this app', async () => {
    api.on('POST', '/api/auth/local', () => jsonReply(200, ADA_REPLY));
    renderSignIn('/signup?next=%2Faccount');
    await fillLocalForm('ada@example.test');
    expect(await screen.findByRole('heading', { name: 'Account page' })).toBeTruthy();
  });

  it('ignores a next address on another site', async () => {
    api.on('POST', '/api/auth/local', () => jsonReply(200, ADA_REPLY));
    renderSignIn('/signup?next=https%3A%2F%2Fevil.example%2F');
    await fillLocalForm('ada@example.test');
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
  });
});

describe('the sign-in page on a server with Google', () => {
  it('keeps the Google wording and says nothing of a local sign-in', async () => {
    api.on('GET', '/api/auth/config', () => jsonReply(200, { mode: 'google', googleClientId: 'client-1.apps.googleusercontent.com' }));
    api.on('GET', '/api/auth/nonce', () => jsonReply(200, { nonce: 'nonce-1' }));
    renderSignIn();
    expect(await screen.findByText('Use a Google account to get started')).toBeTruthy();
    expect(screen.queryByText(/local sign-in/i)).toBeNull();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
  });
});

describe('the sign-in page in other situations', () => {
  it('sends a person who is already signed in on to the dashboard', async () => {
    renderSignIn('/signup', ADA_SIGNED_IN);
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('says offline and tries again when the connection comes back', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    api.on('GET', '/api/auth/config', () => jsonReply(200, { mode: 'local' }));
    renderSignIn();
    expect((await screen.findByRole('alert')).textContent).toMatch(/You are offline/);
    expect(api.requests).toEqual([]);

    // The page listens from its effect, which React may run just after the alert showed.
    await act(async () => {});
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByLabelText('E-mail address')).toBeTruthy();
  });

  it('offers to try again when the server could not say how to sign in', async () => {
    let attempts = 0;
    api.on('GET', '/api/auth/config', () => {
      attempts += 1;
      return attempts === 1 ? jsonReply(503, { error: 'UNAVAILABLE' }) : jsonReply(200, { mode: 'local' });
    });
    renderSignIn();
    await screen.findByRole('alert');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('E-mail address')).toBeTruthy();
  });
});
