import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { NavigationProgress } from './navigation-progress';
import { trackPageLoad } from './page-loads';

function deferred() {
  let resolve!: () => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('navigation progress', () => {
  it('shows the bar while a page’s code loads, and hides it once every load has settled', async () => {
    const { container } = render(<NavigationProgress />);
    expect(container.firstChild).toBeNull();

    const first = deferred();
    const second = deferred();
    const loads = [trackPageLoad(first.promise), trackPageLoad(second.promise).catch(() => undefined)];
    await act(async () => {
      await Promise.resolve();
    });
    expect(container.firstChild).not.toBeNull();

    await act(async () => {
      first.resolve();
      await loads[0];
    });
    expect(container.firstChild).not.toBeNull();

    // A load that fails (offline, an old version) ends the bar too.
    await act(async () => {
      second.reject(new TypeError('Failed to fetch dynamically imported module'));
      await loads[1];
    });
    expect(container.firstChild).toBeNull();
  });
});
