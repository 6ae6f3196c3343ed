/**
 * The browser's notification and push APIs, behind a few functions (tests replace the globals).
 */

export type PushSupport = 'supported' | 'unsupported' | 'ios-needs-install';

function isAppleMobile(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(display-mode: standalone)') : null;
  return iosStandalone || media?.matches === true;
}

/**
 * Whether this browser can receive reminders. On iPhone and iPad, web push exists only for a web
 * app added to the Home Screen (iOS 16.4+), so there the first step is adding it.
 */
export function pushSupport(): PushSupport {
  if (isAppleMobile() && !isStandalone()) return 'ios-needs-install';
  const capable =
    'serviceWorker' in navigator && typeof window.PushManager === 'function' && typeof window.Notification === 'function';
  return capable ? 'supported' : 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return typeof window.Notification === 'function' ? Notification.permission : 'denied';
}

/** Asks the person; only ever called from a tap on the reminder switch. */
export async function requestNotificationPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** A VAPID public key (base64url) as the bytes PushManager wants. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface BrowserSubscription {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

function toBrowserSubscription(subscription: PushSubscription): BrowserSubscription {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error('The browser gave a push subscription without keys');
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/** This browser's push subscription for the server's key, made if there is none yet. */
export async function subscribeBrowser(publicKey: string): Promise<BrowserSubscription> {
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  return toBrowserSubscription(subscription);
}

/** Ends this browser's push subscription; returns its endpoint, or null when there was none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
