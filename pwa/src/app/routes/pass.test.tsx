import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { chargeRequestSchema } from '#core/schemas/payments';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../lib/testing/fake-api';
import { Component as PassRoute } from './pass';
import { Component as ThankYouRoute } from './thank-you';

/**
 * THE PASS checkout as the route composes it (the pass page around the shared checkout form),
 * against a fake server: the payments config, the local Stripe's PaymentMethods and the charge.
 */

const paymentMethodCalls: URLSearchParams[] = [];

/** The local Stripe's `POST /v1/payment_methods` (form-encoded, so outside the JSON fake). */
const localStripe: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.endsWith('/v1/payment_methods')) {
    paymentMethodCalls.push(new URLSearchParams(typeof init?.body === 'string' ? init.body : ''));
    return Promise.resolve(jsonReply(200, { id: 'pm_test_1', object: 'payment_method' }));
  }
  return Promise.resolve(jsonReply(404, { error: 'NOT_FOUND' }));
};

let api: FakeApi;

beforeEach(() => {
  paymentMethodCalls.length = 0;
  sessionStorage.clear();
  api = installFakeApi(localStripe);
  api.on('GET', '/api/payments/config', () => jsonReply(200, { mode: 'test', publishableKey: 'pk_test_local' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderPass() {
  const router = createMemoryRouter(
    [
      { path: paths.home.path, element: <p>Home page</p> },
      { path: paths.pay.path, Component: PassRoute },
      { path: paths.thankYou.path, Component: ThankYouRoute },
    ],
    { initialEntries: [paths.home.href(), paths.pay.href()], initialIndex: 1 },
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

describe('THE PASS checkout', () => {
  it('shows the product, its price and the test-mode banner', async () => {
    renderPass();
    screen.getByRole('heading', { level: 1, name: 'THE PASS' });
    screen.getByText('USD $20');
    await screen.findByText('Test mode: no money moves. Use 4242 4242 4242 4242, any future date, any CVC.');
    expect(document.title).toBe('Buy THE PASS · Memento');
  });

  it('asks for the name and the e-mail, each with its own message, and sends nothing', async () => {
    const user = userEvent.setup();
    renderPass();
    await screen.findByRole('textbox', { name: 'Card number' });
    await user.click(screen.getByRole('button', { name: 'Buy Pass' }));
    screen.getByRole('textbox', { name: 'Name', description: 'Enter your name' });
    screen.getByRole('textbox', { name: 'Email', description: 'Enter your e-mail address' });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada');
    screen.getByRole('textbox', { name: 'Email', description: 'Enter an e-mail address like name@example.com' });
    expect(api.seen('/api/charge')).toEqual([]);
    expect(paymentMethodCalls).toEqual([]);
  });

  it('pays with a test card: spinner instead of the buttons, then the thank-you page', async () => {
    const reply = pendingReply();
    api.on('POST', '/api/charge', () => reply.promise);
    const user = userEvent.setup();
    renderPass();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Buy Pass' }));
    await screen.findByText('Paying ...');
    expect(screen.queryByRole('button', { name: 'Buy Pass' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();

    reply.release(jsonReply(200, { success: true, message: 'Thank you', status: 'succeeded', orderId: 'ord_1' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    screen.getByText(/e-mail you as soon as the next product ships: it should be out in 2 weeks/);
    expect(screen.getAllByRole('link', { name: 'Go Home' })).toHaveLength(2);

    const [sent] = api.seen('/api/charge');
    const request = chargeRequestSchema.parse(sent?.body);
    expect(request).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', paymentMethodId: 'pm_test_1' });
    expect(paymentMethodCalls[0]?.get('card[number]')).toBe('4242424242424242');
    // The key is forgotten after a success: the next purchase is a new order.
    expect(Object.keys(sessionStorage)).toEqual([]);
  });

  it('shows a decline as Error: plus the message and what to do, with the buttons back', async () => {
    api.on('POST', '/api/charge', () => jsonReply(200, { success: false, message: 'Your card was declined.', status: 'failed' }));
    const user = userEvent.setup();
    renderPass();
    await fillIn(user, '4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Buy Pass' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Your card was declined. Check the card details, or use another card.',
    );
    screen.getByRole('button', { name: 'Buy Pass' });
  });

  it('ends the spinner when no answer comes, and the retry sends the same idempotency key', async () => {
    let answer: () => Response | Promise<Response> = () => Promise.reject(new TypeError('Failed to fetch'));
    api.on('POST', '/api/charge', () => answer());
    const user = userEvent.setup();
    renderPass();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Buy Pass' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error: The answer to your payment did not arrive\. Try again/);

    answer = () => jsonReply(200, { success: true, message: 'Thank you', status: 'succeeded' });
    await user.click(screen.getByRole('button', { name: 'Buy Pass' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    const keys = api.seen('/api/charge').map((request) => chargeRequestSchema.parse(request.body).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('keeps the idempotency key across a reload of the checkout', async () => {
    api.on('POST', '/api/charge', () => jsonReply(200, { success: true, message: 'Thank you', status: 'succeeded' }));
    const first = renderPass();
    await screen.findByRole('textbox', { name: 'Card number' });
    const stored = Object.values(sessionStorage);
    expect(stored).toHaveLength(1);
    first.dispose();
    document.body.innerHTML = '';
    const user = userEvent.setup();
    renderPass();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Buy Pass' }));
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(chargeRequestSchema.parse(api.seen('/api/charge')[0]?.body).idempotencyKey).toBe(stored[0]);
  });

  it('says a connection is needed to pay while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const user = userEvent.setup();
    renderPass();
    const button = screen.getByRole('button', { name: 'A connection is needed to pay' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Buy Pass' })).toBeNull();
    await user.click(button);
    screen.getByRole('heading', { level: 1, name: 'THE PASS' });
    screen.getByText('The card field opens when you are online.');
    expect(api.requests).toEqual([]);
  });

  it('says so when the card field cannot be set up', async () => {
    api.on('GET', '/api/payments/config', () => jsonReply(503, { error: 'UNAVAILABLE' }));
    renderPass();
    await screen.findByText('Error: The card field could not be loaded. Reload the page to try again.');
    expect(screen.getByRole('button', { name: 'Buy Pass' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('goes back on Cancel', async () => {
    const user = userEvent.setup();
    renderPass();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Home page');
  });
});
