/**
 * The browser's notification and push capabilities, behind a few functions (tests replace the globals).
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
 * Whether this browser can receive pushes. On iPhone and iPad, web push exists only for a web
 * app added to the Home Screen (iOS 16.4+), so there the first step is adding it. 'supported'
 * only means the APIs exist: a private window can still refuse to subscribe (see subscribe-push).
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

/**
 * The permission to notify, asking the person only when they have not decided yet. Only ever
 * called from a tap on a switch that said why (the daily reminder, the tracker's notices). Rejects
 * where the browser has no notifications.
 */
export async function ensureNotificationPermission(): Promise<NotificationPermission> {
  if (typeof window.Notification !== 'function') throw new Error('This browser has no notifications');
  const current = Notification.permission;
  return current === 'default' ? Notification.requestPermission() : current;
}
