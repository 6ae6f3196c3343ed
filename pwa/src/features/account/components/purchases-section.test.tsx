import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PurchasesList } from './purchases-section';

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
