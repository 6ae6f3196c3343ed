import { readPublicExpert, type PublicExpert } from '#core/experts/public-expert-reply';
import { siteNameKey } from '#core/experts/site-name';
import { deviceStorage } from '../../../lib/device-storage';
import { readCopy, removeCopy, writeCopy, type Store } from './local-copies';

/**
 * The public pages this device saw, so they open offline. Read back with the hand check of
 * `publicExpertSchema` (a unit test holds the two equal), so a visitor's page loads no schema library.
 */

const pageKey = (siteName: string) => `memento.expert.page.${siteNameKey(siteName)}`;

/** The last copy of a public page this device saw. */
export function readPageCopy(siteName: string, storage: Store | null = deviceStorage()): PublicExpert | null {
  return readCopy(storage, pageKey(siteName), readPublicExpert);
}

export function savePageCopy(page: PublicExpert, storage: Store | null = deviceStorage()): void {
  writeCopy(storage, pageKey(page.siteName), page);
}

export function forgetPageCopy(siteName: string, storage: Store | null = deviceStorage()): void {
  removeCopy(storage, pageKey(siteName));
}
