import type { SaveReading } from '#core/game/save';
import { gameMachine, type GameSnapshot } from './game.machine';

/** Where a game begins: a new game from a seed, or a saved one continued; with what to tell the player. */
export interface GameStart {
  /** Changes whenever a different game takes over the screen. */
  readonly key: number;
  readonly seed: number;
  readonly snapshot: GameSnapshot | undefined;
  readonly notice: string | null;
}

export const NOTICES = {
  continued: 'Welcome back: your game continues where you left it.',
  fromOtherDevice: 'Your game continues from where you left it on another device.',
  outdated: 'Your saved game was made by an older version of the game, so a new game has started.',
  damaged: 'Your saved game could not be read, so a new game has started.',
} as const;

/** A seed for a new game. */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

/** The machine's own snapshot of a checked save, or null when the machine cannot take it. */
export function resumedSnapshot(reading: Extract<SaveReading, { kind: 'ok' }>): GameSnapshot | null {
  const [parent = '', child] = reading.state.split('.');
  try {
    const snapshot = gameMachine.resolveState({
      value: child === undefined ? parent : { [parent]: child },
      context: reading.snapshot.context,
    });
    return snapshot.hasTag('steady') ? snapshot : null;
  } catch {
    return null;
  }
}

/** The game to show for a save reading; `continued` is what to say when a saved game goes on. */
export function startFrom(reading: SaveReading, key: number, seed: number, continued: string): GameStart {
  const fresh = (notice: string | null): GameStart => ({ key, seed, snapshot: undefined, notice });
  switch (reading.kind) {
    case 'none':
      return fresh(null);
    case 'outdated':
      return fresh(NOTICES.outdated);
    case 'damaged':
      return fresh(NOTICES.damaged);
    case 'ok': {
      const snapshot = resumedSnapshot(reading);
      if (snapshot === null) return fresh(NOTICES.damaged);
      return { key, seed, snapshot, notice: snapshot.matches('intro') ? null : continued };
    }
  }
}
