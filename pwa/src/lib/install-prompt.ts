import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

const DISMISSED_KEY = 'memento.install-hint-dismissed';

let deferredPrompt: BeforeInstallPromptEvent | null = null;
/** Read from storage the first time the offer is asked for, not while the app's code starts. */
let dismissed: boolean | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Starts listening for the browser's install offer. Called once at start-up, before React
 * renders, because the browser may make the offer right after the page loads.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own banner away; the app shows its button instead.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    notify();
  });
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const media = typeof window.matchMedia === 'function' ? window.matchMedia('(display-mode: standalone)') : null;
  return iosStandalone || media?.matches === true;
}

/** Safari on iPhone or iPad, where installing is done by hand from the Share menu. */
function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const appleMobile = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return appleMobile && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(ua);
}

export type InstallOffer = 'prompt' | 'ios-instructions' | 'none';

function currentOffer(): InstallOffer {
  dismissed ??= readDismissed();
  if (dismissed || isStandalone()) return 'none';
  if (deferredPrompt) return 'prompt';
  return isIosSafari() ? 'ios-instructions' : 'none';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer goes away whatever the answer. */
async function install(): Promise<void> {
  const prompt = deferredPrompt;
  if (!prompt) return;
  deferredPrompt = null;
  await prompt.prompt();
  await prompt.userChoice;
  notify();
}

/** "Not now": remembered on this device, so the offer does not come back on every visit. */
function dismiss(): void {
  dismissed = true;
  try {
    window.localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Blocked storage: the offer stays hidden for this visit only.
  }
  notify();
}

export function useInstallOffer() {
  const offer = useSyncExternalStore(subscribe, currentOffer, () => 'none' as const);
  return { offer, install, dismiss };
}
