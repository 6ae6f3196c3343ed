import { useParams } from 'react-router-dom';
import { UntilResultPage } from '../../features/calculators/components/until-result-page';
import { useToday } from '../../lib/clock';

export function Component() {
  const today = useToday();
  const { target = '' } = useParams();
  return <UntilResultPage unit="weeks" target={target} today={today} />;
}
