import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeContainer, FakeRegistration, navigatorWith, runningRegistration } from './testing/fake-service-worker';

describe('useAppUpdate', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function loadHook(container: FakeContainer) {
    vi.stubEnv('DEV', false);
    // Tests run workbox-window's development code, which logs each step to the console.
    vi.stubGlobal('__WB_DISABLE_DEV_LOGS', true);
    vi.stubGlobal('navigator', navigatorWith(container));
    vi.resetModules();
    const { useAppUpdate } = await import('./pwa-update');
    return useAppUpdate;
  }

  it('registers once through workbox-window, however often it mounts, and shows a waiting update', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const container = new FakeContainer(runningRegistration());
    container.controller = container.registration.active;
    const useAppUpdate = await loadHook(container);
    const first = renderHook(() => useAppUpdate());
    const second = renderHook(() => useAppUpdate());
    // jsdom's document has loaded already, so registration starts at once: workbox-window is
    // fetched, then the worker registered.
    await vi.waitFor(() => expect(container.registered).toEqual(['/sw.js']));

    await act(async () => {
      const next = container.registration.startInstalling();
      container.registration.finishInstalling(next);
      // workbox-window reports `waiting` once the installed worker still waits 200 ms later.
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(first.result.current.updateReady).toBe(true);
    expect(second.result.current.updateReady).toBe(true);

    act(() => first.result.current.dismiss());
    expect(second.result.current.updateReady).toBe(false);
  });

  it('registers nothing on the dev server, which builds no service worker', async () => {
    const container = new FakeContainer(new FakeRegistration());
    const useAppUpdate = await loadHook(container);
    vi.stubEnv('DEV', true);
    renderHook(() => useAppUpdate());
    expect(container.registered).toEqual([]);
  });
});
