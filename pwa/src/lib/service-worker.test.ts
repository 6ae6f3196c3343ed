import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from './service-worker';
import { FakeContainer, FakeRegistration, FakeWorker, navigatorWith, runningRegistration } from './testing/fake-service-worker';

/** workbox-window reports `waiting` once an installed worker is still waiting this long after. */
const WAITING_DELAY_MS = 200;

function start(registration = new FakeRegistration(), { controlled = false, now = Date.now } = {}) {
  const container = new FakeContainer(registration);
  if (controlled) container.controller = registration.active;
  vi.stubGlobal('navigator', navigatorWith(container));
  const seen: string[] = [];
  let reloads = 0;
  const control = registerServiceWorker(
    { onUpdateReady: () => seen.push('update ready'), onOfflineReady: () => seen.push('offline ready') },
    () => {
      reloads += 1;
    },
    now,
  );
  return { container, registration, control, seen, reloads: () => reloads };
}

/** Version 1 is active and answers this page; version 2 has installed and waits. */
async function startWithWaitingUpdate({ controlled }: { readonly controlled: boolean }) {
  const started = start(runningRegistration(), { controlled });
  await started.control.registered;
  const next = started.registration.startInstalling();
  started.registration.finishInstalling(next);
  await vi.advanceTimersByTimeAsync(WAITING_DELAY_MS);
  return { ...started, next };
}

describe('registerServiceWorker (workbox-window)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Tests run workbox-window's development code, which logs each step to the console.
    vi.stubGlobal('__WB_DISABLE_DEV_LOGS', true);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('registers the built worker for the whole site', async () => {
    const { container, control } = start();
    await control.registered;
    expect(container.registered).toEqual(['/sw.js']);
  });

  it('on a first visit reports that the app works offline once the worker is installed', async () => {
    const registration = new FakeRegistration();
    const worker = new FakeWorker();
    registration.installing = worker;
    const { control, seen } = start(registration);
    await control.registered;
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual([]);

    registration.finishInstalling(worker);
    registration.activate(worker);
    await vi.advanceTimersByTimeAsync(WAITING_DELAY_MS);
    expect(seen).toEqual(['offline ready']);
  });

  it('offers a new version that finished installing while another one runs, without reloading', async () => {
    const { registration, control, seen, reloads } = start(runningRegistration(), { controlled: true });
    await control.registered;

    const next = registration.startInstalling();
    registration.finishInstalling(next);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(WAITING_DELAY_MS);
    expect(seen).toEqual(['update ready']);
    expect(reloads()).toBe(0);
    expect(next.messages).toEqual([]);
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const registration = runningRegistration();
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
    const { control, seen } = start(registration, { controlled: true });
    await control.registered;
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['update ready']);
  });

  it('on Reload switches the waiting version on and reloads once it controls the page', async () => {
    const { registration, container, control, next, reloads } = await startWithWaitingUpdate({ controlled: true });

    control.activateUpdate();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloads()).toBe(0);

    registration.activate(next);
    container.changeController(next);
    expect(reloads()).toBe(1);
    container.changeController(next);
    expect(reloads()).toBe(1);
  });

  it('on Reload in a tab no worker controls (opened on the first visit) reloads once the new version is active', async () => {
    const { container, control, next, reloads } = await startWithWaitingUpdate({ controlled: false });

    control.activateUpdate();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    next.moveTo('activating');
    expect(reloads()).toBe(0);
    next.moveTo('activated');
    expect(reloads()).toBe(1);
    // Other tabs' pages it now controls: this one has reloaded already.
    container.changeController(next);
    expect(reloads()).toBe(1);
  });

  it('keeps the page as it is when another tab switches the new version on', async () => {
    const { registration, container, control, next, seen, reloads } = await startWithWaitingUpdate({ controlled: true });

    registration.activate(next);
    container.changeController(next);
    expect(reloads()).toBe(0);
    expect(seen).toEqual(['update ready']);

    // Nothing waits any more: Reload just reloads into the version that now runs.
    control.activateUpdate();
    expect(reloads()).toBe(1);
  });

  it('checks for a new version when the page becomes visible, at most once an hour', async () => {
    let now = 0;
    const { registration, control } = start(runningRegistration(), { controlled: true, now: () => now });
    await control.registered;
    const showPage = () => document.dispatchEvent(new Event('visibilitychange'));
    expect(document.visibilityState).toBe('visible');

    now = 59 * 60 * 1000;
    showPage();
    expect(registration.updateChecks).toBe(0);

    now = 60 * 60 * 1000;
    showPage();
    expect(registration.updateChecks).toBe(1);

    now += 30 * 60 * 1000;
    showPage();
    expect(registration.updateChecks).toBe(1);
  });

  it('lets the caller see a refused registration', async () => {
    const container = new FakeContainer(new FakeRegistration());
    container.refuseWith = new Error('SecurityError');
    vi.stubGlobal('navigator', navigatorWith(container));
    const control = registerServiceWorker({ onUpdateReady: vi.fn(), onOfflineReady: vi.fn() }, vi.fn());
    await expect(control.registered).rejects.toThrow('SecurityError');
  });
});
