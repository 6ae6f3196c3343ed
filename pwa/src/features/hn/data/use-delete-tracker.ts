import { useCallback, useState } from 'react';
import type { TrackerListItem } from '#core/schemas/hn';
import { useUserDb } from '../../../session/user-db-context';
import { isApiError } from '../../../lib/api-client';
import { DELETE_NEEDS_CONNECTION, trackerProblem } from '../hn-messages';
import { forgetTracker } from './device-copy';
import { deleteTracker } from './tracker-calls';

export interface DeleteTracker {
  /** The tracker the person is asked about; null when nobody is asked. */
  readonly asking: TrackerListItem | null;
  readonly problem: string | null;
  readonly ask: (tracker: TrackerListItem) => void;
  readonly cancel: () => void;
  /** Deletes the tracker asked about, on the server and then on this device. */
  readonly confirm: () => Promise<void>;
}

/** Delete, after the person confirms. A tracker the server no longer has counts as deleted. */
export function useDeleteTracker(onDeleted: (tracker: TrackerListItem) => void): DeleteTracker {
  const db = useUserDb();
  const [asking, setAsking] = useState<TrackerListItem | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const ask = useCallback((tracker: TrackerListItem) => {
    setAsking(tracker);
    setProblem(null);
  }, []);
  const cancel = useCallback(() => setAsking(null), []);

  const confirm = useCallback(async () => {
    if (asking === null) return;
    try {
      await deleteTracker(asking._id);
    } catch (error) {
      if (!isApiError(error, 'TRACKER_NOT_FOUND')) {
        setProblem(trackerProblem(error, DELETE_NEEDS_CONNECTION));
        return;
      }
    }
    if (db !== null) {
      await forgetTracker(db, asking).catch((error: unknown) => console.warn('The deleted tracker stays saved on this device', error));
    }
    setAsking(null);
    onDeleted(asking);
  }, [asking, db, onDeleted]);

  return { asking, problem, ask, cancel, confirm };
}
