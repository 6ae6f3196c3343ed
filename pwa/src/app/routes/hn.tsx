import { useMatch } from 'react-router-dom';
import { paths } from '#core/paths';
import { ComingSoon } from '../../features/site/components/coming-soon';
import { comingSoonAreas } from '../../features/site/coming-soon-areas';

export function Component() {
  const item = useMatch(paths.hnItem.path);
  const upgrade = useMatch(paths.hnUpgrade.path);
  const detail = item
    ? `The comments on post ${item.params.id ?? ''} that still wait for an answer will show here.`
    : upgrade
      ? 'The upgrade to Pro opens here.'
      : undefined;
  return <ComingSoon {...comingSoonAreas.hn} detail={detail} />;
}
