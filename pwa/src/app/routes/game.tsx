import { GamePage } from '../../features/game/components/game-page';

/** /bestgame: the blob game. */
export function Component() {
  return <GamePage />;
}
