import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CARD_MESSAGES } from '../card/card-rules';
import type { StripeConstructor } from '../data/load-stripe';
import { CardField, type CardStatus } from './card-field';

const NOW = new Date(2026, 10, 24, 12);
const now = () => NOW;

function renderTestField(showAllProblems = false) {
  const statuses: CardStatus[] = [];
  const onStatus = (status: CardStatus) => statuses.push(status);
  render(
    <CardField
      config={{ mode: 'test', publishableKey: 'pk_test_abc' }}
      amountCents={2000}
      onStatus={onStatus}
      showAllProblems={showAllProblems}
      now={now}
    />,
  );
  return { statuses, last: () => statuses.at(-1) };
}

const numberBox = () => screen.getByRole('textbox', { name: 'Card number' });
const expiryBox = () => screen.getByRole('textbox', { name: 'Expiry (MM/YY)' });
const cvcBox = () => screen.getByRole('textbox', { name: 'CVC' });

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Stripe;
});

describe('the test card field', () => {
  it('formats the number in groups, the expiry as MM/YY and keeps the CVC to digits', async () => {
    const user = userEvent.setup();
    renderTestField();
    await user.type(numberBox(), '4242424242424242');
    expect(numberBox()).toHaveProperty('value', '4242 4242 4242 4242');
    await user.type(expiryBox(), '1230');
    expect(expiryBox()).toHaveProperty('value', '12/30');
    await user.clear(expiryBox());
    await user.type(expiryBox(), '5');
    expect(expiryBox()).toHaveProperty('value', '05');
    await user.type(cvcBox(), '1a2b3');
    expect(cvcBox()).toHaveProperty('value', '123');
    await user.clear(numberBox());
    await user.type(numberBox(), '378282246310005');
    expect(numberBox()).toHaveProperty('value', '3782 822463 10005');
  });

  it('says what is wrong with a field once it is left, tied to the field', async () => {
    const user = userEvent.setup();
    renderTestField();
    await user.type(numberBox(), '4242424242424241');
    expect(screen.queryByText(CARD_MESSAGES.numberIncorrect)).toBeNull();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Card number', description: CARD_MESSAGES.numberIncorrect })).toHaveProperty(
      'ariaInvalid',
      'true',
    );
    await user.type(expiryBox(), '1026');
    await user.tab();
    screen.getByRole('textbox', { name: 'Expiry (MM/YY)', description: CARD_MESSAGES.expiryPast });
    await user.clear(expiryBox());
    await user.type(expiryBox(), '13/30');
    screen.getByRole('textbox', { name: 'Expiry (MM/YY)', description: CARD_MESSAGES.expiryInvalid });
  });

  it('shows every problem after a submit', () => {
    renderTestField(true);
    screen.getByRole('textbox', { name: 'Card number', description: CARD_MESSAGES.numberMissing });
    screen.getByRole('textbox', { name: 'Expiry (MM/YY)', description: CARD_MESSAGES.expiryMissing });
    screen.getByRole('textbox', { name: 'CVC', description: CARD_MESSAGES.cvcMissing });
  });

  it('takes only Stripe test numbers: a real-looking card is refused and never ready', async () => {
    const user = userEvent.setup();
    const { last } = renderTestField();
    await user.type(numberBox(), '4111111111111111');
    await user.type(expiryBox(), '1230');
    await user.type(cvcBox(), '123');
    await user.tab();
    screen.getByRole('textbox', { name: 'Card number', description: CARD_MESSAGES.numberNotTest });
    expect(last()).toEqual({ ready: false, tokenize: null });
  });

  it('is ready with a test card, and makes the PaymentMethod through the local Stripe with the publishable key', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      seen.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify({ id: 'pm_123', object: 'payment_method' }), { status: 200 }));
    });
    const user = userEvent.setup();
    const { last } = renderTestField();
    await user.type(numberBox(), '4242424242424242');
    await user.type(expiryBox(), '1130');
    await user.type(cvcBox(), '321');
    const status = last();
    expect(status?.ready).toBe(true);
    await expect(status?.tokenize?.({ name: 'Ada', email: 'ada@example.com' })).resolves.toBe('pm_123');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/v1/payment_methods');
    expect(new Headers(seen[0]?.init?.headers).get('Authorization')).toBe('Bearer pk_test_abc');
    const sent = seen[0]?.init?.body;
    const body = new URLSearchParams(typeof sent === 'string' ? sent : '');
    expect(Object.fromEntries(body)).toMatchObject({
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '11',
      'card[exp_year]': '2030',
      'card[cvc]': '321',
    });
  });
});

describe('the card field in Stripe mode', () => {
  it('mounts Stripe’s Payment Element instead of our fields', async () => {
    const mount = vi.fn();
    const stripe = vi.fn<StripeConstructor>(() => ({
      elements: () => ({
        create: () => ({ mount, destroy: vi.fn(), on: vi.fn() }),
        submit: () => Promise.resolve({}),
      }),
      createPaymentMethod: () => Promise.resolve({ paymentMethod: { id: 'pm_s' } }),
    }));
    window.Stripe = stripe;
    render(<CardField config={{ mode: 'stripe', publishableKey: 'pk_live_x' }} amountCents={2000} onStatus={vi.fn()} showAllProblems={false} now={now} />);
    await act(() => Promise.resolve());
    expect(stripe).toHaveBeenCalledWith('pk_live_x');
    expect(mount).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
  });
});
