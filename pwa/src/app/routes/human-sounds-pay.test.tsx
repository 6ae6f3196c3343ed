import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { chargeRequestSchema } from '#core/schemas/payments';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../lib/testing/fake-api';
import { Component as PayRoute } from './human-sounds-pay';
import { Component as ThankYouRoute } from './human-sounds-thank-you';

/**
 * The sound library's checkout as the route composes it (the order around the shared checkout
 * form), against a fake server: the payments config, the local Stripe, the charge and the library.
 */

const TOKEN = 'tok0123456789_tok0123456789-tok0123456789ab';

/** The local Stripe's `POST /v1/payment_methods` (form-encoded, so outside the JSON fake). */
const localStripe: typeof fetch = (input) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.endsWith('/v1/payment_methods')) return Promise.resolve(jsonReply(200, { id: 'pm_test_1', object: 'payment_method' }));
  return Promise.resolve(jsonReply(404, { error: 'NOT_FOUND' }));
};

let api: FakeApi;

beforeEach(() => {
  sessionStorage.clear();
  api = installFakeApi(localStripe);
  api.on('GET', '/api/payments/config', () => jsonReply(200, { mode: 'test', publishableKey: 'pk_test_local' }));
  api.on('GET', `/api/humansounds/library/${TOKEN}`, () =>
    jsonReply(200, { email: 'ada@example.com', purchasedAt: '2026-11-24T10:00:00Z', downloadHref: `/api/humansounds/library/${TOKEN}/zip` }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPay(openedHere = false) {
  const router = createMemoryRouter(
    [
      { path: paths.humanSounds.path, element: <p>Catalogue page</p> },
      { path: paths.humanSoundsPay.path, Component: PayRoute },
      { path: paths.humanSoundsThankYou.path, Component: ThankYouRoute },
    ],
    openedHere
      ? { initialEntries: [paths.humanSoundsPay.href()] }
      : { initialEntries: [paths.humanSounds.href(), paths.humanSoundsPay.href()], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, card = '4242424242424242') {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), card);
  await user.type(screen.getByRole('textbox', { name: 'Expiry (MM/YY)' }), '1240');
  await user.type(screen.getByRole('textbox', { name: 'CVC' }), '123');
}

describe('the Human Sounds checkout', () => {
  it('shows the order, the library at $5 and the total $5, the test-mode banner and a plain-text Email field', async () => {
    renderPay();
    screen.getByRole('heading', { level: 1, name: 'Your order' });
    expect(screen.getByText('Human Sounds UX library').nextElementSibling?.textContent).toBe('$5');
    expect(screen.getByText('Total').nextElementSibling?.textContent).toBe('$5');
    await screen.findByText('Test mode: no money moves. Use 4242 4242 4242 4242, any future date, any CVC.');
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('type')).toBe('text');
    expect(document.title).toBe('Buy the Human Sounds library · Memento');
  });

  it('requires the name and the e-mail, each with a clear message, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPay();
    await screen.findByRole('textbox', { name: 'Card number' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    screen.getByRole('textbox', { name: 'Name', description: 'Enter your name' });
    screen.getByRole('textbox', { name: 'Email', description: 'Enter your e-mail address' });
    expect(api.seen('/api/chargeHumanSounds')).toEqual([]);
  });

  it('pays: the spinner replaces the buttons, then the thank-you page of the token replaces the checkout', async () => {
    const reply = pendingReply();
    api.on('POST', '/api/chargeHumanSounds', () => reply.promise);
    const user = userEvent.setup();
    const router = renderPay();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Paying ...');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    reply.release(jsonReply(200, { success: true, message: 'Thank you', status: 'succeeded', orderId: 'ord_1', downloadToken: TOKEN }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    expect(router.state.location.pathname).toBe(paths.humanSoundsThankYou.href(TOKEN));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('link', { name: 'Download Library' }).getAttribute('href')).toBe(`/api/humansounds/library/${TOKEN}/zip`);
    expect(chargeRequestSchema.parse(api.seen('/api/chargeHumanSounds')[0]?.body)).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      paymentMethodId: 'pm_test_1',
    });
    // Back from the thank-you page goes to the catalogue, not to a paid checkout.
    await router.navigate(-1);
    await screen.findByText('Catalogue page');
  });

  it('shows a decline as Error: plus the message, with the buttons back', async () => {
    api.on('POST', '/api/chargeHumanSounds', () => jsonReply(200, { success: false, message: 'Your card was declined.', status: 'failed' }));
    const user = userEvent.setup();
    renderPay();
    await fillIn(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error: Your card was declined. Check the card details, or use another card.');
    screen.getByRole('button', { name: 'Confirm' });
  });

  it('paid without a link in the answer: says so, and that the receipt carries the link', async () => {
    api.on('POST', '/api/chargeHumanSounds', () =>
      jsonReply(200, { success: true, message: 'A receipt is on its way to ada@example.com.', status: 'succeeded', orderId: 'ord_1' }),
    );
    const user = userEvent.setup();
    renderPay();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Payment received.');
    screen.getByText('A receipt is on its way to ada@example.com.');
    screen.getByText(/Your download link is in the receipt e-mail\./);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('says a connection is needed to pay while offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPay();
    const button = screen.getByRole('button', { name: 'A connection is needed to pay' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('goes back on Cancel', async () => {
    const user = userEvent.setup();
    renderPay();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Catalogue page');
  });

  it('Cancel on a checkout the app opened on goes to the catalogue', async () => {
    const user = userEvent.setup();
    const router = renderPay(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Catalogue page');
    expect(router.state.historyAction).toBe('PUSH');
  });
});
