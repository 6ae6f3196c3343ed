import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { CLIENT_STATE_STORAGE_KEY, DEFAULT_CLIENT_STATE, serializeClientState } from '#core/schemas/client-state';
import { paths } from '#core/paths';
import { RootLayout } from '../../../app/root-layout';
import { Component as LandingRoute } from '../../../app/routes/landing';

function renderLanding() {
  const router = createMemoryRouter(
    [{ Component: RootLayout, children: [{ path: paths.home.path, Component: LandingRoute }] }],
    { initialEntries: [paths.home.href()] },
  );
  render(<RouterProvider router={router} />);
}

const signedInState = serializeClientState({
  ...DEFAULT_CLIENT_STATE,
  user: { ...DEFAULT_CLIENT_STATE.user, token: 't', user_first_name: 'Ada', user_email: 'ada@example.test' },
});

const links = (name: string) => screen.queryAllByRole('link', { name, hidden: true });

describe('landing page', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('invites a visitor to sign up and to try the life calendar', async () => {
    renderLanding();
    const hero = await screen.findByRole('region', { name: /you’re going to die/i });
    expect(within(hero).getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe(paths.signup.href());
    expect(within(hero).getByRole('link', { name: 'Try the free life calendar' }).getAttribute('href')).toBe(paths.life.href());
    expect(within(hero).getByText('Sign up for free before we launch later this year')).toBeTruthy();
    expect(links('Log in').length).toBeGreaterThan(0);
    expect(links('Sign up').length).toBeGreaterThan(0);
    expect(links('Go to Dashboard')).toHaveLength(0);
    expect(document.getElementById('product')).not.toBeNull();
  });

  it('offers the dashboard instead of sign-up to someone signed in', async () => {
    // Offline, so the session does not start its account refresh (session-boot.test.tsx covers
    // it): a refresh still loading when this file ends would run after its environment is gone.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem(CLIENT_STATE_STORAGE_KEY, signedInState);
    renderLanding();
    const hero = await screen.findByRole('region', { name: /you’re going to die/i });
    expect(within(hero).getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(paths.dashboard.href());
    expect(within(hero).getByRole('link', { name: 'Try the free life calendar' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getAllByRole('link', { name: 'Go to Dashboard', hidden: true }).length).toBeGreaterThan(0);
    expect(links('Log in')).toHaveLength(0);
    expect(links('Sign up')).toHaveLength(0);
    expect(links('Sign up for free')).toHaveLength(0);
  });

  it.each([
    ['text that is not JSON', '{"user": {"user_email": "ada@'],
    ['a user of the wrong shape', JSON.stringify({ user: { user_email: 42 }, toast: null })],
  ])('shows the signed-out page instead of crashing on %s', async (_label, damaged) => {
    localStorage.setItem(CLIENT_STATE_STORAGE_KEY, damaged);
    renderLanding();
    const hero = await screen.findByRole('region', { name: /you’re going to die/i });
    expect(within(hero).getByRole('link', { name: 'Sign up for free' })).toBeTruthy();
    expect(links('Go to Dashboard')).toHaveLength(0);
  });
});
