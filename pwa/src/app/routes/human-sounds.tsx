import { HumanSoundsCataloguePage } from '../../features/human-sounds/components/catalogue-page';

/** /humansounds: the catalogue. */
export function Component() {
  return <HumanSoundsCataloguePage />;
}
