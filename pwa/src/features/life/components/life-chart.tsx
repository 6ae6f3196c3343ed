import { useId, useLayoutEffect, useRef } from 'react';
import { formatCount } from '#core/dates/calendar-day';
import { LIFE_WEEKS, summarizeLife } from '#core/life/life-weeks';
import { MILESTONES, type Milestone } from '#core/life/milestones';
import { CHART_COLUMNS, tapReach, type TapReach } from '../chart-geometry';
import { useChartPointer } from './use-chart-pointer';
import { weekPlace as place } from '../week-words';
import styles from './life-chart.module.css';

export interface LifeChartProps {
  /** Whole weeks lived. */
  readonly lived: number;
  readonly onOpenMilestone: (milestone: Milestone) => void;
}

/**
 * Sets custom properties on an element; a ref callback, because the content security policy
 * allows no inline style attributes (properties set through the CSSOM are not affected). The
 * element is marked once they are set: a page written before the app runs has none yet, and the
 * chart's stylesheet keeps such an element hidden rather than showing it in the wrong place.
 */
function cssVars(vars: Readonly<Record<string, number>>) {
  return (element: HTMLElement | null) => {
    if (!element) return;
    for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, String(value));
    element.toggleAttribute('data-vars', true);
  };
}

/** Puts an overlay element on its week's cell, its tap area stopping short of its neighbours'. */
function placeOn(index: number, reach: TapReach) {
  const limits = Object.entries({ '--reach-up': reach.up, '--reach-down': reach.down, '--reach-left': reach.left, '--reach-right': reach.right });
  return cssVars({
    '--col': index % CHART_COLUMNS,
    '--row': Math.floor(index / CHART_COLUMNS),
    ...Object.fromEntries(limits.filter(([, cells]) => Number.isFinite(cells))),
  });
}

/** How much of the grid CSS paints as lived: whole rows, then weeks of the next row. */
function livedArea(lived: number) {
  const cells = Math.min(Math.max(lived, 0), LIFE_WEEKS);
  return cssVars({ '--lived-rows': Math.floor(cells / CHART_COLUMNS), '--lived-cols': cells % CHART_COLUMNS });
}

/** A tab stop on the chart: a milestone's week, or this week (milestone null). */
interface Stop {
  readonly week: number;
  readonly milestone: Milestone | null;
}

/** Milestones and this week in week order, so Tab walks the chart from birth onwards. */
function tabStops(lived: number): Stop[] {
  const stops: Stop[] = MILESTONES.map((m) => ({ week: m.weekNum, milestone: m }));
  if (lived < LIFE_WEEKS && !stops.some((s) => s.week === lived)) stops.push({ week: lived, milestone: null });
  return stops.sort((a, b) => a.week - b.week);
}

function StopCell({ stop, lived, reach }: { readonly stop: Stop; readonly lived: number; readonly reach: TapReach }) {
  const { week, milestone } = stop;
  if (milestone === null) {
    return <span ref={placeOn(week, reach)} className={styles.current} data-week={week} role="img" tabIndex={0} aria-label={`This week: ${place(week)}`} />;
  }
  const thisWeek = week === lived;
  return (
    <button
      ref={placeOn(week, reach)}
      type="button"
      className={thisWeek ? `${styles.milestone} ${styles.current}` : styles.milestone}
      data-week={week}
      aria-label={`${milestone.name}, ${place(week)}${thisWeek ? ', this week' : ''}: see their milestone`}
    />
  );
}

function summaryText(lived: number): string {
  const { left, beyondChart } = summarizeLife(lived);
  if (beyondChart) {
    return `You have lived all ${formatCount(LIFE_WEEKS)} weeks on this chart, and ${formatCount(lived - LIFE_WEEKS)} more.`;
  }
  return `You have lived ${formatCount(lived)} of ${formatCount(LIFE_WEEKS)} weeks; this week is ${place(lived)}. ${formatCount(left)} weeks are left.`;
}

/**
 * 4,732 weeks, painted by the chart's CSS from two numbers (see life-chart.module.css). Only the
 * milestone weeks and this week are elements (and tab stops); the rest is described by the
 * summary, so the chart is 19 stops, not 4,732.
 */
export function LifeChart({ lived, onOpenMilestone }: LifeChartProps) {
  const summaryId = useId();
  const tipRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // A User Timing mark for `npm run bench` (e2e/bench/life-chart.ts): the grid is in the document.
    performance.mark('life-chart-drawn');
  }, [lived]);
  const handlers = useChartPointer(tipRef, lived, onOpenMilestone);
  const stops = tabStops(lived);
  const weeks = stops.map((stop) => stop.week);

  return (
    <div className={styles.box}>
      <p id={summaryId} className="sr-only">
        {summaryText(lived)} Milestone weeks and this week can be reached with the Tab key.
      </p>
      <div className={styles.frame} role="group" aria-label="Your life in weeks" aria-describedby={summaryId} {...handlers}>
        <div ref={livedArea(lived)} className={styles.grid} />
        {stops.map((stop) => (
          <StopCell key={stop.week} stop={stop} lived={lived} reach={tapReach(stop.week, weeks)} />
        ))}
        <div ref={tipRef} className={styles.tip} aria-hidden="true" hidden />
      </div>
    </div>
  );
}
