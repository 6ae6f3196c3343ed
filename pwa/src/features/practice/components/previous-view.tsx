import { ArrowLeft, ArrowRight } from 'lucide-react';
import { formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import { isBlank, type JournalEntry } from '#core/practice/journal-entry';
import { browse, browseView, pastDays, TODAY_VIEW, type BrowseAction, type BrowseState } from '#core/practice/previous-entries';
import { JOURNAL_TEXT_FIELDS } from '#core/schemas/records';
import { KeptVersions } from './kept-versions';
import { PastKeptWords } from './past-kept-words';
import styles from './journal.module.css';

const LABELS = ['One', 'Two', 'Three'] as const;

export interface PreviousViewProps {
  readonly today: CalendarDay;
  /** The day in the address; null opens on the latest day with text. */
  readonly date: CalendarDay | null;
  readonly journal: readonly JournalEntry[];
  readonly onNavigate: (state: BrowseState) => void;
}

/** Past entries one day at a time, with the specification's arrows (see core previous-entries). */
export function PreviousView({ today, date, journal, onNavigate }: PreviousViewProps) {
  const past = pastDays(journal, today);
  const state: BrowseState = date === null ? browse(TODAY_VIEW, 'left', past) : { view: 'previous', date };
  const view = browseView(state, past);
  const entry = journal.find((candidate) => candidate.date === view.date);
  const step = (action: BrowseAction) => onNavigate(browse(state, action, past));

  return (
    <div className={styles.view}>
      <header className={styles.head}>
        <button type="button" className={styles.arrow} onClick={() => step('left')} disabled={!view.canLeft}>
          <ArrowLeft aria-hidden="true" size={20} />
          <span className="sr-only">Earlier entry</span>
        </button>
        <div className={styles.headText}>
          <p className={styles.eyebrow}>
            {view.index === null ? 'No past entries' : `Entry ${view.index + 1} of ${view.count}`}
          </p>
          <h1 className={styles.title}>{view.date === null ? 'Previous entries' : formatLongDay(view.date)}</h1>
        </div>
        <button type="button" className={styles.arrow} onClick={() => step('right')}>
          <ArrowRight aria-hidden="true" size={20} />
          <span className="sr-only">{view.index !== null && view.index + 1 === view.count ? "Today's entry" : 'Later entry'}</span>
        </button>
      </header>
      {entry === undefined ? (
        <p className={styles.lead}>There are no past entries yet. Come back tomorrow to see today's.</p>
      ) : (
        <>
          <ol className={styles.entryList}>
            {JOURNAL_TEXT_FIELDS.map((field, i) => (
              <li key={field} className={styles.entryItem}>
                <p className={styles.label}>{LABELS[i]}</p>
                <p className={isBlank(entry[field]) ? styles.blank : styles.entryText}>
                  {isBlank(entry[field]) ? 'Nothing written' : entry[field]}
                </p>
                <PastKeptWords entry={entry} field={field} />
              </li>
            ))}
          </ol>
          <p className={styles.marks}>
            Weeks Left to Live: {entry.mortality ? 'done' : 'not done'} · Gratitude Journal: {entry.gratitude ? 'done' : 'not done'}
          </p>
          <KeptVersions key={entry.date} day={entry.date} entry={entry} />
        </>
      )}
    </div>
  );
}
