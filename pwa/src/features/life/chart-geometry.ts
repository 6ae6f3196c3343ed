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
