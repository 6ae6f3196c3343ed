import { UntilEntryPage } from '../../features/calculators/components/until-entry-page';
import { useToday } from '../../lib/clock';

export function Component() {
  const today = useToday();
  return <UntilEntryPage unit="weeks" today={today} />;
}
