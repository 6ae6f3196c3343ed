import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './button';

describe('button', () => {
  it('cannot be pressed twice while its work runs, and shows that it is busy', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const work = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Button onClick={work}>Buy Pass</Button>);
    const button = screen.getByRole('button', { name: 'Buy Pass' });

    await user.dblClick(button);
    await user.click(button);
    expect(work).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');

    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(button.getAttribute('aria-busy')).toBeNull();
    await user.click(button);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('ignores presses while busy is set by its owner', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button busy onClick={onClick}>
        Confirm
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
