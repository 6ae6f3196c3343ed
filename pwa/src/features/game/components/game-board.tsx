import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { enemyMaxHealth, PLAYER_MAX_HEALTH } from '#core/game/rules';
import { toSaveRecord, type GameSaveRecord } from '#core/game/save';
import { paths } from '#core/paths';
import { ButtonLink, Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { currentInstant } from '../../../lib/clock';
import { readSoundOn, writeSoundOn } from '../data/device-save';
import { gameMachine, type GameSnapshot } from '../game.machine';
import { createSoundPlayer, soundFor, type SoundMoment } from '../game-sounds';
import type { GameStart } from '../game-start';
import { enemyTitle } from '../game-words';
import { EnemyArt, FarmArt, PlayerBlob } from './game-art';
import { HealthBar } from './health-bar';
import styles from './game.module.css';

type Stage = SoundMoment['state'];

function stageOf(snapshot: GameSnapshot): Stage {
  if (snapshot.matches('intro')) return 'intro';
  if (snapshot.matches('farm')) return 'farm';
  if (snapshot.matches('finished')) return 'finished';
  return 'fight';
}

const STAGE_TITLES: Record<Stage, string> = {
  intro: 'The road to the boss',
  fight: 'Fight!',
  farm: 'The farm',
  finished: 'Part 2 not available',
};

export interface GameBoardProps {
  readonly start: GameStart;
  readonly onSave: (record: GameSaveRecord) => void;
  readonly onResting: (resting: boolean) => void;
  readonly onNewGame: () => void;
}

/** Keeps the sound switch and remembers it on this device. */
function useSoundSwitch() {
  const [on, setOn] = useState(readSoundOn);
  const onRef = useRef(on);
  const toggle = () => {
    const next = !onRef.current;
    onRef.current = next;
    writeSoundOn(next);
    setOn(next);
  };
  return { on, onRef, toggle };
}

/** One game on screen: the fighters, the numbers, the round's message and what the player can do. */
export function GameBoard({ start, onSave, onResting, onNewGame }: GameBoardProps) {
  const actorRef = useActorRef(gameMachine, { input: { seed: start.seed }, snapshot: start.snapshot });
  const snapshot = useSelector(actorRef, (current) => current);
  const sound = useSoundSwitch();
  const { onRef: soundOn } = sound;
  const actions = useRef<HTMLDivElement>(null);
  const stage = stageOf(snapshot);
  const { context } = snapshot;

  // Each change: its sound, and at rest, the save.
  useEffect(() => {
    const play = createSoundPlayer();
    let before: SoundMoment = { state: stageOf(actorRef.getSnapshot()), context: actorRef.getSnapshot().context };
    const subscription = actorRef.subscribe((next) => {
      const after: SoundMoment = { state: stageOf(next), context: next.context };
      const id = soundFor(before, after);
      before = after;
      if (id !== null && soundOn.current) play(id);
      const resting = next.hasTag('steady');
      onResting(resting);
      if (resting) onSave(toSaveRecord(actorRef.getPersistedSnapshot(), currentInstant().getTime()));
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [actorRef, onSave, onResting, soundOn]);

  // A new stage replaces the buttons: the keyboard's focus moves to the first of the new ones (not
  // when the page opens, which keeps its own order, but when a game replaces the last one).
  const shownStage = useRef(start.key === 0 ? stage : null);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    const area = actions.current;
    const focused = document.activeElement;
    if (area === null || (focused !== null && focused !== document.body && !area.contains(focused))) return;
    area.querySelector<HTMLElement>('button, a')?.focus();
  }, [stage]);

  const enemy = context.enemy;
  const canAttack = snapshot.can({ type: 'ATTACK' });

  return (
    <section className={styles.board} aria-labelledby="stage-title">
      <div className={styles.boardHead}>
        <h2 id="stage-title" className={styles.stageTitle}>
          {STAGE_TITLES[stage]}
        </h2>
        <Switch checked={sound.on} busy={false} disabled={false} onToggle={sound.toggle}>
          Sound
        </Switch>
      </div>

      <div className={styles.arena}>
        <figure className={styles.fighter}>
          <div key={`player-${context.health}`} className={stage === 'fight' ? styles.hit : undefined}>
            <PlayerBlob className={styles.art} />
          </div>
          <figcaption className={styles.name}>You</figcaption>
          <HealthBar label="Your health" value={context.health} max={PLAYER_MAX_HEALTH} />
        </figure>
        {enemy !== null && (
          <figure className={styles.fighter}>
            <div key={`enemy-${context.enemyHealth}`} className={context.enemyHealth < enemyMaxHealth(enemy) ? styles.hit : undefined}>
              <EnemyArt kind={enemy} className={enemy === 'boss' ? styles.bossArt : styles.art} />
            </div>
            <figcaption className={styles.name}>{enemyTitle(enemy)}</figcaption>
            <HealthBar label={`${enemyTitle(enemy)} health`} value={context.enemyHealth} max={enemyMaxHealth(enemy)} />
          </figure>
        )}
        {stage === 'farm' && (
          <figure className={styles.fighter}>
            <FarmArt className={styles.art} />
            <figcaption className={styles.name}>The farm</figcaption>
          </figure>
        )}
      </div>

      <dl className={styles.stats}>
        <div>
          <dt>Strength</dt>
          <dd>{context.strength}</dd>
        </div>
        <div>
          <dt>Defence</dt>
          <dd>{context.defence}</dd>
        </div>
        <div>
          <dt>Critter fights</dt>
          <dd>{context.critterFights}</dd>
        </div>
      </dl>

      <p className={styles.message} role="status" aria-live="polite" aria-label="What happened">
        {context.message}
      </p>

      <div ref={actions} className={styles.actions}>
        {stage === 'intro' && (
          <Button size="lg" onClick={() => actorRef.send({ type: 'START' })}>
            Face the boss
          </Button>
        )}
        {stage === 'fight' && (
          <Button size="lg" disabled={!canAttack} onClick={() => actorRef.send({ type: 'ATTACK' })}>
            Attack
          </Button>
        )}
        {stage === 'farm' && (
          <>
            <Button size="lg" onClick={() => actorRef.send({ type: 'FIGHT_CRITTER' })}>
              Fight a critter
            </Button>
            <Button size="lg" variant="secondary" onClick={() => actorRef.send({ type: 'CHALLENGE_BOSS' })}>
              Challenge the boss
            </Button>
          </>
        )}
        {stage === 'finished' && (
          <>
            <p className={styles.finished}>Part 2 is not available yet. Sign up to hear when it is out.</p>
            <ButtonLink size="lg" to={paths.signup.href()}>
              Sign up
            </ButtonLink>
            <Button size="lg" variant="secondary" onClick={onNewGame}>
              Play again
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
