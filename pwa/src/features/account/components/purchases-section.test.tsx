import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, jsonReply } from '../../../lib/testing/fake-api';
import { backoffCeiling } from '../../../sync/backoff';
import { PurchasesList, PurchasesSection } from './purchases-section';

const pass = { orderId: 'o1', kind: 'pass', amountCents: 2000, status: 'succeeded', createdAt: '2026-03-04T12:00:00.000Z' } as const;

describe('the account view’s purchases', () => {
  it('names THE PASS with what was paid and when, and says the account has it', () => {
    render(<PurchasesList state={{ status: 'ready', purchases: { hasPass: true, purchases: [pass] } }} />);
    expect(screen.getByText('THE PASS')).toBeTruthy();
    expect(screen.getByText('$20, Mar 4, 2026')).toBeTruthy();
    expect(screen.getByText(/You have THE PASS/)).toBeTruthy();
  });

  it('marks a refunded purchase, and does not claim the pass for it', () => {
    const refunded = { ...pass, status: 'refunded' } as const;
    render(<PurchasesList state={{ status: 'ready', purchases: { hasPass: false, purchases: [refunded] } }} />);
    expect(screen.getByText('$20, Mar 4, 2026 (refunded)')).toBeTruthy();
    expect(screen.queryByText(/You have THE PASS/)).toBeNull();
  });

  it('says when nothing was bought, and what to do when the list cannot be loaded', () => {
    const { rerender } = render(<PurchasesList state={{ status: 'ready', purchases: { hasPass: false, purchases: [] } }} />);
    expect(screen.getByText('Nothing bought with this account yet.')).toBeTruthy();
    rerender(<PurchasesList state={{ status: 'unavailable' }} />);
    expect(screen.getByRole('status').textContent).toMatch(/could not be loaded.*when you are online/);
  });
});

describe('the purchases section', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks again by itself when the lookup failed online (the network back a moment after the browser said so)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = installFakeApi();
    let answers = 0;
    api.on('GET', '/api/account/purchases', () => {
      answers += 1;
      if (answers === 1) return Promise.reject(new TypeError('Failed to fetch'));
      return jsonReply(200, { hasPass: true, purchases: [pass] });
    });
    render(<PurchasesSection />);
    expect(await screen.findByText(/could not be loaded/)).toBeTruthy();
    // The first retry comes within the backoff's first ceiling (see sync/backoff.ts).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(backoffCeiling(1));
    });
    expect(await screen.findByText('THE PASS')).toBeTruthy();
    expect(api.seen('/api/account/purchases')).toHaveLength(2);
  });
});
