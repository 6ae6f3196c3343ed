import { act, renderHook, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentInstant, setWrittenDay, todayInBrowserZone, useToday } from './clock';
import { useCurrentYear } from './current-instant';

afterEach(() => {
  vi.useRealTimers();
});

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

describe('clock', () => {
  it('reads now from Date, so a fake clock controls it', () => {
    vi.useFakeTimers({ now: new Date(2026, 4, 1, 12, 0), toFake: ['Date'] });
    expect(currentInstant().getTime()).toBe(new Date(2026, 4, 1, 12, 0).getTime());
    expect(todayInBrowserZone()).toBe('2026-05-01');
  });

  it('rolls over to the new day at midnight', () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 31, 23, 59), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-12-31');
    act(() => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(result.current).toBe('2027-01-01');
    expect(result.current).toBe(localDay(new Date()));
  });

  it('re-reads the day when the page becomes visible again', () => {
    vi.useFakeTimers({ now: new Date(2026, 4, 1, 22, 0), toFake: ['Date'] });
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-05-01');
    // The timer never ran (setTimeout is real and far away): only the visibility event can update.
    vi.setSystemTime(new Date(2026, 4, 3, 8, 0));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe('2026-05-03');
  });
});

describe('a page written ahead of time', () => {
  function Dated() {
    return (
      <p>
        {useToday()} · {useCurrentYear()}
      </p>
    );
  }

  afterEach(() => {
    setWrittenDay(undefined);
  });

  it('is written and taken over showing the day it was written on, then shows the device’s own day', async () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 31, 20, 0), toFake: ['Date'] });
    setWrittenDay('2026-12-31');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Dated />);
    expect(container.textContent).toBe('2026-12-31 · 2026');
    const written = container.firstElementChild;

    // Opened on a device that is already in the new year.
    vi.setSystemTime(new Date(2027, 0, 1, 9, 0));
    const recoverable = vi.fn();
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, <Dated />, { onRecoverableError: recoverable });
    });
    await waitFor(() => {
      expect(container.textContent).toBe('2027-01-01 · 2027');
    });
    // Taken over in place, not drawn again: the first render matched what was written.
    expect(container.firstElementChild).toBe(written);
    expect(recoverable).not.toHaveBeenCalled();
    act(() => {
      root?.unmount();
    });
  });
});
