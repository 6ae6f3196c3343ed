import { useState } from 'react';
import { MAX_PAUSES_PER_MONTH, pauseDay, pausesLeftInMonth, unpauseDay } from '#core/practice/streaks';
import type { CalendarCell } from '#core/practice/month-calendar';
import type { CalendarDay } from '#core/dates/calendar-day';
import { Button } from '../../../components/ui/button';
import { useSaveProfile } from '../data/save-profile';
import { formatWeekdayMonthDay, plural } from '../practice-format';
import { Dialog } from '../../../components/ui/dialog';

interface PauseDayDialogProps {
  readonly cell: CalendarCell;
  readonly freezes: readonly CalendarDay[];
  readonly onClose: () => void;
}

/** Pause a missed or coming day (a streak freeze), or unpause a paused one. */
export function PauseDayDialog({ cell, freezes, onClose }: PauseDayDialogProps) {
  const save = useSaveProfile();
  const [problem, setProblem] = useState<string | null>(null);
  const day = formatWeekdayMonthDay(cell.date);
  const paused = cell.state === 'paused';
  const left = pausesLeftInMonth(freezes, cell.date);

  const apply = async () => {
    const next = paused ? { ok: true as const, freezes: unpauseDay(freezes, cell.date) } : pauseDay(freezes, cell.date);
    if (!next.ok) {
      setProblem(
        next.error === 'month-full'
          ? `This month already has ${MAX_PAUSES_PER_MONTH} paused days. Unpause one of them first.`
          : 'This day is already paused.',
      );
      return;
    }
    try {
      await save({ streakFreezes: [...next.freezes] });
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The change could not be saved.');
    }
  };

  return (
    <Dialog
      title={paused ? `Unpause ${day}?` : `Pause ${day}?`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={apply} disabled={!paused && left === 0}>
            {paused ? 'Unpause day' : 'Pause day'}
          </Button>
        </>
      }
    >
      <p>
        {paused
          ? 'The day counts as missed again, and you get the pause back for this month.'
          : 'A paused day is not counted as done, but it keeps your streak going.'}
      </p>
      {!paused && <p>{left === 0 ? 'No pauses left this month.' : `${plural(left, 'pause')} left this month.`}</p>}
      {problem !== null && <p role="alert">{problem}</p>}
    </Dialog>
  );
}
