import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, type ContainerLike, type RegistrationLike, type WorkerLike } from './pwa-update';

class FakeWorker extends EventTarget implements WorkerLike {
  state: ServiceWorkerState = 'installing';
  readonly messages: unknown[] = [];

  postMessage(message: unknown): void {
    this.messages.push(message);
  }

  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget implements RegistrationLike {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  updateChecks = 0;

  update(): Promise<void> {
    this.updateChecks += 1;
    return Promise.resolve();
  }

  /** What the browser does when it finds a new version: a worker starts installing. */
  startInstalling(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    return worker;
  }

  /** The installing worker finished: it waits while another one is active. */
  finishInstalling(worker: FakeWorker): void {
    this.installing = null;
    this.waiting = worker;
    worker.moveTo('installed');
  }
}

class FakeContainer extends EventTarget implements ContainerLike {
  readonly registered: string[] = [];
  controller: FakeWorker | null = null;

  constructor(readonly registration: FakeRegistration) {
    super();
  }

  register(scriptUrl: string): Promise<FakeRegistration> {
    this.registered.push(scriptUrl);
    return Promise.resolve(this.registration);
  }

  /** The waiting worker took over the page. */
  changeController(): void {
    this.dispatchEvent(new Event('controllerchange'));
  }
}

function start(registration = new FakeRegistration(), now: () => number = Date.now) {
  const container = new FakeContainer(registration);
  const seen: string[] = [];
  let reloads = 0;
  const control = registerServiceWorker(
    container,
    { onUpdateReady: () => seen.push('update ready'), onOfflineReady: () => seen.push('offline ready') },
    () => {
      reloads += 1;
    },
    now,
  );
  return { container, registration, control, seen, reloads: () => reloads };
}

/** A registration where version 1 is already active. */
function runningRegistration(): FakeRegistration {
  const registration = new FakeRegistration();
  registration.active = new FakeWorker();
  registration.active.state = 'activated';
  return registration;
}

/** Version 1 is active and answers this page. */
function startControlled() {
  const started = start(runningRegistration());
  started.container.controller = started.registration.active;
  return started;
}

describe('registerServiceWorker', () => {
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
    // The browser may also announce the same worker afterwards: it is reported once.
    registration.dispatchEvent(new Event('updatefound'));
    expect(seen).toEqual([]);

    registration.finishInstalling(worker);
    expect(seen).toEqual(['offline ready']);
  });

  it('offers a new version that finished installing while another one runs, without reloading', async () => {
    const { registration, control, seen, reloads } = start(runningRegistration());
    await control.registered;

    const next = registration.startInstalling();
    expect(seen).toEqual([]);
    registration.finishInstalling(next);
    expect(seen).toEqual(['update ready']);
    expect(reloads()).toBe(0);
    expect(next.messages).toEqual([]);
  });

  it('offers a version that was already waiting when the page opened', async () => {
    const registration = runningRegistration();
    registration.waiting = new FakeWorker();
    registration.waiting.state = 'installed';
    const { control, seen } = start(registration);
    await control.registered;
    expect(seen).toEqual(['update ready']);
  });

  it('on Reload switches the waiting version on and reloads once it controls the page', async () => {
    const { registration, container, control, reloads } = startControlled();
    await control.registered;
    const next = registration.startInstalling();
    registration.finishInstalling(next);

    control.activateUpdate();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    expect(reloads()).toBe(0);

    container.changeController();
    expect(reloads()).toBe(1);
    container.changeController();
    expect(reloads()).toBe(1);
  });

  it('on Reload in a tab no worker controls (opened on the first visit) reloads once the new version is active', async () => {
    const { registration, container, control, reloads } = start(runningRegistration());
    await control.registered;
    const next = registration.startInstalling();
    registration.finishInstalling(next);

    control.activateUpdate();
    expect(next.messages).toEqual([{ type: 'SKIP_WAITING' }]);
    next.moveTo('activating');
    expect(reloads()).toBe(0);
    next.moveTo('activated');
    expect(reloads()).toBe(1);
    // Other tabs' pages it now controls: this one has reloaded already.
    container.changeController();
    expect(reloads()).toBe(1);
  });

  it('keeps the page as it is when another tab switches the new version on', async () => {
    const { registration, container, control, seen, reloads } = startControlled();
    await control.registered;
    registration.finishInstalling(registration.startInstalling());

    registration.waiting = null;
    container.changeController();
    expect(reloads()).toBe(0);
    expect(seen).toEqual(['update ready']);

    // Nothing waits any more: Reload just reloads into the version that now runs.
    control.activateUpdate();
    expect(reloads()).toBe(1);
  });

  it('checks for a new version when the page becomes visible, at most once an hour', async () => {
    let now = 0;
    const { registration, control } = start(runningRegistration(), () => now);
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
    container.register = () => Promise.reject(new Error('SecurityError'));
    const control = registerServiceWorker(container, { onUpdateReady: vi.fn(), onOfflineReady: vi.fn() }, vi.fn());
    await expect(control.registered).rejects.toThrow('SecurityError');
  });
});

describe('useAppUpdate', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function loadHook(container: FakeContainer) {
    vi.stubEnv('DEV', false);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container }));
    vi.resetModules();
    const { useAppUpdate } = await import('./pwa-update');
    return useAppUpdate;
  }

  it('registers once, however often it mounts, and shows a waiting update', async () => {
    const container = new FakeContainer(runningRegistration());
    const useAppUpdate = await loadHook(container);
    const first = renderHook(() => useAppUpdate());
    const second = renderHook(() => useAppUpdate());
    // The registration settles (jsdom's document has loaded already, so it starts at once).
    await act(() => Promise.resolve());
    expect(container.registered).toEqual(['/sw.js']);

    act(() => {
      const next = container.registration.startInstalling();
      container.registration.finishInstalling(next);
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
