import { Link } from 'react-router-dom';
import type { CalendarDay } from '#core/dates/calendar-day';
import { defaultTargetDay } from '#core/dates/presets';
import type { TargetUnit } from '#core/dates/target';
import { PublicPage } from '../../../components/layout/public-page';
import { CALCULATOR_UNITS } from '../units';
import { DateEntryForm } from './date-entry-form';
import { PresetLinks } from './preset-links';
import styles from './calculator-page.module.css';

export interface UntilEntryPageProps {
  readonly unit: TargetUnit;
  readonly today: CalendarDay;
}

/** /weeksuntil and /daysuntil: pick a date, or one of the named days. */
export function UntilEntryPage({ unit, today }: UntilEntryPageProps) {
  const calculator = CALCULATOR_UNITS[unit];
  const other = CALCULATOR_UNITS[unit === 'weeks' ? 'days' : 'weeks'];
  const initialDay = defaultTargetDay(today);

  return (
    <PublicPage
      nav="tools"
      title={calculator.name}
      description={`How many ${calculator.plural} until a day that matters? Pick a date and see, even offline.`}
    >
      <div className={styles.page}>
        <header className={styles.intro}>
          <h1 className={styles.title}>{calculator.name}</h1>
          <p className={styles.lead}>
            How many {calculator.plural} until a day that matters? Pick a date, or one of the days below.
          </p>
        </header>
        <div className={styles.card}>
          {/* A new day brings a new default, so the field starts over when today changes. */}
          <DateEntryForm
            key={initialDay}
            calculator={calculator}
            today={today}
            initialDay={initialDay}
            label={`Count the ${calculator.plural} until`}
          />
        </div>
        <PresetLinks calculator={calculator} today={today} heading="Or count to" />
        <ul className={styles.links} role="list">
          <li>
            <Link to={other.entryHref()}>Count in {other.plural} instead</Link>
          </li>
        </ul>
      </div>
    </PublicPage>
  );
}
