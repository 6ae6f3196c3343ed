import { ComingSoon } from '../../features/site/components/coming-soon';
import { comingSoonAreas } from '../../features/site/coming-soon-areas';

/** /hnupgrade: the Pro checkout arrives with the paid plan; until then its place says so. */
export function Component() {
  return <ComingSoon {...comingSoonAreas.hn} detail="The upgrade to Pro opens here." />;
}
