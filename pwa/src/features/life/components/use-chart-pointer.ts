import { useRef, type FocusEvent, type MouseEvent, type PointerEvent, type RefObject } from 'react';
import { milestoneAtWeek, type Milestone } from '#core/life/milestones';
import { CHART_COLUMNS, weekAtPoint } from '../chart-geometry';
import { weekPlace } from '../week-words';

/** "Year N, week M", with who or what is in that week. */
export function cellTitle(index: number, lived: number): string {
  const milestone = milestoneAtWeek(index);
  const where = weekPlace(index);
  const place = `${where.charAt(0).toUpperCase()}${where.slice(1)}`;
  if (milestone) return `${place} · ${milestone.name}`;
  return index === lived ? `${place} · this week` : place;
}

// Near the edges the tip hangs inwards so it never leaves the screen on a phone.
function alignment(column: number): string {
  if (column < 8) return 'start';
  return column >= CHART_COLUMNS - 8 ? 'end' : 'center';
}

function weekFromTarget(target: EventTarget): number | null {
  const cell = target instanceof Element ? target.closest<HTMLElement>('[data-week]') : null;
  return cell ? Number(cell.dataset.week) : null;
}

function weekFromPointer(event: MouseEvent<HTMLElement>): number {
  const rect = event.currentTarget.getBoundingClientRect();
  return weekAtPoint(event.clientX - rect.left, event.clientY - rect.top, rect.width, rect.height);
}

/**
 * One delegated handler set for the whole chart. Hovering writes straight to the single tooltip
 * element (its text and two custom properties): nothing in React re-renders while the pointer moves.
 */
export function useChartPointer(
  tipRef: RefObject<HTMLDivElement | null>,
  lived: number,
  onOpen: (milestone: Milestone) => void,
) {
  const shown = useRef(-1);

  const show = (index: number) => {
    const tip = tipRef.current;
    if (!tip || index === shown.current) return;
    shown.current = index;
    if (index < 0) {
      tip.hidden = true;
      return;
    }
    tip.textContent = cellTitle(index, lived);
    tip.style.setProperty('--col', String(index % CHART_COLUMNS));
    tip.style.setProperty('--row', String(Math.floor(index / CHART_COLUMNS)));
    tip.dataset.align = alignment(index % CHART_COLUMNS);
    tip.hidden = false;
  };

  return {
    // Over a milestone's or this week's hit area (wider than its week), the label names that week.
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => show(weekFromTarget(event.target) ?? weekFromPointer(event)),
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => show(weekFromTarget(event.target) ?? weekFromPointer(event)),
    onPointerLeave: () => show(-1),
    onFocus: (event: FocusEvent<HTMLDivElement>) => show(weekFromTarget(event.target) ?? -1),
    onBlur: () => show(-1),
    // Keyboard activation arrives as a click on the focused cell; a pointer click is placed by position.
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      const index = weekFromTarget(event.target) ?? weekFromPointer(event);
      const milestone = milestoneAtWeek(index);
      if (milestone) onOpen(milestone);
    },
  };
}
