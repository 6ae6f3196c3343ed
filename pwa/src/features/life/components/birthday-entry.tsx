import { Link } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { paths } from '#core/paths';
import { BirthdayForm } from './birthday-form';
import type { LifeVariant } from '../life-route';
import styles from './life-page.module.css';

export interface BirthdayEntryProps {
  readonly variant: LifeVariant;
  readonly today: CalendarDay;
  /** 'Back to Activities' leads to the dashboard, so only someone signed in is offered it. */
  readonly signedIn: boolean;
  /** Why the address that led here couldn't be charted. */
  readonly notice?: string;
}

/** /die, /life and /mortality: the question and the birthday form. */
export function BirthdayEntry({ variant, today, signedIn, notice }: BirthdayEntryProps) {
  return (
    <div className={styles.entry}>
      {variant === 'dashboard' && signedIn && (
        <Link className={styles.back} to={paths.dashboard.href()}>
          <ArrowLeft aria-hidden size={18} />
          Back to Activities
        </Link>
      )}
      {notice !== undefined && (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      )}
      <h1 className={styles.title}>How many weeks until you die?</h1>
      <BirthdayForm variant={variant} today={today} />
    </div>
  );
}
