import { LIFE_WEEKS } from '#core/life/life-weeks';
import { CHART_COLUMNS, type ChartGeometry } from './chart-geometry';

export interface ChartColors {
  readonly lived: string;
  readonly future: string;
  readonly current: string;
  readonly milestone: string;
}

/** Reads the chart colours from CSS custom properties, so dark mode and the tokens stay in CSS. */
export function readChartColors(element: Element): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    lived: read('--life-lived', '#4a5263'),
    future: read('--life-future', '#d5dbe6'),
    current: read('--life-current', '#1f5bd6'),
    milestone: read('--life-milestone', '#b45309'),
  };
}

/** One cell and its gap, repeated: a single fillRect then paints any run of whole weeks. */
function cellPattern(ctx: CanvasRenderingContext2D, g: ChartGeometry, color: string): CanvasPattern | string {
  const tile = document.createElement('canvas');
  tile.width = g.pitch;
  tile.height = g.pitch;
  const tileCtx = tile.getContext('2d');
  if (!tileCtx) return color;
  tileCtx.fillStyle = color;
  tileCtx.fillRect(0, 0, g.pitch - g.gap, g.pitch - g.gap);
  return ctx.createPattern(tile, 'repeat') ?? color;
}

/** Fills the weeks [from, to) in reading order: the rest of a row, whole rows, then the start of a row. */
function fillWeeks(ctx: CanvasRenderingContext2D, g: ChartGeometry, from: number, to: number): void {
  const row = (i: number) => Math.floor(i / CHART_COLUMNS);
  const col = (i: number) => i % CHART_COLUMNS;
  if (to <= from) return;
  if (row(from) === row(to - 1)) {
    ctx.fillRect(col(from) * g.pitch, row(from) * g.pitch, (to - from) * g.pitch, g.pitch);
    return;
  }
  ctx.fillRect(col(from) * g.pitch, row(from) * g.pitch, g.widthPx - col(from) * g.pitch, g.pitch);
  const fullStart = row(from) + 1;
  const fullEnd = row(to);
  ctx.fillRect(0, fullStart * g.pitch, g.widthPx, (fullEnd - fullStart) * g.pitch);
  ctx.fillRect(0, fullEnd * g.pitch, col(to) * g.pitch, g.pitch);
}

/**
 * Paints all 4,732 weeks with a handful of pattern fills instead of 4,732 rectangles, then
 * the current week and the milestones on top.
 */
export function drawChart(
  ctx: CanvasRenderingContext2D,
  g: ChartGeometry,
  lived: number,
  milestoneWeeks: Iterable<number>,
  colors: ChartColors,
): void {
  const livedCells = Math.min(Math.max(lived, 0), LIFE_WEEKS);
  const size = g.pitch - g.gap;
  const x = (i: number) => (i % CHART_COLUMNS) * g.pitch;
  const y = (i: number) => Math.floor(i / CHART_COLUMNS) * g.pitch;
  ctx.clearRect(0, 0, g.widthPx, g.heightPx);

  ctx.fillStyle = cellPattern(ctx, g, colors.lived);
  fillWeeks(ctx, g, 0, livedCells);
  ctx.fillStyle = cellPattern(ctx, g, colors.future);
  fillWeeks(ctx, g, livedCells, LIFE_WEEKS);

  // Milestones are round as well as coloured, so they stand out without relying on colour.
  const radius = size / 2;
  ctx.fillStyle = colors.milestone;
  for (const week of milestoneWeeks) {
    if (week === livedCells) continue;
    ctx.clearRect(x(week), y(week), size, size);
    ctx.beginPath();
    ctx.arc(x(week) + radius, y(week) + radius, radius, 0, Math.PI * 2);
    ctx.fill();
  }

  if (livedCells < LIFE_WEEKS) {
    ctx.fillStyle = colors.current;
    ctx.fillRect(x(livedCells), y(livedCells), size, size);
  }
  // A User Timing mark for `npm run bench` (e2e/bench/life-chart.ts): the grid is on the canvas.
  performance.mark('life-chart-drawn');
}
