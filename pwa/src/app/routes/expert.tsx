import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../features/site/components/coming-soon';
import { comingSoonAreas } from '../../features/site/coming-soon-areas';

export function Component() {
  const { siteName } = useParams();
  const detail = siteName ? `The booking page of ${siteName} will be here.` : undefined;
  return <ComingSoon {...comingSoonAreas.expert} detail={detail} />;
}
