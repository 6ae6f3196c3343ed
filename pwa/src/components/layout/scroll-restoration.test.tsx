import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, type To } from 'react-router-dom';
import { ScrollRestoration } from './scroll-restoration';

/** Buttons that move through the history, as links and the browser's own buttons would. */
function Moves() {
  const navigate = useNavigate();
  const go = (to: To | number) => () => void (typeof to === 'number' ? navigate(to) : navigate(to));
  return (
    <>
      <button type="button" onClick={go('/two')}>two</button>
      <button type="button" onClick={go('/one#section')}>section</button>
      <button type="button" onClick={go(-1)}>back</button>
      <button type="button" onClick={go(1)}>forward</button>
      <p id="section">A section</p>
    </>
  );
}

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
    await Promise.resolve();
  });
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll restoration', () => {
  let scrolls: unknown[][];

  beforeEach(() => {
    scrolls = [];
    vi.spyOn(window, 'scrollTo').mockImplementation((...args: unknown[]) => {
      scrolls.push(args);
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('starts a new page at the top and returns to the place left on Back', async () => {
    render(
      <MemoryRouter initialEntries={['/one']}>
        <ScrollRestoration />
        <Moves />
      </MemoryRouter>,
    );
    expect(window.history.scrollRestoration).toBe('manual');

    scrollTo(640);
    scrolls = [];
    await press('two');
    expect(scrolls).toEqual([[0, 0]]);

    scrollTo(120);
    scrolls = [];
    await press('back');
    expect(scrolls).toEqual([[0, 640]]);

    scrolls = [];
    await press('forward');
    expect(scrolls).toEqual([[0, 120]]);
  });

  it('goes to the element a #hash names instead of the top', async () => {
    // jsdom lays nothing out and has no scrollIntoView.
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    render(
      <MemoryRouter initialEntries={['/one']}>
        <ScrollRestoration />
        <Moves />
      </MemoryRouter>,
    );
    scrolls = [];
    await press('section');
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrolls).toEqual([]);
  });

  it('keeps the positions for a reload of the tab', async () => {
    render(
      <MemoryRouter initialEntries={['/one']}>
        <ScrollRestoration />
        <Moves />
      </MemoryRouter>,
    );
    await press('two');
    scrollTo(300);
    window.dispatchEvent(new Event('pagehide'));
    const stored = JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}') as Record<string, number>;
    expect(Object.values(stored)).toContain(300);
    expect(window.history.scrollRestoration).toBe('auto');
  });

  describe('a document of its own', () => {
    /** A fresh copy of the module (its places are per document), opened as `type` says. */
    async function openDocument(type: NavigationTimingType) {
      vi.resetModules();
      vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
      const module = await import('./scroll-restoration');
      render(
        <MemoryRouter initialEntries={['/one']}>
          <module.ScrollRestoration />
          <Moves />
        </MemoryRouter>,
      );
    }

    afterEach(() => {
      sessionStorage.clear();
    });

    it('returns to the stored place on a reload', async () => {
      // MemoryRouter names its first entry 'default'.
      sessionStorage.setItem('react-router-scroll-positions', JSON.stringify({ default: 420 }));
      const read = vi.spyOn(Storage.prototype, 'getItem');
      await openDocument('reload');
      expect(read).toHaveBeenCalled();
      expect(scrolls).toEqual([[0, 420]]);
    });

    it('leaves a new visit at the top where the browser opened it (no forced layout), without reading storage, and keeps the other places when it saves', async () => {
      sessionStorage.setItem('react-router-scroll-positions', JSON.stringify({ default: 420, earlier: 90 }));
      const read = vi.spyOn(Storage.prototype, 'getItem');
      await openDocument('navigate');
      expect(read).not.toHaveBeenCalled();
      expect(scrolls).toEqual([]);

      scrollTo(75);
      window.dispatchEvent(new Event('pagehide'));
      const stored = JSON.parse(sessionStorage.getItem('react-router-scroll-positions') ?? '{}') as Record<string, number>;
      expect(stored).toEqual({ default: 75, earlier: 90 });
    });
  });
});
