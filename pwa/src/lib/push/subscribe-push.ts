import type { BrowserSubscription } from '#core/schemas/reminders';
import { notificationPermission } from './push-support';

export type { BrowserSubscription };

/**
 * Why the browser gave no push subscription, in the terms the person can act on:
 * - 'blocked': notifications are denied for the site;
 * - 'unsupported': this browser, or this mode of it (a private window), has no push at all;
 * - 'no-push-service': the browser's push service could not be reached or refused to register.
 */
export type PushSubscribeFailure = 'blocked' | 'unsupported' | 'no-push-service';

export class PushSubscribeError extends Error {
  override readonly name = 'PushSubscribeError';
  readonly reason: PushSubscribeFailure;

  constructor(reason: PushSubscribeFailure, options?: { cause?: unknown }) {
    super(`No push subscription: ${reason}`, options);
    this.reason = reason;
  }
}

const NO_PUSH_HERE = new Set(['NotSupportedError', 'InvalidStateError', 'SecurityError', 'NotAllowedError']);

/**
 * What a rejection of pushManager.subscribe means, given the notification permission after it.
 * NotAllowedError with permission granted, and Chromium's AbortError "Registration failed -
 * permission denied" with permission granted, are a browser mode without push: Chromium's
 * incognito windows answer exactly so, on purpose indistinguishable (crbug.com/41124656). Every
 * other failure (AbortError "push service error/not available", network errors) is the push
 * service, which the browser could not reach or which refused to register.
 */
export function classifySubscribeError(error: unknown, permission: NotificationPermission): PushSubscribeFailure {
  if (permission === 'denied') return 'blocked';
  const { name, message } = describeError(error);
  if (NO_PUSH_HERE.has(name)) return 'unsupported';
  if (name === 'AbortError' && /permission denied/i.test(message)) return 'unsupported';
  return 'no-push-service';
}

/** A DOMException's name and message (not every DOMException is an `instanceof Error`, e.g. jsdom's). */
function describeError(error: unknown): { name: string; message: string } {
  if (typeof error !== 'object' || error === null) return { name: '', message: '' };
  const name = 'name' in error && typeof error.name === 'string' ? error.name : '';
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return { name, message };
}

/** A VAPID public key (base64url) as the bytes PushManager wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBrowserSubscription(subscription: PushSubscription): BrowserSubscription {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The browser gave a push subscription without keys');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

async function pushManager(): Promise<PushManager> {
  // A browser (or a private window) without service workers cannot receive pushes at all.
  if (!('serviceWorker' in navigator) || typeof window.PushManager !== 'function') throw new PushSubscribeError('unsupported');
  if ((await navigator.serviceWorker.getRegistration()) === undefined) throw new PushSubscribeError('unsupported');
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager;
}

/**
 * This browser's push subscription for the server's key, made if there is none yet. Rejects with
 * a PushSubscribeError. It may also never settle: a browser whose push service cannot be reached
 * can leave pushManager.subscribe pending, so the caller sets the time limit.
 */
export async function subscribePush(publicKey: string): Promise<BrowserSubscription> {
  try {
    const manager = await pushManager();
    const existing = await manager.getSubscription();
    const subscription =
      existing ?? (await manager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
    return toBrowserSubscription(subscription);
  } catch (error) {
    if (error instanceof PushSubscribeError) throw error;
    throw new PushSubscribeError(classifySubscribeError(error, notificationPermission()), { cause: error });
  }
}
