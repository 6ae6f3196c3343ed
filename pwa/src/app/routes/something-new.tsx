import { SomethingNewPage } from '../../features/something-new/components/something-new-page';
import { readSavedProfiles } from '../../features/something-new/data/saved-profiles';

/** /somethingnew: the founder profiles preview. */
export function Component() {
  return <SomethingNewPage />;
}

/** The written page is a first visit's, waiting for its first profile: a device that saw profiles before shows them at once instead. */
export const fitsWrittenPage = (): boolean => readSavedProfiles() === null;
