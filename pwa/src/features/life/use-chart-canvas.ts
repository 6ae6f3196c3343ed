import { useLayoutEffect, type RefObject } from 'react';
import { MILESTONES } from '#core/life/milestones';
import { chartGeometry, type ChartGeometry } from './chart-geometry';
import { drawChart, readChartColors } from './draw-chart';

const MILESTONE_WEEKS: ReadonlySet<number> = new Set(MILESTONES.map((m) => m.weekNum));

function sameSize(a: ChartGeometry | null, b: ChartGeometry): boolean {
  return a !== null && a.widthPx === b.widthPx && a.heightPx === b.heightPx;
}

/**
 * Sizes the canvas to its box in whole device pixels and paints the weeks before the first
 * paint (a layout effect), then again only when the width or the colour scheme changes.
 */
export function useChartCanvas(
  frameRef: RefObject<HTMLDivElement | null>,
  canvasRef: RefObject<HTMLCanvasElement | null>,
  lived: number,
): void {
  useLayoutEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    const box = frame?.parentElement;
    if (!frame || !canvas || !box) return;
    let drawn: ChartGeometry | null = null;

    const paint = (force: boolean) => {
      const geometry = chartGeometry(box.clientWidth, window.devicePixelRatio);
      if (!force && sameSize(drawn, geometry)) return;
      drawn = geometry;
      canvas.width = geometry.widthPx;
      canvas.height = geometry.heightPx;
      frame.style.setProperty('--chart-width', `${String(geometry.cssWidth)}px`);
      frame.style.setProperty('--chart-height', `${String(geometry.cssHeight)}px`);
      const ctx = canvas.getContext('2d');
      if (ctx) drawChart(ctx, geometry, lived, MILESTONE_WEEKS, readChartColors(frame));
    };
    paint(true);

    const onResize = () => paint(false);
    const onScheme = () => paint(true);
    window.addEventListener('resize', onResize);
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', onScheme);
    return () => {
      window.removeEventListener('resize', onResize);
      scheme.removeEventListener('change', onScheme);
    };
  }, [frameRef, canvasRef, lived]);
}
