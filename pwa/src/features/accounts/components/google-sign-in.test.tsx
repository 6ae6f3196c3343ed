import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, jsonReply, type FakeApi } from '../../../lib/testing/fake-api';
import { SessionProvider } from '../../../session/session-provider';
import type { GoogleIdConfiguration } from '../google/gsi-client';
import { ADA_REPLY, storeWith } from '../testing/sign-in-fixtures';
import { SignInPage } from './sign-in-page';

/** Google Identity Services as the page sees it once its script has run. */
function fakeGoogle() {
  const configs: GoogleIdConfiguration[] = [];
  const id = {
    initialize: vi.fn((config: GoogleIdConfiguration) => {
      configs.push(config);
    }),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('button');
      button.textContent = 'Continue with Google';
      parent.append(button);
    }),
  };
  Reflect.set(window, 'google', { accounts: { id } });
  return { id, configs, lastConfig: () => configs.at(-1) };
}

let api: FakeApi;
let nonces = 0;
beforeEach(() => {
  window.localStorage.clear();
  nonces = 0;
  api = installFakeApi();
  api.on('POST', '/api/events', () => new Response(null, { status: 204 }));
  api.on('GET', '/api/auth/config', () => jsonReply(200, { mode: 'google', googleClientId: 'client-1.apps.googleusercontent.com' }));
  api.on('GET', '/api/auth/nonce', () => {
    nonces += 1;
    return jsonReply(200, { nonce: `nonce-${nonces}` });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(window, 'google');
});

function renderSignIn() {
  render(
    <MemoryRouter initialEntries={['/signup']}>
      <SessionProvider store={storeWith().store}>
        <Routes>
          <Route path="/signup" element={<SignInPage />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('Google sign-in', () => {
  it('binds Google’s button to a nonce from the server and sends the ID token back with it', async () => {
    const google = fakeGoogle();
    api.on('POST', '/api/newGoogleSignIn', () => jsonReply(200, ADA_REPLY));
    renderSignIn();

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(google.lastConfig()).toMatchObject({
      client_id: 'client-1.apps.googleusercontent.com',
      nonce: 'nonce-1',
      auto_select: false,
    });
    expect(screen.queryByRole('group', { name: /Local sign-in/ })).toBeNull();

    act(() => {
      google.lastConfig()?.callback({ credential: 'google-id-token' });
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeTruthy();
    expect(api.seen('/api/newGoogleSignIn').map((request) => request.body)).toEqual([
      { id_token: 'google-id-token', nonce: 'nonce-1' },
    ]);
  });

  it('shows a refused Google sign-in and prepares a new button with a new nonce to try again', async () => {
    const google = fakeGoogle();
    api.on('POST', '/api/newGoogleSignIn', () =>
      jsonReply(400, { error: 'SIGN_IN_FAILED', message: 'The e-mail address of this Google account is not verified.' }),
    );
    renderSignIn();
    await screen.findByRole('button', { name: 'Continue with Google' });

    act(() => {
      google.lastConfig()?.callback({ credential: 'google-id-token' });
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/not verified\. Please try again\./);
    expect(screen.queryByRole('heading', { name: 'Dashboard page' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(google.lastConfig()?.nonce).toBe('nonce-2');
    expect(screen.getAllByRole('button', { name: 'Continue with Google' })).toHaveLength(1);
  });
});
