import type { ReactNode } from 'react';
import { Hourglass, NotebookPen } from 'lucide-react';
import { formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import type { ProfileFields } from '#core/schemas/records';
import { ActivityCard } from './activity-card';
import { StreakCalendar } from './streak-calendar';
import { freezesOf } from './use-streak-calendar';
import { UpgradeBanner } from './upgrade-prompts';
import styles from './dashboard-home.module.css';

export interface DashboardHomeProps {
  readonly today: CalendarDay;
  readonly entry: JournalEntry | undefined;
  readonly journal: readonly JournalEntry[];
  readonly profile: ProfileFields;
  readonly isPaid: boolean;
  readonly onStartMortality: () => Promise<void>;
  readonly onOpenGratitude: () => void;
  readonly onUpgrade: () => void;
  /** An upgrade under way, shown instead of the upgrade banner. */
  readonly upgradeStatus: ReactNode;
}

/** The dashboard view: today's date, today's two activities, the streaks. */
export function DashboardHome(props: DashboardHomeProps) {
  const { today, entry, isPaid } = props;
  return (
    <div className={styles.home}>
      <header>
        <p className={styles.eyebrow}>Today</p>
        <h1 className={styles.date}>{formatLongDay(today)}</h1>
      </header>
      {props.upgradeStatus ?? <UpgradeBanner isPaid={isPaid} onUpgrade={props.onUpgrade} />}
      <section aria-labelledby="activities-title">
        <h2 id="activities-title" className={styles.sectionTitle}>
          Today's Activities
        </h2>
        <ul className={styles.activities}>
          <ActivityCard
            title="Weeks Left to Live"
            subtitle="Contemplate your mortality"
            icon={<Hourglass aria-hidden="true" />}
            done={entry?.mortality ?? false}
            doneLabel="View Again"
            onStart={props.onStartMortality}
          />
          <ActivityCard
            title="Gratitude Journal"
            subtitle="List Three Things You Appreciated Today"
            icon={<NotebookPen aria-hidden="true" />}
            done={entry?.gratitude ?? false}
            doneLabel="Edit Log"
            onStart={props.onOpenGratitude}
          />
        </ul>
      </section>
      <StreakCalendar today={today} journal={props.journal} freezes={freezesOf(props.profile)} doneRule={props.profile.doneRule} />
    </div>
  );
}
