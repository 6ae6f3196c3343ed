import { LIFE_WEEKS, WEEKS_PER_ROW, LIFE_YEARS } from '#core/life/life-weeks';

export const CHART_COLUMNS = WEEKS_PER_ROW;
export const CHART_ROWS = LIFE_YEARS;

/** Below this a cell stops being a square you can see; the chart then scrolls rather than blurs. */
const MIN_PITCH_PX = 4;
/** Above this (in CSS px) the chart stops growing on wide screens. */
const MAX_PITCH_CSS_PX = 11;

export interface ChartGeometry {
  /** Distance from one cell to the next, in device pixels: a whole number, so every edge is sharp. */
  readonly pitch: number;
  /** Empty space between cells, in device pixels. */
  readonly gap: number;
  readonly widthPx: number;
  readonly heightPx: number;
  /** The same size in CSS pixels, for the element box. */
  readonly cssWidth: number;
  readonly cssHeight: number;
}

/**
 * Fits 52 columns into `availableCss` CSS pixels. The pitch is rounded down to whole device
 * pixels: a fractional pitch would smear every other cell edge across two pixels.
 */
export function chartGeometry(availableCss: number, devicePixelRatio: number): ChartGeometry {
  const dpr = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const widest = Math.min(availableCss, MAX_PITCH_CSS_PX * CHART_COLUMNS) * dpr;
  const pitch = Math.max(MIN_PITCH_PX, Math.floor(widest / CHART_COLUMNS));
  const gap = Math.max(1, Math.round(pitch * 0.2));
  const widthPx = pitch * CHART_COLUMNS;
  const heightPx = pitch * CHART_ROWS;
  return { pitch, gap, widthPx, heightPx, cssWidth: widthPx / dpr, cssHeight: heightPx / dpr };
}

/** The week index under a point, given in CSS pixels from the chart's top-left corner; -1 off the chart. */
export function weekAtPoint(x: number, y: number, cssWidth: number, cssHeight: number): number {
  if (x < 0 || y < 0 || x >= cssWidth || y >= cssHeight || cssWidth <= 0 || cssHeight <= 0) return -1;
  const column = Math.floor((x / cssWidth) * CHART_COLUMNS);
  const row = Math.floor((y / cssHeight) * CHART_ROWS);
  const index = row * CHART_COLUMNS + column;
  return index < LIFE_WEEKS ? index : -1;
}
