import { Download } from 'lucide-react';
import type { CalendarDay } from '#core/dates/calendar-day';
import { Button } from '../../../components/ui/button';
import { currentInstant } from '../../../lib/clock';
import { useJournal } from '../data/use-journal';
import { downloadFile } from '../download-file';
import { EXPORT_FORMATS, EXPORT_LABELS, journalFile } from '../journal-files';
import styles from '../../../components/ui/panel.module.css';

/** Export: the whole journal as JSON (to import again), CSV or Markdown; made on the device. */
export function JournalExport({ today }: { readonly today: CalendarDay }) {
  const journal = useJournal();
  return (
    <section className={styles.group} aria-labelledby="export-title">
      <h2 id="export-title" className={styles.groupTitle}>
        Export your journal
      </h2>
      <p className={styles.text}>Download every day's entries. Works offline too.</p>
      <div className={styles.buttons}>
        {EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            variant="secondary"
            icon={<Download aria-hidden="true" size={18} />}
            disabled={journal === undefined}
            onClick={() => {
              if (journal === undefined) return;
              const file = journalFile(format, journal, today, currentInstant().getTime());
              downloadFile(file.name, file.type, file.content);
            }}
          >
            <span className="sr-only">Export as </span>
            {EXPORT_LABELS[format]}
          </Button>
        ))}
      </div>
    </section>
  );
}
