import { Container } from '../../../components/layout/container';
import { PublicPage } from '../../../components/layout/public-page';
import { PageHeading } from '../../../components/ui/page-heading';
import { useGameSession } from '../use-game-start';
import { GameBoard } from './game-board';
import styles from './game.module.css';

/** /bestgame: the blob game, kept on the device (and in the account when signed in). */
export function GamePage() {
  const session = useGameSession();
  const { start } = session;
  return (
    <PublicPage
      nav="site"
      title="The blob game"
      description="A small role-playing game in your browser: face the boss, and if it beats you, grow stronger on the farm and try again."
    >
      <Container className={styles.page}>
        <PageHeading
          eyebrow="A small game"
          title="The blob game"
          lead="Face the boss. If it knocks you out, train on the farm: your health comes back in full there, and every critter you beat makes you stronger or tougher."
        />
        {start.notice !== null && (
          <p className={styles.notice} role="status">
            {start.notice}
          </p>
        )}
        <GameBoard key={start.key} start={start} onSave={session.save} onResting={session.setResting} onNewGame={session.newGame} />
      </Container>
    </PublicPage>
  );
}
