import { useId, useRef } from 'react';
import { formatCount } from '#core/dates/calendar-day';
import { LIFE_WEEKS, cellPosition, summarizeLife } from '#core/life/life-weeks';
import { MILESTONES, type Milestone } from '#core/life/milestones';
import { CHART_COLUMNS } from './chart-geometry';
import { useChartCanvas } from './use-chart-canvas';
import { useChartPointer } from './use-chart-pointer';
import styles from './life-chart.module.css';

export interface LifeChartProps {
  /** Whole weeks lived. */
  readonly lived: number;
  readonly onOpenMilestone: (milestone: Milestone) => void;
}

/** Puts an overlay element on its week's cell; a ref callback, because inline styles are not allowed. */
function placeOn(index: number) {
  return (element: HTMLElement | null) => {
    element?.style.setProperty('--col', String(index % CHART_COLUMNS));
    element?.style.setProperty('--row', String(Math.floor(index / CHART_COLUMNS)));
  };
}

function place(index: number): string {
  const { year, week } = cellPosition(index);
  return `year ${String(year)}, week ${String(week)}`;
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

function StopCell({ stop, lived }: { readonly stop: Stop; readonly lived: number }) {
  const { week, milestone } = stop;
  if (milestone === null) {
    return <span ref={placeOn(week)} className={styles.current} data-week={week} role="img" tabIndex={0} aria-label={`This week: ${place(week)}`} />;
  }
  const now = week === lived ? ', this week' : '';
  return (
    <button
      ref={placeOn(week)}
      type="button"
      className={styles.milestone}
      data-week={week}
      aria-label={`${milestone.name}, ${place(week)}${now}: see their milestone`}
    />
  );
}

function summaryText(lived: number): string {
  const { left, onWeek, beyondChart } = summarizeLife(lived);
  if (beyondChart) {
    return `You have lived all ${formatCount(LIFE_WEEKS)} weeks on this chart, and ${formatCount(lived - LIFE_WEEKS)} more.`;
  }
  return `You have lived ${formatCount(lived)} of ${formatCount(LIFE_WEEKS)} weeks and are on week ${formatCount(onWeek)}, ${place(lived)}. ${formatCount(left)} weeks are left.`;
}

/**
 * 4,732 weeks painted on one canvas. Only the milestone weeks and this week are elements (and
 * tab stops); the rest is described by the summary, so the chart is 19 stops, not 4,732.
 */
export function LifeChart({ lived, onOpenMilestone }: LifeChartProps) {
  const summaryId = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const tipRef = useRef<HTMLDivElement>(null);
  useChartCanvas(frameRef, canvasRef, lived);
  const handlers = useChartPointer(tipRef, lived, onOpenMilestone);

  return (
    <div className={styles.box}>
      <p id={summaryId} className="sr-only">
        {summaryText(lived)} Milestone weeks and this week can be reached with the Tab key.
      </p>
      <div ref={frameRef} className={styles.frame} role="group" aria-label="Your life in weeks" aria-describedby={summaryId} {...handlers}>
        <canvas ref={canvasRef} className={styles.canvas} aria-hidden="true" />
        {tabStops(lived).map((stop) => (
          <StopCell key={stop.week} stop={stop} lived={lived} />
        ))}
        <div ref={tipRef} className={styles.tip} aria-hidden="true" hidden />
      </div>
    </div>
  );
}
