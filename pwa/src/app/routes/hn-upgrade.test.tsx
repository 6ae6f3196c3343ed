import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { userReplyFor } from '#core/schemas/auth';
import { chargeHNSubscriptionRequestSchema, type PlanState } from '#core/schemas/billing';
import type { ClientState } from '#core/schemas/client-state';
import { ADA_REPLY, ADA_SIGNED_IN, storeWith } from '../../features/accounts/testing/sign-in-fixtures';
import { planIn } from '../../features/billing/testing/plan-fixtures';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../lib/testing/fake-api';
import { SessionProvider } from '../../session/session-provider';
import type { SessionStore } from '../../session/session-store';
import { useApiSessionBinding } from '../../session/use-api-session-binding';
import { Component as AccountRoute } from './account';
import { Component as HnUpgradeRoute } from './hn-upgrade';

/**
 * /hnupgrade and the tracker's /account as the app composes them: the tracker's page, the shared
 * checkout (the plan's first month) and the paid plan's confirmation and Subscription section,
 * against a fake server and the local Stripe's PaymentMethods.
 */

const ADA_PRO: ClientState = { ...ADA_SIGNED_IN, user: { ...ADA_SIGNED_IN.user, accountType: 1 } };

/** The local Stripe's `POST /v1/payment_methods` (form-encoded, so outside the JSON fake). */
const localStripe: typeof fetch = (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return Promise.resolve(url.endsWith('/v1/payment_methods') ? jsonReply(200, { id: 'pm_test_1' }) : jsonReply(404, { error: 'NOT_FOUND' }));
};

let api: FakeApi;
let online = true;
/** The account refreshUser answers: Free until the webhook "arrives". */
let accountType = 0;
const plan = (): PlanState => (accountType === 1 ? planIn('active') : planIn('none'));

beforeEach(() => {
  online = true;
  accountType = 0;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  sessionStorage.clear();
  api = installFakeApi(localStripe);
  api.on('GET', '/api/payments/config', () => jsonReply(200, { mode: 'test', publishableKey: 'pk_test_local' }));
  api.on('GET', '/api/refreshUser', () => jsonReply(200, { ...userReplyFor({ ...ADA_REPLY.userDetails, accountType }), plan: plan() }));
  api.on('GET', '/api/billing/subscription', () => jsonReply(200, plan()));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function Session({ store, children }: { readonly store: SessionStore; readonly children: ReactNode }) {
  useApiSessionBinding(store);
  return children;
}

function renderApp(url: string, state: ClientState = ADA_SIGNED_IN) {
  const { store } = storeWith(state);
  render(
    <MemoryRouter initialEntries={[url]}>
      <SessionProvider store={store}>
        <Session store={store}>
          <Routes>
            <Route path={paths.hnrd.path} element={<h1>Trackers page</h1>} />
            <Route path={paths.hnUpgrade.path} element={<HnUpgradeRoute />} />
            <Route path={paths.account.path} element={<AccountRoute />} />
          </Routes>
        </Session>
      </SessionProvider>
    </MemoryRouter>,
  );
  return store;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4242424242424242');
  await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1240');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('/hnupgrade', () => {
  it('offers Pro at its monthly price with name and card only, the test-mode banner, Upgrade and Cancel', async () => {
    renderApp(paths.hnUpgrade.href());
    expect(screen.getByRole('heading', { level: 1, name: 'Upgrade to Pro' })).toBeTruthy();
    expect(screen.getByText('USD $15 billed monthly')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Pro includes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Unlimited trackers',
      'Replies deeper down',
      'Priority support',
    ]);
    await screen.findByText('Test mode: no money moves. Use 4242 4242 4242 4242, any future date, any CVC.');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(document.title).toBe('Upgrade to Pro · Memento');
  });

  it('pays, says it is confirming (PRO shown at once) until refreshUser says Pro, then opens the trackers', async () => {
    const answer = pendingReply();
    api.on('POST', '/api/chargeHNSubscription', () => answer.promise);
    const user = userEvent.setup();
    const store = renderApp(paths.hnUpgrade.href());
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    await screen.findByText('Paying ...');
    answer.release(jsonReply(200, { success: true, status: 'succeeded', message: 'Welcome to Pro!', plan: planIn('none') }));

    expect(await screen.findByText('Confirming your payment …')).toBeTruthy();
    await waitFor(() => expect(store.getSnapshot().user.accountType).toBe(1));
    expect(within(screen.getByRole('banner')).getByText('PRO')).toBeTruthy();
    await waitFor(() => expect(api.seen('/api/refreshUser').length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'Trackers page' })).toBeNull();

    accountType = 1;
    expect(await screen.findByRole('heading', { name: 'Trackers page' }, { timeout: 5_000 })).toBeTruthy();
    const request = chargeHNSubscriptionRequestSchema.strict().parse(api.seen('/api/chargeHNSubscription')[0]?.body);
    expect(request).toMatchObject({ name: 'Ada Lovelace', paymentMethodId: 'pm_test_1' });
    expect(api.seen('/api/chargeHNSubscription')[0]?.authorization).toBe(`Bearer ${ADA_REPLY.token}`);
  });

  it('shows a decline in the server’s words and keeps the account Free', async () => {
    const refusal = 'Error: The card was declined. No money was taken. Try another card, or ask your bank why.';
    api.on('POST', '/api/chargeHNSubscription', () => jsonReply(200, { success: false, status: 'failed', message: refusal }));
    const user = userEvent.setup();
    const store = renderApp(paths.hnUpgrade.href());
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(store.getSnapshot().user.accountType).toBe(0);
  });

  it('offline: the Upgrade button says a connection is needed, and nothing is sent', async () => {
    online = false;
    renderApp(paths.hnUpgrade.href());
    expect(await screen.findByRole('button', { name: 'A connection is needed to pay' })).toBeTruthy();
    expect(api.seen('/api/chargeHNSubscription')).toEqual([]);
  });

  it('an account with Pro already is not asked to pay again', () => {
    renderApp(paths.hnUpgrade.href(), ADA_PRO);
    expect(screen.getByText(/Your account has Pro already/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe(paths.account.href());
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });
});

describe('/account with the plan', () => {
  it('shows a Pro account its subscription with the next payment and Cancel', async () => {
    accountType = 1;
    renderApp(paths.account.href(), ADA_PRO);
    const subscription = within(await screen.findByRole('region', { name: 'Subscription' }));
    expect(await subscription.findByText('$15 on Monday, March 31, 2031')).toBeTruthy();
    expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(subscription.getByRole('button', { name: 'Manage Subscriptions' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('shows a Free account the upgrade, and Manage Subscriptions only for those who bought one', async () => {
    renderApp(paths.account.href());
    expect(screen.getByRole('region', { name: /Upgrade to Pro/ })).toBeTruthy();
    const subscription = within(await screen.findByRole('region', { name: 'Subscription' }));
    expect(await subscription.findByText("Only available if you've purchased a subscription")).toBeTruthy();
  });
});
