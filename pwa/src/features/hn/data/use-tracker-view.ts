import type { TrackerRef, TrackerView } from '#core/schemas/hn';
import { forgetTrackerView, readTrackerView, saveTrackerView } from './device-copy';
import { getView } from './tracker-calls';
import { useServerCopy, type ServerCopy } from './use-server-copy';

/**
 * One tracker's post and the comments waiting for its author. `id` is the /hnitem/{id} path
 * segment the server is asked with; `ref` is what it names (the post, or the tracker).
 */
export function useTrackerView(id: string, ref: TrackerRef): ServerCopy<TrackerView> {
  return useServerCopy<TrackerView>({
    key: `view:${id}`,
    fetch: (signal) => getView(id, signal),
    read: (db) => readTrackerView(db, ref),
    save: saveTrackerView,
    forget: (db) => forgetTrackerView(db, ref),
  });
}
