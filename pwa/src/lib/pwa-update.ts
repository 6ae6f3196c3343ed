import { useRef } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Ask the server for a new version at most this often while the app is open. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

function checkForUpdatesWhenVisible(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    // Offline or a server hiccup: try again on the next visit.
    registration.update().catch(() => undefined);
  });
}

export interface AppUpdate {
  /** A new version is installed and waits for the person to reload. */
  readonly updateReady: boolean;
  /** The app has been stored on the device and now opens without a network. */
  readonly offlineReady: boolean;
  /** Activates the waiting version and reloads this tab. Only ever called from a button. */
  readonly reload: () => Promise<void>;
  readonly dismiss: () => void;
}

/**
 * Registers the service worker and reports a waiting update. Nothing reloads on its own: a new
 * version is switched on only when this tab's person presses Reload. If another tab switches it
 * on first, this tab keeps what is on screen (a half-typed entry stays) and offers the reload.
 */
export function useAppUpdate(): AppUpdate {
  const requested = useRef(false);
  const registration = useRef<ServiceWorkerRegistration | undefined>(undefined);

  const {
    needRefresh: [updateReady, setUpdateReady],
    offlineReady: [offlineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, reg) {
      registration.current = reg;
      if (reg) checkForUpdatesWhenVisible(reg);
    },
    onNeedReload() {
      if (requested.current) window.location.reload();
    },
  });

  return {
    updateReady,
    offlineReady,
    async reload() {
      requested.current = true;
      // Another tab may have switched the new version on already: nothing waits, just reload.
      if (!registration.current?.waiting) {
        window.location.reload();
        return;
      }
      await updateServiceWorker();
    },
    dismiss: () => setUpdateReady(false),
  };
}
