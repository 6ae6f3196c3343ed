import { Suspense } from 'react';
import { useInstallOffer } from '../../lib/install-prompt';
import { lazyNotice } from './lazy-notice';

const IosInstallCard = lazyNotice(() => import('./dock-notices').then((module) => module.IosInstallCard));

/**
 * Safari on iPhone and iPad cannot offer installation itself: this card gives the two steps.
 * Closing it is remembered on this device.
 */
export function IosInstallHint() {
  const { offer, dismiss } = useInstallOffer();
  if (offer !== 'ios-instructions') return null;

  return (
    <Suspense fallback={null}>
      <IosInstallCard onDismiss={dismiss} />
    </Suspense>
  );
}
