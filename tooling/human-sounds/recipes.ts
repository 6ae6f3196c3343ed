/**
 * One recipe per sound of the catalogue, keyed by its id: the typed record makes a missing or
 * extra recipe a compile error, and `renderSound` is the one path from a recipe to the PCM that
 * is hashed, encoded and tested.
 */
import type { HumanSoundId } from '#core/human-sounds/catalogue';
import { finish, samplesFor } from './dsp.ts';
import { DEFLATE_HIGH, DEFLATE_LOW, PISHOO_SECONDS, POP_SECONDS, TICK_SECONDS, deflate, pishoo, pop, tick } from './recipes-breath.ts';
import {
  NUDGE_SECONDS,
  STRIKE_SECONDS,
  TWEET_SECONDS,
  WAKE_UP_SECONDS,
  WIND_DOWN_SECONDS,
  nudge,
  strike,
  tweet,
  wakeUp,
  windDown,
} from './recipes-tonal.ts';

export interface Recipe {
  readonly seconds: number;
  readonly render: () => Float64Array;
}

export const RECIPES: Readonly<Record<HumanSoundId, Recipe>> = {
  'wind-down': { seconds: WIND_DOWN_SECONDS, render: windDown },
  pop: { seconds: POP_SECONDS, render: pop },
  tick: { seconds: TICK_SECONDS, render: tick },
  nudge: { seconds: NUDGE_SECONDS, render: nudge },
  tweet: { seconds: TWEET_SECONDS, render: tweet },
  'deflate-high': { seconds: DEFLATE_HIGH.seconds, render: () => deflate(DEFLATE_HIGH) },
  strike: { seconds: STRIKE_SECONDS, render: strike },
  'deflate-low': { seconds: DEFLATE_LOW.seconds, render: () => deflate(DEFLATE_LOW) },
  pishoo: { seconds: PISHOO_SECONDS, render: pishoo },
  'wake-up': { seconds: WAKE_UP_SECONDS, render: wakeUp },
};

/** A sound's final 16-bit PCM at 44.1 kHz, mono: the recipe, faded at the edges and normalised. */
export function renderSound(id: HumanSoundId): Int16Array {
  const recipe = RECIPES[id];
  const mix = recipe.render();
  if (mix.length !== samplesFor(recipe.seconds)) {
    throw new Error(`the recipe for ${id} made ${mix.length} samples, not ${samplesFor(recipe.seconds)}`);
  }
  return finish(mix);
}
