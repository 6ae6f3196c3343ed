import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutSessionState, PlanState, RefreshUserReply } from '#core/schemas/billing';
import { installFakeApi, jsonReply, type FakeApi } from '../../../lib/testing/fake-api';
import { readLastPlan } from '../../../session/data/last-plan';
import { GIVE_UP_AFTER_MS } from '../confirmation.machine';
import { controlOnline, renderInSession, sessionWith, signedIn, USER_ID } from '../testing/billing-kit';
import { planIn } from '../testing/plan-fixtures';
import { CheckoutOpening } from './checkout-opening';
import { CheckoutReturn } from './checkout-return';

/**
 * 'Upgrade now' going to the hosted checkout, and the way back: confirming until the server has
 * the provider's confirmation (never a wrong Free meanwhile), or saying the checkout was not paid.
 */

const CHECKOUT_URL = 'http://127.0.0.1/local-stripe/checkout/cs_test_1';
let api: FakeApi;
let online = true;

beforeEach(() => {
  online = true;
  controlOnline(() => online);
  api = installFakeApi();
  api.on('POST', '/api/billing/checkout', () => jsonReply(200, { url: CHECKOUT_URL }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function account(plan: PlanState): RefreshUserReply {
  const { user } = signedIn(plan.accountType);
  const details = { id: USER_ID, email: user.user_email, first_name: 'Ada', avatar_url: '', accountType: plan.accountType };
  return { userDetails: details, user_email: user.user_email, user_first_name: 'Ada', user_avatar_url: '', accountType: plan.accountType, plan };
}

describe('Upgrade now', () => {
  it('goes to the checkout the server opened', async () => {
    const go = vi.fn<(url: string) => void>();
    renderInSession(sessionWith(signedIn()), <CheckoutOpening onClose={() => undefined} go={go} />);
    expect(screen.getByRole('dialog', { name: 'Upgrade to Pro' })).toBeTruthy();
    expect(screen.getByText('Opening the checkout …')).toBeTruthy();
    await waitFor(() => expect(go).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.seen('/api/billing/checkout')).toHaveLength(1);
  });

  it('offline: says a connection is needed, and tries again once there is one', async () => {
    online = false;
    const go = vi.fn<(url: string) => void>();
    const user = userEvent.setup();
    renderInSession(sessionWith(signedIn()), <CheckoutOpening onClose={() => undefined} go={go} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: A connection is needed to change your plan. Connect to the internet and try again.');
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-disabled')).toBe('true');
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('an account with Pro already reads the server’s words', async () => {
    api.on('POST', '/api/billing/checkout', () => jsonReply(409, { error: 'ALREADY_SUBSCRIBED', message: 'You already have Pro. Manage it from your account page.' }));
    renderInSession(sessionWith(signedIn()), <CheckoutOpening onClose={() => undefined} go={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Error: You already have Pro. Manage it from your account page.');
  });
});

describe('back from the checkout', () => {
  function serveCheckout(...states: CheckoutSessionState[]) {
    api.on('GET', '/api/billing/checkout/cs_test_1', () => jsonReply(200, states.length > 1 ? states.shift() : states[0]));
  }

  it('confirms the payment: Pro on this device at once, the server’s account once its webhook arrived', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveCheckout({ status: 'complete', confirmed: false, plan: planIn('none') }, { status: 'complete', confirmed: true, plan: planIn('active') });
    api.on('GET', '/api/refreshUser', () => jsonReply(200, account(planIn('active'))));
    const store = sessionWith(signedIn());
    const onConfirmed = vi.fn();
    renderInSession(store, <CheckoutReturn sessionId="cs_test_1" onConfirmed={onConfirmed} />);
    expect(screen.getByRole('status').textContent).toBe('Confirming your payment …');
    await waitFor(() => expect(store.getSnapshot().user.accountType).toBe(1));
    expect(onConfirmed).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledOnce());
    expect(api.seen('/api/billing/checkout/cs_test_1')).toHaveLength(2);
    expect(readLastPlan(USER_ID)?.status).toBe('active');
  });

  it('a checkout that was not paid says so, with Upgrade now again', async () => {
    serveCheckout({ status: 'expired', confirmed: false, plan: planIn('none') });
    const go = vi.fn<(url: string) => void>();
    const user = userEvent.setup();
    const store = sessionWith(signedIn());
    renderInSession(store, <CheckoutReturn sessionId="cs_test_1" onConfirmed={() => undefined} go={go} />);
    expect((await screen.findByRole('alert')).textContent).toContain('That checkout was not paid, so nothing was charged.');
    expect(store.getSnapshot().user.accountType).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Upgrade now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(CHECKOUT_URL));
  });

  it('after two minutes without a confirmation says so, keeps Pro on this device, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveCheckout({ status: 'complete', confirmed: false, plan: planIn('none') });
    const store = sessionWith(signedIn());
    renderInSession(store, <CheckoutReturn sessionId="cs_test_1" onConfirmed={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(GIVE_UP_AFTER_MS));
    expect((await screen.findByRole('alert')).textContent).toContain('Your payment has not been confirmed yet. You were charged at most once');
    expect(store.getSnapshot().user.accountType).toBe(1);
    const looks = api.seen('/api/billing/checkout/cs_test_1').length;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Confirming your payment …')).toBeTruthy();
    await waitFor(() => expect(api.seen('/api/billing/checkout/cs_test_1')).toHaveLength(looks + 1));
  });
});
