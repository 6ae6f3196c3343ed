import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../../session/session-provider';
import { ADA_SIGNED_IN, storeWith } from '../test/sign-in-fixtures';
import { RequireSignedIn } from './require-signed-in';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderGuarded(url: string, signedIn: boolean) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider store={storeWith(signedIn ? ADA_SIGNED_IN : undefined).store}>
        <Routes>
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
});
