/**
 * The browser's service worker API as far as workbox-window and the app use it, driven by hand:
 * a test installs it as `navigator.serviceWorker` and plays the browser's part (a worker installs,
 * waits, takes control). The real workbox-window runs against it.
 */

/** Where the build puts the service worker, as the browser reports a worker's script URL. */
export const workerScriptUrl = (): string => new URL('/sw.js', window.location.href).href;

export class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly scriptURL = workerScriptUrl();
  readonly messages: unknown[] = [];

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.messages.push(message);
    // workbox-window sends a port for an answer that sw.ts never gives: close it.
    for (const port of transfer) if (port instanceof MessagePort) port.close();
  }

  moveTo(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

export class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  updateChecks = 0;

  update(): Promise<this> {
    this.updateChecks += 1;
    return Promise.resolve(this);
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

  /** The waiting worker becomes the active one (no other was active, or it was told to skip waiting). */
  activate(worker: FakeWorker): void {
    this.waiting = null;
    this.active = worker;
    worker.moveTo('activating');
    worker.moveTo('activated');
  }
}

/** A registration where version 1 is already active. */
export function runningRegistration(): FakeRegistration {
  const registration = new FakeRegistration();
  registration.active = new FakeWorker();
  registration.active.state = 'activated';
  return registration;
}

export class FakeContainer extends EventTarget {
  readonly registered: string[] = [];
  controller: FakeWorker | null = null;
  refuseWith: Error | undefined;

  constructor(readonly registration: FakeRegistration) {
    super();
  }

  register(scriptUrl: string): Promise<FakeRegistration> {
    this.registered.push(scriptUrl);
    if (this.refuseWith) return Promise.reject(this.refuseWith);
    const { registration } = this;
    // As the browser does: the registration resolves first, `updatefound` follows in a later task.
    if (registration.installing) setTimeout(() => registration.dispatchEvent(new Event('updatefound')), 0);
    return Promise.resolve(registration);
  }

  /** A worker took over the page. */
  changeController(worker: FakeWorker | null): void {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

/** `navigator` with the fake as its service worker container (the rest is jsdom's). */
export function navigatorWith(container: FakeContainer): Navigator {
  return Object.assign(Object.create(navigator) as Navigator, { serviceWorker: container });
}
