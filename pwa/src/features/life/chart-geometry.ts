import { LIFE_WEEKS, WEEKS_PER_ROW, LIFE_YEARS } from '#core/life/life-weeks';

export const CHART_COLUMNS = WEEKS_PER_ROW;
export const CHART_ROWS = LIFE_YEARS;

/** The week index under a point, given in CSS pixels from the chart's top-left corner; -1 off the chart. */
export function weekAtPoint(x: number, y: number, cssWidth: number, cssHeight: number): number {
  if (x < 0 || y < 0 || x >= cssWidth || y >= cssHeight || cssWidth <= 0 || cssHeight <= 0) return -1;
  const column = Math.floor((x / cssWidth) * CHART_COLUMNS);
  const row = Math.floor((y / cssHeight) * CHART_ROWS);
  const index = row * CHART_COLUMNS + column;
  return index < LIFE_WEEKS ? index : -1;
}

/** How far a week's tap area may reach each way, in weeks from its centre; Infinity where nothing is near. */
export interface TapReach {
  readonly up: number;
  readonly down: number;
  readonly left: number;
  readonly right: number;
}

/** Weeks within this many cells of each other can have overlapping 24 px tap areas (the pitch is at least 4 px). */
const NEAR_CELLS = 6;

/**
 * Each tappable week gets a square tap area centred on it; where two would overlap, each stops
 * half-way between them along the axis on which they lie farther apart, so no two areas overlap
 * and a tap between them goes to the closer week. The CSS caps each reach at 12 px.
 */
export function tapReach(index: number, others: readonly number[]): TapReach {
  let up = Infinity;
  let down = Infinity;
  let left = Infinity;
  let right = Infinity;
  const column = index % CHART_COLUMNS;
  const row = Math.floor(index / CHART_COLUMNS);
  for (const other of others) {
    if (other === index) continue;
    const dx = (other % CHART_COLUMNS) - column;
    const dy = Math.floor(other / CHART_COLUMNS) - row;
    if (Math.max(Math.abs(dx), Math.abs(dy)) > NEAR_CELLS) continue;
    if (Math.abs(dy) >= Math.abs(dx)) {
      if (dy > 0) down = Math.min(down, dy / 2);
      else up = Math.min(up, -dy / 2);
    } else if (dx > 0) {
      right = Math.min(right, dx / 2);
    } else {
      left = Math.min(left, -dx / 2);
    }
  }
  return { up, down, left, right };
}
