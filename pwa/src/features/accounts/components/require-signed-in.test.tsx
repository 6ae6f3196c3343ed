import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../session/session-provider';
import { ADA_SIGNED_IN, storeWith } from '../testing/sign-in-fixtures';
import { RequireSignedIn } from './require-signed-in';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderGuarded(url: string, signedIn: boolean) {
  const { store } = storeWith(signedIn ? ADA_SIGNED_IN : undefined);
  render(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider store={store}>
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route
            path="/account"
            element={
              <RequireSignedIn>
                <h1>Account page</h1>
              </RequireSignedIn>
            }
          />
          <Route path="/signup" element={<Where />} />
        </Routes>
      </SessionProvider>
    </MemoryRouter>,
  );
  return store;
}

describe('RequireSignedIn', () => {
  it('shows the page to a signed-in person', () => {
    renderGuarded('/account', true);
    expect(screen.getByRole('heading', { name: 'Account page' })).toBeTruthy();
  });

  it('sends anyone else to sign in, remembering the page to come back to', () => {
    renderGuarded('/account?tab=billing', false);
    expect(screen.queryByRole('heading', { name: 'Account page' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/signup?next=%2Faccount%3Ftab%3Dbilling');
  });

  it.each(['user', 'invalid-token'] as const)(
    'sends a person signed out here (%s) home, not to sign in again',
    (reason) => {
      const store = renderGuarded('/account', true);
      act(() => {
        store.signOut(reason);
      });
      expect(screen.getByRole('heading', { name: 'Home page' })).toBeTruthy();
    },
  );
});
