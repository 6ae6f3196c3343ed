import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AccountView } from './account-view';

const ada = { email: 'ada@example.test', isPaid: false };

describe('the account view', () => {
  it('shows the account and its type, then the plan, purchases and settings composed in, in that order', () => {
    render(
      <AccountView
        account={ada}
        onSignOut={() => undefined}
        plan={<p>Subscription: none</p>}
        purchases={<p>Nothing bought yet</p>}
        settings={<p>Day starts at midnight</p>}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByText(ada.email)).toBeTruthy();
    expect(screen.getByText('Free')).toBeTruthy();
    const order = ['Subscription: none', 'Nothing bought yet', 'Day starts at midnight'].map((text) => screen.getByText(text));
    expect(order[0]?.compareDocumentPosition(order[1] as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(order[1]?.compareDocumentPosition(order[2] as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('says Pro for a paid account, and logs out on request', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    render(<AccountView account={{ ...ada, isPaid: true }} onSignOut={onSignOut} settings={null} />);
    expect(screen.getByText('Pro')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
