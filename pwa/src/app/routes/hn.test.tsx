import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { userReplyFor } from '#core/schemas/auth';
import type { ClientState } from '#core/schemas/client-state';
import { ADA_REPLY, ADA_SIGNED_IN, storeWith } from '../../features/accounts/testing/sign-in-fixtures';
import { LAUNCH } from '../../features/hn/testing/hn-fixtures';
import { installFakeApi, jsonReply, type FakeApi } from '../../lib/testing/fake-api';
import { SessionProvider } from '../../session/session-provider';
import type { SessionStore } from '../../session/session-store';
import { useApiSessionBinding } from '../../session/use-api-session-binding';
import { useSignOutEffects } from '../../session/use-sign-out-effects';
import { Component as AccountRoute } from './account';
import { Component as HnItemRoute } from './hn-item';
import { Component as HnTrackersRoute } from './hn-trackers';

/**
 * The tracker's routes as the app composes them: the session decides between the landing and the
 * list, the bar follows who is signed in, and the session's rules (INVALID_TOKEN, Sign Out) hold.
 */

const ADA_PRO: ClientState = { ...ADA_SIGNED_IN, user: { ...ADA_SIGNED_IN.user, accountType: 1 } };

let api: FakeApi;
beforeEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  api = installFakeApi();
  api.on('GET', '/api/getTrackers', () => jsonReply(200, { hnLinks: [LAUNCH] }));
  api.on('GET', '/api/refreshUser', () => jsonReply(200, userReplyFor({ ...ADA_REPLY.userDetails })));
  api.on('POST', '/api/auth/logout', () => new Response(null, { status: 204 }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What the session boot does for these pages: the API client's token and the effects of a sign-out. */
function Session({ store, children }: { readonly store: SessionStore; readonly children: ReactNode }) {
  useApiSessionBinding(store);
  useSignOutEffects(store);
  return children;
}

function renderApp(url: string, state?: ClientState) {
  const { store } = storeWith(state);
  render(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider store={store}>
        <Session store={store}>
          <Routes>
            <Route path={paths.home.path} element={<h1>Home page</h1>} />
            <Route path={paths.signup.path} element={<h1>Sign-in page</h1>} />
            <Route path={paths.hnrd.path} element={<HnTrackersRoute />} />
            <Route path={paths.hnItem.path} element={<HnItemRoute />} />
            <Route path={paths.account.path} element={<AccountRoute />} />
          </Routes>
        </Session>
      </SessionProvider>
    </MemoryRouter>,
  );
  return store;
}

const bar = () => screen.getByRole('banner');

describe('/hnrd', () => {
  it('shows a visitor the landing: Get Started and Log in lead to sign-in and back, and the planned features say what is built', () => {
    renderApp(paths.hnrd.href());
    const back = `${paths.signup.href()}?next=%2Fhnrd`;
    expect(screen.getByRole('heading', { level: 1, name: 'Answer every comment on your launch' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(back);
    expect(within(bar()).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(back);
    expect(within(bar()).getByRole('link', { name: 'Launch Tracker' }).getAttribute('href')).toBe(paths.hnrd.href());
    const planned = within(screen.getByRole('region', { name: 'Planned features' }));
    for (const name of ['Time series', 'Digest', 'Aggregation']) expect(planned.getByRole('heading', { name: new RegExp(name) })).toBeTruthy();
    expect(planned.getByRole('heading', { name: /Unanswered comments/ }).textContent).toMatch(/Built/);
    expect(planned.getByRole('heading', { name: /Digest/ }).textContent).toMatch(/Planned/);
    expect(api.requests).toHaveLength(0);
  });

  it('shows the signed-in person their trackers, refreshes the account, and the avatar leads to /account', async () => {
    renderApp(paths.hnrd.href(), ADA_SIGNED_IN);
    expect(await screen.findByRole('link', { name: LAUNCH.title })).toBeTruthy();
    expect(within(bar()).getByRole('link', { name: /Your account/ }).getAttribute('href')).toBe(paths.account.href());
    expect(within(bar()).queryByRole('link', { name: 'Log in' })).toBeNull();
    await waitFor(() => expect(api.seen('/api/refreshUser')).toHaveLength(1));
    expect(api.seen('/api/getTrackers')[0]?.authorization).toBe(`Bearer ${ADA_REPLY.token}`);
  });

  it('follows the plan the server reports on opening: the PRO badge appears for an account that is now Pro', async () => {
    api.on('GET', '/api/refreshUser', () => jsonReply(200, userReplyFor({ ...ADA_REPLY.userDetails, accountType: 1 })));
    renderApp(paths.hnrd.href(), ADA_SIGNED_IN);
    await screen.findByRole('link', { name: LAUNCH.title });
    expect(await within(bar()).findByText('PRO')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Upgrade to Pro/ })).toBeNull();
  });

  it('signs the person out when the server answers INVALID_TOKEN (400) while a user is stored', async () => {
    api.on('GET', '/api/getTrackers', () => jsonReply(400, { error: 'INVALID_TOKEN' }));
    const store = renderApp(paths.hnrd.href(), ADA_SIGNED_IN);
    await waitFor(() => expect(store.getSnapshot().user.user_email).toBe(''));
    expect(store.lastSignOut()).toBe('invalid-token');
  });
});

describe('/hnitem/{id}', () => {
  it('sends a visitor to sign in, returning to the post', () => {
    renderApp(paths.hnItem.href(LAUNCH.postId));
    expect(screen.getByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
  });
});

describe('/account', () => {
  it('shows the e-mail, the plan, Pro and contact, and Sign Out leads to /hnrd', async () => {
    const user = userEvent.setup();
    const store = renderApp(paths.account.href(), ADA_SIGNED_IN);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Overview' })).toBeTruthy();
    expect(screen.getByText(ADA_REPLY.user_email)).toBeTruthy();
    expect(screen.getByText('Account type').nextElementSibling?.textContent).toBe('Free ');
    expect(within(screen.getByRole('region', { name: /Upgrade to Pro/ })).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(
      paths.hnUpgrade.href(),
    );
    expect(within(screen.getByRole('region', { name: 'Contact' })).getByRole('link').getAttribute('href')).toMatch(/^mailto:/);

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Answer every comment on your launch' })).toBeTruthy();
    expect(store.getSnapshot().user.user_email).toBe('');
  });

  it('says Pro for a Pro account, without the upgrade section', () => {
    renderApp(paths.account.href(), ADA_PRO);
    expect(screen.getByText('Account type').nextElementSibling?.textContent).toMatch(/^Pro/);
    expect(screen.queryByRole('region', { name: /Upgrade to Pro/ })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Contact' })).getByText(/priority support/)).toBeTruthy();
  });
});
