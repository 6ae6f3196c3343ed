import { Suspense } from 'react';
import { lazyNotice } from './lazy-notice';

const UpdateNotice = lazyNotice(() => import('./dock-notices').then((module) => module.UpdateNotice));

interface UpdateBannerProps {
  readonly show: boolean;
  readonly onReload: () => void;
  readonly onDismiss: () => void;
}

/**
 * "Update available — Reload": the new version starts only when the person presses Reload. The
 * region stays in the page so the notice is announced when it appears.
 */
export function UpdateBanner({ show, onReload, onDismiss }: UpdateBannerProps) {
  return (
    <div role="status">
      {show && (
        <Suspense fallback={null}>
          <UpdateNotice onReload={onReload} onDismiss={onDismiss} />
        </Suspense>
      )}
    </div>
  );
}
