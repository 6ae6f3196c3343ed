import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { paths } from '#core/paths';
import { lazyRetrying } from '../lib/lazy-retrying';
import { RouteErrorBoundary } from './route-error';

function Broken({ error }: { readonly error: unknown }): never {
  throw error;
}
function Fine() {
  return <h1>A working page</h1>;
}

function renderAt(error: unknown) {
  render(
    <MemoryRouter initialEntries={['/broken']}>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken error={error} />} />
          <Route path={paths.tools.path} element={<Fine />} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('route error boundary', () => {
  beforeEach(() => {
    // React reports every error a boundary catches on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the friendly page when a page breaks, and clears it on the next page', async () => {
    const user = userEvent.setup();
    renderAt(new Error('boom'));
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Something unexpected broke on this page/)).toBeTruthy();

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    await user.click(within(footer).getByRole('link', { name: 'Tools' }));
    expect(screen.getByRole('heading', { level: 1, name: 'A working page' })).toBeTruthy();
  });

  it('explains a page whose code could not be fetched', () => {
    renderAt(new TypeError('Failed to fetch dynamically imported module: /assets/life.js'));
    expect(screen.getByText(/A newer version of Memento may be out/)).toBeTruthy();
  });

  it('says so when the code is missing because the device is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(new TypeError('Failed to fetch dynamically imported module: /assets/life.js'));
    expect(screen.getByText(/has not been saved on this device yet, and you are offline/)).toBeTruthy();
  });

  it("counts a page's stylesheet that could not be fetched as code that could not be fetched", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderAt(new Error('Unable to preload CSS for http://localhost/assets/life.css'));
    expect(screen.getByText(/has not been saved on this device yet, and you are offline/)).toBeTruthy();
  });

  it('opens a page whose code could not be fetched offline once the device is back online, without a reload', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi
      .fn<() => Promise<typeof Fine>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/life.js'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/life.js'))
      .mockResolvedValue(Fine);
    const Page = lazyRetrying(load);
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/page']}>
        <RouteErrorBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="/page" element={<Page />} />
            </Routes>
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(await screen.findByText(/has not been saved on this device yet, and you are offline/)).toBeTruthy();

    // Still offline: Try again fetches in place (a reload would lose the page) and says so again.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/has not been saved on this device yet, and you are offline/)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);

    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'A working page' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3);
  });
});
