import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountView } from './account-view';

const ada = { email: 'ada@example.test', isPaid: false };

describe('the account view', () => {
  it('shows the account, a free plan with subscriptions unavailable, and the settings composed in', () => {
    render(<AccountView account={ada} onSignOut={() => undefined} settings={<p>Day starts at midnight</p>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText(ada.email)).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Subscriptions' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText("Only available if you've purchased a subscription")).toBeTruthy();
    expect(screen.getByText('Day starts at midnight')).toBeTruthy();
  });

  it('opens subscription management for a paid account, and logs out on request', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    render(<AccountView account={{ ...ada, isPaid: true }} onSignOut={onSignOut} settings={null} />);
    expect(screen.getByText('Pro')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Manage Subscriptions' }));
    expect(screen.getByRole('dialog', { name: 'Subscription management opens soon' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
