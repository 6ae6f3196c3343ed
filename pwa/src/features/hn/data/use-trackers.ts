import type { TrackerListItem } from '#core/schemas/hn';
import { readTrackerList, saveTrackerList } from './device-copy';
import { getTrackers } from './tracker-calls';
import { useServerCopy, type ServerCopy } from './use-server-copy';

export type TrackerList = readonly TrackerListItem[];

/** The signed-in person's trackers: from the server, or as last saved on this device. */
export function useTrackers(): ServerCopy<TrackerList> {
  return useServerCopy<TrackerList>({
    key: 'trackers',
    fetch: (signal) => getTrackers(signal),
    read: readTrackerList,
    save: saveTrackerList,
  });
}
