import type { CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import { JOURNAL_TEXT_FIELDS, type JournalTextField } from '#core/schemas/records';
import { useSyncStatus } from '../../../sync/use-sync-status';
import { useExerciseVersions } from '../data/get-exercise-versions';
import styles from './journal.module.css';

const FIELD_NAMES: Record<JournalTextField, string> = { gratitudeOne: 'One', gratitudeTwo: 'Two', gratitudeThree: 'Three' };

/**
 * Texts another device wrote for the same day and field that lost to the current ones: the
 * server keeps them, so nothing typed anywhere is lost. Asked for online only.
 */
export function KeptVersions({ day, entry }: { readonly day: CalendarDay; readonly entry: JournalEntry }) {
  const { status } = useSyncStatus();
  // Asked again once the texts on screen have reached the server: a text of this device's that
  // won there sets the other device's aside only then, so asking earlier would miss it.
  const waiting = 'pending' in status && status.pending > 0;
  const state = useExerciseVersions(day, waiting ? null : JOURNAL_TEXT_FIELDS.map((field) => entry[field]).join('\u0000'));
  if (state.status === 'offline') {
    return <p className={styles.versionsNote}>Earlier versions from other devices are unavailable offline.</p>;
  }
  if (state.status === 'failed') {
    return <p className={styles.versionsNote}>Earlier versions from other devices could not be loaded. Try again later.</p>;
  }
  if (state.status === 'loading') return null;
  const kept = JOURNAL_TEXT_FIELDS.flatMap((field) =>
    state.fields[field].map((version) => ({ field, key: `${field}-${version.node}-${version.hlc}`, text: version.text })),
  );
  if (kept.length === 0) return null;
  return (
    <section className={styles.versions} aria-labelledby={`versions-${day}`}>
      <h2 id={`versions-${day}`} className={styles.versionsTitle}>
        Earlier versions from other devices
      </h2>
      <ul className={styles.versionList}>
        {kept.map(({ field, key, text }) => (
          <li key={key} className={styles.version}>
            <p className={styles.versionLabel}>Earlier version from another device ({FIELD_NAMES[field]})</p>
            <p className={styles.versionText}>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
