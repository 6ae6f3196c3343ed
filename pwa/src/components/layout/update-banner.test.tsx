import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazyNotice } from './lazy-notice';
import { UpdateBanner } from './update-banner';

describe('update banner', () => {
  it('keeps its live region in the page and shows the notice, fetched on demand, once an update waits', async () => {
    const onReload = vi.fn();
    const onDismiss = vi.fn();
    const { rerender } = render(<UpdateBanner show={false} onReload={onReload} onDismiss={onDismiss} />);
    expect(screen.getByRole('status').textContent).toBe('');

    rerender(<UpdateBanner show onReload={onReload} onDismiss={onDismiss} />);
    const region = screen.getByRole('status');
    expect(await screen.findByText('Update available')).toBeTruthy();
    expect(region.textContent).toContain('A new version of Memento is ready.');

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('lazyNotice', () => {
  it('shows nothing, rather than breaking the page, when the notice cannot be fetched', async () => {
    let failLoad: (error: Error) => void = () => undefined;
    const Notice = lazyNotice<{ readonly text: string }>(
      () => new Promise((_resolve, reject) => (failLoad = reject)),
    );
    render(
      <main>
        <p>The page</p>
        <Suspense fallback={<p>loading</p>}>
          <Notice text="never shown" />
        </Suspense>
      </main>,
    );
    expect(screen.getByText('loading')).toBeTruthy();

    failLoad(new TypeError('Failed to fetch dynamically imported module'));
    await waitFor(() => expect(screen.queryByText('loading')).toBeNull());
    expect(screen.getByRole('main').textContent).toBe('The page');
  });
});
