import type { BrowserContext, Page } from '@playwright/test';

/**
 * The one step of the path from a tap to a notification that headless Chromium cannot take: its
 * PushManager registers with the browser vendor's push service, which does not exist here, so
 * pushManager.subscribe rejects (see e2e/reminders.spec.ts). This plays that registration as a
 * push service would answer it: a subscription whose endpoint is the test's local push service,
 * with the browser keys the test holds to read what arrives there. Everything around it is real:
 * the app's switch, the permission, the server's key, the server's endpoints, its Web Push.
 */

export interface PushRegistration {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** What the page asked for and what it ended, as recorded by the stand-in. */
export interface RegistrationLog {
  /** The applicationServerKey of each subscribe call, base64url. */
  readonly keys: string[];
  readonly unsubscribed: number;
}

const STORE = 'e2e-push-registration';

/**
 * From now on every page of `context` answers PushManager.subscribe and getSubscription with
 * `registration` (kept across reloads, as a browser keeps its subscription), and unsubscribe ends it.
 */
export async function standInPushService(context: BrowserContext, registration: PushRegistration): Promise<void> {
  await context.addInitScript(
    ({ store, registration: made }) => {
      interface Log {
        keys: string[];
        unsubscribed: number;
        subscribed: boolean;
      }
      const read = (): Log => JSON.parse(localStorage.getItem(store) ?? '{"keys":[],"unsubscribed":0,"subscribed":false}') as Log;
      const write = (log: Log) => localStorage.setItem(store, JSON.stringify(log));
      const toBase64url = (key: BufferSource | string | null | undefined): string => {
        if (typeof key === 'string' || key === null || key === undefined) return String(key);
        const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
        return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      };
      const subscription = () => ({
        endpoint: made.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: { p256dh: made.p256dh, auth: made.auth } }),
        unsubscribe: () => {
          const log = read();
          write({ ...log, subscribed: false, unsubscribed: log.unsubscribed + 1 });
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.subscribe = function subscribe(options?: PushSubscriptionOptionsInit) {
        const log = read();
        write({ ...log, subscribed: true, keys: [...log.keys, toBase64url(options?.applicationServerKey)] });
        return Promise.resolve(subscription() as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function getSubscription() {
        return Promise.resolve(read().subscribed ? (subscription() as unknown as PushSubscription) : null);
      };
    },
    { store: STORE, registration },
  );
}

export function registrationLog(page: Page): Promise<RegistrationLog> {
  return page.evaluate((store) => {
    const log = JSON.parse(localStorage.getItem(store) ?? '{"keys":[],"unsubscribed":0}') as RegistrationLog;
    return { keys: log.keys, unsubscribed: log.unsubscribed };
  }, STORE);
}
