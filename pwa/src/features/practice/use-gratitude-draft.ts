import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import { createGratitudeDraft, type DraftSnapshot, type GratitudeDraft } from './gratitude-draft';
import type { SaveExercise } from './data/save-exercise';
import { useStoredJournalTexts } from './data/stored-journal-texts';
import { unsavedJournalStore } from '../../session/data/unsaved-journal-texts';
import { useUserDb } from '../../session/user-db-context';

export interface GratitudeDraftHandle {
  readonly draft: GratitudeDraft;
  readonly snapshot: DraftSnapshot;
}

/**
 * The draft of one day's three texts, started from the stored entry (render it once that has
 * loaded). It saves after a pause in typing, on blur, when the page is hidden or left, and when
 * the view closes. Words not stored yet when a save fails or the page goes are kept aside on the
 * device and come back (and are saved) when the day's journal opens again.
 */
export function useGratitudeDraft(day: CalendarDay, entry: JournalEntry, save: SaveExercise): GratitudeDraftHandle {
  const db = useUserDb();
  const [keptStore] = useState(() => (db === null ? null : unsavedJournalStore(db.name)));
  const [draft] = useState(() =>
    createGratitudeDraft(
      entry,
      (texts) => save(day, texts),
      undefined,
      keptStore === null ? undefined : { keep: (texts) => keptStore.keep(day, texts), stored: (texts) => keptStore.stored(day, texts) },
    ),
  );
  const snapshot = useSyncExternalStore(draft.subscribe, draft.getSnapshot);
  const stored = useStoredJournalTexts(day);

  useEffect(() => {
    if (stored !== undefined) draft.receive(stored.texts, stored.writtenOnThisDevice);
  }, [draft, stored]);

  useEffect(() => {
    const kept = keptStore?.read()[day];
    if (kept !== undefined) draft.restore(kept);
  }, [draft, keptStore, day]);

  useEffect(() => {
    // Kept first, synchronously: the page may be gone before the save it starts has finished.
    const flush = () => {
      draft.keepUnstored();
      void draft.flush();
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [draft]);

  return { draft, snapshot };
}
