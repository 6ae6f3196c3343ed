import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { isSignedIn } from '#core/schemas/client-state';
import { IosInstallHint } from '../components/layout/ios-install-hint';
import { NavSessionContext } from '../components/layout/nav-session';
import { NavigationProgress } from '../components/layout/navigation-progress';
import { OfflineIndicator } from '../components/layout/offline-indicator';
import { ScrollRestoration } from '../components/layout/scroll-restoration';
import { SkipLink } from '../components/layout/skip-link';
import { StatusDock } from '../components/layout/status-dock';
import { UpdateBanner } from '../components/layout/update-banner';
import { ToastRegion } from '../components/ui/toast';
import { SessionBoot } from '../session/session-boot';
import { SessionProvider } from '../session/session-provider';
import { useSessionActions, useSessionPart } from '../session/use-session';
import { useAppUpdate } from '../lib/pwa-update';

/** The service worker's news: "ready to work offline" once, and a waiting update's Reload. */
function AppUpdateNotices() {
  const update = useAppUpdate();
  const { showToast } = useSessionActions();

  useEffect(() => {
    if (update.offlineReady) showToast('Memento is ready to work offline.');
  }, [update.offlineReady, showToast]);

  return <UpdateBanner show={update.updateReady} onReload={update.reload} onDismiss={update.dismiss} />;
}

function SessionToast() {
  const toast = useSessionPart((state) => state.toast);
  const { hideToast } = useSessionActions();
  return <ToastRegion show={toast.show} message={toast.message} onHide={hideToast} />;
}

/**
 * The frame reads only whether someone is signed in: a notice or a toast appearing renders its
 * own small component again, never the page in the outlet.
 */
function AppFrame() {
  const signedIn = useSessionPart(isSignedIn);
  return (
    <NavSessionContext value={signedIn}>
      <SkipLink />
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
      <StatusDock>
        <OfflineIndicator />
        <AppUpdateNotices />
        <IosInstallHint />
        <SessionToast />
      </StatusDock>
    </NavSessionContext>
  );
}

/**
 * Wraps every page: the session and what it runs (sync, account refresh), skip link, page-change
 * progress, and the notices at the bottom.
 */
export function RootLayout() {
  return (
    <SessionProvider>
      <SessionBoot>
        <AppFrame />
      </SessionBoot>
    </SessionProvider>
  );
}
