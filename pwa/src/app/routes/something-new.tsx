import { ComingSoon } from '../../features/site/components/coming-soon';
import { comingSoonAreas } from '../../features/site/coming-soon-areas';

export function Component() {
  return <ComingSoon {...comingSoonAreas.somethingNew} />;
}
