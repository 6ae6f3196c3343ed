import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TOAST_TIMEOUT_MS } from '#core/ui-timing';
import { ToastRegion } from './toast';

describe('toast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is announced through a live region and hides itself after three seconds', () => {
    const onHide = vi.fn();
    render(<ToastRegion show message="Saved on this device" onHide={onHide} />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Saved on this device');

    act(() => {
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
    });
    expect(onHide).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onHide).toHaveBeenCalledTimes(1);
    expect(TOAST_TIMEOUT_MS).toBe(3000);
  });

  it('hides when pressed', () => {
    const onHide = vi.fn();
    render(<ToastRegion show message="Copied" onHide={onHide} />);
    fireEvent.click(screen.getByRole('button', { name: /copied/i }));
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('starts the three seconds again for a new message', () => {
    const onHide = vi.fn();
    const { rerender } = render(<ToastRegion show message="One" onHide={onHide} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    rerender(<ToastRegion show message="Two" onHide={onHide} />);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(onHide).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onHide).toHaveBeenCalledTimes(1);
  });

  it('keeps the empty region in the page when nothing is shown', () => {
    render(<ToastRegion show={false} message="Old" onHide={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
