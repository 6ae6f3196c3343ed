import { useMatch } from 'react-router-dom';
import { paths } from '#core/paths';
import { ComingSoon } from '../../features/site/components/coming-soon';
import { comingSoonAreas } from '../../features/site/coming-soon-areas';

export function Component() {
  const pay = useMatch(paths.humanSoundsPay.path);
  const thankYou = useMatch(paths.humanSoundsThankYou.path);
  const detail = pay
    ? 'The checkout for the audio library opens here.'
    : thankYou
      ? 'Your download link for the library will be here after you buy it.'
      : undefined;
  return <ComingSoon {...comingSoonAreas.humanSounds} detail={detail} />;
}
