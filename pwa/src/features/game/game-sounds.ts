import { soundAudioHref, type HumanSoundId } from '#core/human-sounds/catalogue';
import type { GameContext } from '#core/game/save';

/**
 * The game's short sounds, from the Human Sounds library (precached with the app, so they play
 * offline): which one a change of the game calls for, and a player that plays it unless muted.
 */

export interface SoundMoment {
  readonly state: 'intro' | 'fight' | 'farm' | 'finished';
  readonly context: GameContext;
}

/** The sound for going from `before` to `after`, or null when nothing worth a sound happened. */
export function soundFor(before: SoundMoment, after: SoundMoment): HumanSoundId | null {
  if (after.state === 'finished' && before.state !== 'finished') return 'strike';
  if (after.context.strength > before.context.strength || after.context.defence > before.context.defence) return 'tweet';
  if (after.state === 'farm' && before.state === 'fight') return 'deflate-low';
  if (after.context.health < before.context.health) return 'nudge';
  if (after.context.enemyHealth < before.context.enemyHealth && after.context.enemy === before.context.enemy) return 'pop';
  if (after.state === 'fight' && before.state !== 'fight') return 'wake-up';
  return null;
}

/** Plays sounds through one audio element per sound, made when first needed. */
export function createSoundPlayer(): (id: HumanSoundId) => void {
  const elements = new Map<HumanSoundId, HTMLAudioElement>();
  return (id) => {
    let audio = elements.get(id);
    if (audio === undefined) {
      audio = new Audio(soundAudioHref(id));
      elements.set(id, audio);
    }
    audio.currentTime = 0;
    // A browser that refuses to play (no user gesture yet, no audio device) leaves the game silent.
    audio.play().catch(() => undefined);
  };
}
