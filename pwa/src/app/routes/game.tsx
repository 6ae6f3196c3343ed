import { deviceKeepsGame } from '../../features/game/data/device-save';
import { GamePage } from '../../features/game/components/game-page';

/** /bestgame: the blob game. */
export function Component() {
  return <GamePage />;
}

/** The written page is a new game with sound on: a device with a game of its own draws the page afresh. */
export const fitsWrittenPage = (): boolean => !deviceKeepsGame();
