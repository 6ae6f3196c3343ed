import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
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
import { useSession } from '../session/use-session';
import { useAppUpdate } from '../lib/pwa-update';

function AppFrame() {
  const session = useSession();
  const update = useAppUpdate();
  const { showToast } = session;

  useEffect(() => {
    if (update.offlineReady) showToast('Memento is ready to work offline.');
  }, [update.offlineReady, showToast]);

  return (
    <NavSessionContext value={session.isSignedIn}>
      <SkipLink />
      <NavigationProgress />
      <ScrollRestoration />
      <Outlet />
      <StatusDock>
        <OfflineIndicator />
        <UpdateBanner show={update.updateReady} onReload={update.reload} onDismiss={update.dismiss} />
        <IosInstallHint />
        <ToastRegion show={session.toast.show} message={session.toast.message} onHide={session.hideToast} />
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
