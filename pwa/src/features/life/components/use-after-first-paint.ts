import { startTransition, useEffect, useState } from 'react';

/**
 * False while the page's first frame is built, true straight after it is painted. The chart
 * page renders what is below the grid only then, so the grid reaches the screen first and the
 * first frame carries less to render and lay out. That later render is a transition: React
 * builds it a few milliseconds at a time, so a tap on the chart meanwhile is answered at once
 * (as an ordinary update it ran as one task of 150-180 ms on this machine, four times that
 * under Lighthouse's mobile CPU slowdown).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame callback runs just before the paint; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        startTransition(() => setPainted(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
