import { formatCount, formatLongDay } from '#core/dates/calendar-day';
import type { Milestone } from '#core/life/milestones';
import { Dialog } from '../../../components/ui/dialog';
import { MilestonePortrait } from './milestone-portrait';
import { weekOfLifeText } from '../week-words';
import styles from './milestone-dialog.module.css';

export interface MilestoneDialogProps {
  readonly milestone: Milestone;
  /** Whole weeks the viewer has lived, to place the milestone in their own life. */
  readonly lived: number;
  readonly onClose: () => void;
  /** Where focus goes when the dialog closes if the element that opened it is gone. */
  readonly fallbackFocus: () => HTMLElement | null;
}

function relativeToYou(week: number, lived: number): string {
  if (week === lived) return 'You are in this week of your own life right now.';
  const distance = formatCount(Math.abs(week - lived));
  return week < lived ? `You passed this week of your life ${distance} weeks ago.` : `You reach this week of your life in ${distance} weeks.`;
}

/** A milestone over the chart, in the app's one modal dialog; Escape and Close go back through the router. */
export function MilestoneDialog({ milestone, lived, onClose, fallbackFocus }: MilestoneDialogProps) {
  return (
    <Dialog title={milestone.name} onClose={onClose} className={styles.panel} fallbackFocus={fallbackFocus}>
      <div className={styles.card}>
        <MilestonePortrait milestone={milestone} size="large" />
        <p className={styles.date}>{formatLongDay(milestone.date)}</p>
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Week of their life</dt>
            <dd>{weekOfLifeText(milestone.weekNum)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Age that week</dt>
            <dd>{milestone.age}</dd>
          </div>
          <div className={styles.wide}>
            <dt>Accomplishment</dt>
            <dd>{milestone.achievement}</dd>
          </div>
        </dl>
        <p className={styles.you}>{relativeToYou(milestone.weekNum, lived)}</p>
      </div>
    </Dialog>
  );
}
