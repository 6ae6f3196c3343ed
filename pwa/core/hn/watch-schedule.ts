/**
 * How often the server looks at a tracked post again. A launch gets most of its comments in its
 * first hours, when an answer matters most; a week later little moves. So the checks come every
 * two minutes at first and ever more rarely after, and end a month after the post: by then the
 * thread is as good as closed, and the site's item stays readable on the page itself.
 *
 * Ages and intervals are in milliseconds; "now" and the post's time are passed in.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface WatchStage {
  /** The stage lasts while the post is younger than this. */
  readonly untilAgeMs: number;
  /** The time between two checks during the stage. */
  readonly everyMs: number;
}

export const WATCH_STAGES: readonly WatchStage[] = [
  { untilAgeMs: 2 * HOUR, everyMs: 2 * MINUTE },
  { untilAgeMs: DAY, everyMs: 10 * MINUTE },
  { untilAgeMs: 7 * DAY, everyMs: HOUR },
  { untilAgeMs: 30 * DAY, everyMs: DAY },
];

/** Past this age a post is no longer checked (nor sampled). */
export const WATCH_ENDS_AT_AGE_MS = 30 * DAY;

/**
 * The time between checks for a post `ageMs` old; null once it is past watching. A post time in
 * the future (a clock ahead of ours) counts as just posted.
 */
export function checkIntervalMs(ageMs: number): number | null {
  const age = Math.max(0, ageMs);
  return WATCH_STAGES.find((stage) => age < stage.untilAgeMs)?.everyMs ?? null;
}

/** When to check a post posted at `postedAt` next, after a check at `now`; null: never again. */
export function nextCheckAt(postedAt: number, now: number): number | null {
  const every = checkIntervalMs(now - postedAt);
  return every === null ? null : now + every;
}

/**
 * The least time between two samples of a post's score and comment count: a little under the
 * check interval, so each scheduled check records one even when it runs a bit early, while page
 * views in between add none. Where the checks slow down, the interval of the stage before holds for
 * one more step, so the first check of the slower stage records its point too. Null once the post
 * is past watching: no more samples. Keeping to it bounds the samples of one post (`mostSamples`).
 */
export function sampleGapMs(postedAt: number, now: number): number | null {
  const age = now - postedAt;
  const every = checkIntervalMs(age);
  if (every === null) return null;
  return gapOf(checkIntervalMs(age - every) ?? every);
}

const gapOf = (everyMs: number) => Math.floor(everyMs * 0.9);

/**
 * The most samples one post can gather when each keeps `sampleGapMs` from the one before: within
 * a stage they stand at least its gap apart, except in its first interval, where the stage
 * before's gap applies.
 */
export function mostSamples(): number {
  let total = 0;
  let from = 0;
  let previousGap: number | null = null;
  for (const stage of WATCH_STAGES) {
    const gap = gapOf(stage.everyMs);
    total += Math.floor((stage.untilAgeMs - from) / gap) + 1;
    if (previousGap !== null) total += Math.floor(stage.everyMs / previousGap) + 1;
    previousGap = gap;
    from = stage.untilAgeMs;
  }
  return total;
}
