import { useId, useState, type ChangeEvent } from 'react';
import { useImportJournal } from '../data/import-journal';
import { importErrorText, importOutcomeText } from '../journal-files';
import styles from '../../../components/ui/panel.module.css';

type Result = { readonly ok: boolean; readonly message: string } | null;

/** Import a JSON export: merged into this journal, never replacing text that differs. */
export function JournalImport() {
  const importJournal = useImportJournal();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (file === undefined) return;
    setBusy(true);
    setResult(null);
    try {
      const outcome = await importJournal(await file.text());
      setResult(outcome.ok ? { ok: true, message: importOutcomeText(outcome) } : { ok: false, message: importErrorText(outcome.error) });
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : 'The file could not be imported.' });
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <section className={styles.group} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.groupTitle}>
        Import a journal
      </h2>
      <p className={styles.text} id={`${id}-hint`}>
        Choose a .json file made by Export. Days are added to your journal; where a day already has different text, both
        texts are kept.
      </p>
      <label className={styles.fileLabel} htmlFor={`${id}-file`}>
        Import JSON file
      </label>
      <input
        id={`${id}-file`}
        className={styles.file}
        type="file"
        accept="application/json,.json"
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(event) => void onFile(event)}
      />
      <div role="status" aria-live="polite">
        {busy && <p className={styles.text}>Importing…</p>}
        {result !== null && <p className={result.ok ? styles.success : styles.problem}>{result.message}</p>}
      </div>
    </section>
  );
}
