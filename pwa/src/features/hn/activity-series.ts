import type { StorySample } from '#core/schemas/hn';
import { counted, formatAsOf } from './hn-format';

/**
 * Pro's chart of a post's score and comment count over time, as numbers: where each line runs in
 * its drawing box, and the same story in words for anyone who cannot see the lines.
 */

export interface Box {
  readonly width: number;
  readonly height: number;
  /** Room kept free at the top and bottom, so a line at its highest or lowest is not cut. */
  readonly pad: number;
}

export type Figure = 'score' | 'commentCount';

export interface Line {
  /** An SVG path (`M x y L x y …`); a single point is a dot drawn as a zero-length line. */
  readonly path: string;
  readonly lowest: number;
  readonly highest: number;
  readonly last: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * One figure of the samples (oldest first) across the box: time runs left to right from the first
 * sample to the last, the figure bottom to top from its lowest to its highest value (a flat line
 * sits in the middle). Null when there is nothing to draw.
 */
export function lineOf(samples: readonly StorySample[], figure: Figure, box: Box): Line | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (first === undefined || last === undefined) return null;
  const start = Date.parse(first.at);
  const span = Date.parse(last.at) - start;
  const values = samples.map((sample) => sample[figure]);
  const lowest = Math.min(...values);
  const highest = Math.max(...values);
  const tall = box.height - 2 * box.pad;
  const x = (at: string) => (span <= 0 ? box.width / 2 : ((Date.parse(at) - start) / span) * box.width);
  const y = (value: number) => (highest === lowest ? box.height / 2 : box.pad + tall - ((value - lowest) / (highest - lowest)) * tall);
  const points = samples.map((sample) => `${String(round(x(sample.at)))} ${String(round(y(sample[figure])))}`);
  const path = points.length === 1 ? `M${points[0] ?? ''} L${points[0] ?? ''}` : `M${points.join(' L')}`;
  return { path, lowest, highest, last: last[figure] };
}

function change(name: string, from: number, to: number, unit: string): string {
  if (from === to) return `${name} stayed at ${counted(to, unit)}`;
  return `${name} went from ${counted(from, unit)} to ${counted(to, unit)}`;
}

/** The chart in one sentence: from the first point to the last, and over how many checks. */
export function activitySummary(samples: readonly StorySample[], now: Date): string {
  const first = samples[0];
  const last = samples.at(-1);
  if (first === undefined || last === undefined) return 'No points yet: the first comes with the next check of the post.';
  const when = (at: string) => formatAsOf(new Date(at), now);
  if (samples.length === 1) {
    return `${counted(first.score, 'point')} and ${counted(first.commentCount, 'comment')} at ${when(first.at)}. The lines start with the next check.`;
  }
  return (
    `${change('Score', first.score, last.score, 'point')} and ${change('comments', first.commentCount, last.commentCount, 'comment')}, ` +
    `between ${when(first.at)} and ${when(last.at)} (${counted(samples.length, 'check')}).`
  );
}
