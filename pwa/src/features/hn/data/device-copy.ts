import type { z } from 'zod';
import { getTrackersResponseSchema, trackerViewSchema, type TrackerListItem, type TrackerRef, type TrackerView } from '#core/schemas/hn';
import type { UserDb } from '../../../db/user-db';

/**
 * The tracker's copy of the server's answers on this device (the user database's `hnCache`),
 * so the list and each tracker's comments open offline. Whatever is read back is parsed again:
 * a row written by another version of the app that no longer fits is treated as absent.
 */

export interface DeviceCopy<T> {
  readonly value: T;
  /** When the answer arrived on this device. */
  readonly savedAt: Date;
}

const LIST_KEY = 'trackers';
const viewKey = (postId: number) => `view:${postId}`;

async function readRow<S extends z.ZodType>(db: UserDb, key: string, schema: S): Promise<DeviceCopy<z.output<S>> | null> {
  const row = await db.hnCache.get(key);
  if (row === undefined) return null;
  const parsed = schema.safeParse(row.value);
  return parsed.success ? { value: parsed.data, savedAt: new Date(row.savedAt) } : null;
}

export async function readTrackerList(db: UserDb): Promise<DeviceCopy<readonly TrackerListItem[]> | null> {
  const copy = await readRow(db, LIST_KEY, getTrackersResponseSchema);
  return copy === null ? null : { value: copy.value.hnLinks, savedAt: copy.savedAt };
}

export async function saveTrackerList(db: UserDb, hnLinks: readonly TrackerListItem[], savedAt: Date): Promise<void> {
  await db.hnCache.put({ key: LIST_KEY, value: { hnLinks }, savedAt: savedAt.getTime() });
}

/** A tracker's comments, named as /hnitem names it: by post id, or by tracker id through the saved list. */
export async function readTrackerView(db: UserDb, ref: TrackerRef): Promise<DeviceCopy<TrackerView> | null> {
  let postId: number | undefined;
  if ('postId' in ref) postId = ref.postId;
  else postId = (await readTrackerList(db))?.value.find((item) => item._id === ref.trackerId)?.postId;
  return postId === undefined ? null : readRow(db, viewKey(postId), trackerViewSchema);
}

export async function saveTrackerView(db: UserDb, view: TrackerView, savedAt: Date): Promise<void> {
  await db.hnCache.put({ key: viewKey(view.item.postId), value: view, savedAt: savedAt.getTime() });
}

export async function forgetTrackerView(db: UserDb, ref: TrackerRef): Promise<void> {
  if ('postId' in ref) await db.hnCache.delete(viewKey(ref.postId));
}

/** A deleted tracker leaves the saved list and takes its saved comments with it, in one transaction. */
export async function forgetTracker(db: UserDb, tracker: TrackerListItem): Promise<void> {
  await db.transaction('rw', db.hnCache, async () => {
    await db.hnCache.delete(viewKey(tracker.postId));
    const list = await readTrackerList(db);
    if (list === null) return;
    await saveTrackerList(
      db,
      list.value.filter((item) => item._id !== tracker._id),
      list.savedAt,
    );
  });
}
