import { useMatch } from 'react-router-dom';
import { paths } from '#core/paths';
import { ComingSoon } from '../../features/site/components/coming-soon';
import { comingSoonAreas } from '../../features/site/coming-soon-areas';

export function Component() {
  const thankYou = useMatch(paths.thankYou.path);
  return (
    <ComingSoon
      {...comingSoonAreas.pass}
      detail={
        thankYou
          ? 'The thank-you page for buyers of the pass opens here.'
          : 'The checkout for the pass opens here.'
      }
    />
  );
}
