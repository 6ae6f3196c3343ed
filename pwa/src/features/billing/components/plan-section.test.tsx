import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanState } from '#core/schemas/billing';
import { installFakeApi, jsonReply, type FakeApi } from '../../../lib/testing/fake-api';
import { readLastPlan, saveLastPlan } from '../../../session/data/last-plan';
import type { SessionStore } from '../../../session/session-store';
import { announceConnection, controlOnline, renderInSession, sessionWith, signedIn, USER_ID } from '../testing/billing-kit';
import { PERIOD_END, planIn, renewedYesterday } from '../testing/plan-fixtures';
import { PlanSection } from './plan-section';

/**
 * The Subscription section against a fake server: each state of a plan, Manage Subscriptions,
 * Cancel with what it does stated first, Undo cancellation, and the plan as last known offline.
 * The server's plan after a change is what its webhook made it (`served` below).
 */

let api: FakeApi;
let online = true;
/** What `GET /api/billing/subscription` answers now. */
let served: PlanState;

beforeEach(() => {
  online = true;
  controlOnline(() => online);
  api = installFakeApi();
  api.on('GET', '/api/billing/subscription', () => jsonReply(200, served));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderSection(plan: PlanState, store: SessionStore = sessionWith(signedIn(plan.accountType))) {
  served = plan;
  const go = vi.fn<(url: string) => void>();
  renderInSession(store, <PlanSection userId={USER_ID} returnTo="dashboard" go={go} />);
  return { go, store, section: () => within(screen.getByRole('region', { name: 'Subscription' })) };
}

const button = (name: string) => screen.getByRole('button', { name });

describe('the Subscription section', () => {
  it('without a plan: Free, and Manage Subscriptions unavailable with the note', async () => {
    renderSection(planIn('none'));
    expect(await screen.findByText('None: your account is Free.')).toBeTruthy();
    expect(button('Manage Subscriptions').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Manage Subscriptions', description: "Only available if you've purchased a subscription" })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('an active plan: the next payment, and Manage Subscriptions opens the billing portal coming back here', async () => {
    api.on('POST', '/api/billing/portal', () => jsonReply(200, { url: 'http://127.0.0.1/local-stripe/billing/bps_1' }));
    const user = userEvent.setup();
    const { go } = renderSection(planIn('active'));
    expect(await screen.findByText('$15 on Monday, March 31, 2031')).toBeTruthy();
    await user.click(button('Manage Subscriptions'));
    expect(go).toHaveBeenCalledWith('http://127.0.0.1/local-stripe/billing/bps_1');
    expect(api.seen('/api/billing/portal')[0]?.body).toEqual({ returnTo: 'dashboard' });
  });

  it('Cancel states first that Pro lasts to the period end, then says it is cancelled, and shows the end once confirmed', async () => {
    api.on('POST', '/api/billing/cancel', () => {
      served = planIn('canceling');
      // The answer carries the plan as confirmed so far: the webhook has not arrived yet.
      return jsonReply(200, { outcome: { kind: 'end_at_period_end', endsAt: PERIOD_END }, message: 'Cancelled (in UTC words)', plan: planIn('active') });
    });
    const user = userEvent.setup();
    renderSection(planIn('active'));
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel your Pro plan?' }));
    expect(
      await dialog.findByText(
        'You keep Pro until Monday, March 31, 2031, the end of the month you have paid for; then your account returns to Free. Nothing more is charged, and you can undo this until then.',
      ),
    ).toBeTruthy();
    expect(api.seen('/api/billing/cancel')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Cancel my plan' }));
    expect(await screen.findByText('Your Pro plan is cancelled. You keep Pro until Monday, March 31, 2031, and you can undo this until then.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Pro, cancels on Monday, March 31, 2031')).toBeTruthy();
    expect(button('Undo cancellation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
  });

  it('Keep Pro closes the dialog without cancelling', async () => {
    const user = userEvent.setup();
    renderSection(planIn('active'));
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Keep Pro' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.seen('/api/billing/cancel')).toEqual([]);
  });

  it('within 48 hours of a renewal: states the refund, then the plan ends and the account is Free', async () => {
    api.on('POST', '/api/billing/cancel', () => {
      served = planIn('ended');
      return jsonReply(200, { outcome: { kind: 'refund_and_end_now', refundCents: 1500 }, message: '', plan: renewedYesterday() });
    });
    const user = userEvent.setup();
    const { store } = renderSection(renewedYesterday());
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    expect(
      await screen.findByText(
        'Your plan renewed less than 48 hours ago, so we refund that renewal ($15) to your card and your plan ends now. Your account returns to Free.',
      ),
    ).toBeTruthy();
    await user.click(button('Cancel my plan'));
    expect(
      await screen.findByText('Your Pro plan has ended and $15 is refunded to your card (it can take 5 to 10 days to show). Your account is Free again.'),
    ).toBeTruthy();
    expect(await screen.findByText('Ended: your account is Free again.')).toBeTruthy();
    expect(store.getSnapshot().user.accountType).toBe(0);
  });

  it('a failed cancel keeps the dialog open with what to do', async () => {
    api.on('POST', '/api/billing/cancel', () => jsonReply(503, { error: 'UNAVAILABLE' }));
    const user = userEvent.setup();
    renderSection(planIn('active'));
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel my plan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel your Pro plan?' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Error: Something went wrong on our side while cancelling your plan. Try again in a moment.');
    expect(dialog.getByRole('button', { name: 'Cancel my plan' })).toBeTruthy();
  });

  it('Undo cancellation: the plan continues and renews at the period end', async () => {
    api.on('POST', '/api/billing/resume', () => {
      served = planIn('active');
      return jsonReply(200, { message: '', plan: planIn('canceling') });
    });
    const user = userEvent.setup();
    renderSection(planIn('canceling'));
    await user.click(await screen.findByRole('button', { name: 'Undo cancellation' }));
    expect(await screen.findByText('Your Pro plan continues. It renews on Monday, March 31, 2031 for $15.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cancel subscription' })).toBeTruthy();
    expect(screen.getByText('$15 on Monday, March 31, 2031')).toBeTruthy();
  });

  it('after a failed renewal: the grace notice, and Cancel ends the plan now without a charge', async () => {
    const user = userEvent.setup();
    renderSection(planIn('grace'));
    expect((await screen.findByText(/Update your card by Monday, April 7, 2031 to keep Pro/)).getAttribute('role')).toBe('alert');
    await user.click(button('Cancel subscription'));
    expect(
      await screen.findByText('Your last renewal payment did not go through, so your plan ends now and your account returns to Free. Nothing is charged.'),
    ).toBeTruthy();
  });

  it('offline: the plan as last checked, with when, and every change waits for a connection', async () => {
    online = false;
    saveLastPlan(USER_ID, planIn('active'));
    const { store } = renderSection(planIn('active'), sessionWith(signedIn(1)));
    expect(screen.getByText('$15 on Monday, March 31, 2031')).toBeTruthy();
    expect(screen.getByText('Your plan as last checked on Mar 10, 2031, 3:05 PM. It is checked again when you are online.')).toBeTruthy();
    for (const name of ['Manage Subscriptions', 'Cancel subscription']) {
      expect(screen.getByRole('button', { name, description: 'You are offline. A connection is needed to change your plan.' }).getAttribute('aria-disabled')).toBe('true');
    }
    expect(api.requests).toEqual([]);

    // Back online, the server's answer replaces it: the plan was cancelled on another device.
    served = planIn('canceling');
    online = true;
    act(() => announceConnection(true));
    expect(await screen.findByText('Pro, cancels on Monday, March 31, 2031')).toBeTruthy();
    expect(screen.queryByText(/as last checked/)).toBeNull();
    expect(readLastPlan(USER_ID)?.status).toBe('canceling');
    expect(store.getSnapshot().user.accountType).toBe(1);
  });

  it('offline with nothing known yet says when it will show', () => {
    online = false;
    renderSection(planIn('active'));
    expect(screen.getByText('Your plan could not be checked. It shows here when you are online.')).toBeTruthy();
    expect(button('Manage Subscriptions').getAttribute('aria-disabled')).toBe('true');
  });

  it('follows the server when it says the plan ended: the account type on this device turns Free', async () => {
    const { store } = renderSection(planIn('ended'), sessionWith(signedIn(1)));
    expect(await screen.findByText('Ended: your account is Free again.')).toBeTruthy();
    expect(store.getSnapshot().user.accountType).toBe(0);
  });
});
