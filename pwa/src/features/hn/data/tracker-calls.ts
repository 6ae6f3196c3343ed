import {
  addNewTrackerResponseSchema,
  deleteTrackerResponseSchema,
  getTrackersResponseSchema,
  trackerViewSchema,
  type AddNewTrackerResponse,
  type TrackerListItem,
  type TrackerView,
} from '#core/schemas/hn';
import { api, type ApiClient } from '../../../lib/api-client';

/** The tracker's calls (specification 7), each reply read with its shared schema. */

/** `GET /api/getTrackers`: the person's trackers, newest first. */
export async function getTrackers(signal?: AbortSignal, client: ApiClient = api): Promise<readonly TrackerListItem[]> {
  return (await client.request('/getTrackers', getTrackersResponseSchema, { signal })).hnLinks;
}

/** `POST /api/addNewTracker`: `hnLink` is the canonical link `parseTrackerLink` gave. */
export function addNewTracker(hnLink: string, client: ApiClient = api): Promise<AddNewTrackerResponse> {
  return client.request('/addNewTracker', addNewTrackerResponseSchema, { body: { hnLink } });
}

/** `POST /api/deleteTracker`; deleting one that is already gone is fine. */
export async function deleteTracker(trackerId: string, client: ApiClient = api): Promise<void> {
  await client.request('/deleteTracker', deleteTrackerResponseSchema, { body: { id: trackerId } });
}

/** `GET /api/getView/{id}`: the post and the comments waiting for its author; `id` is the post's id or the tracker's. */
export function getView(id: string, signal?: AbortSignal, client: ApiClient = api): Promise<TrackerView> {
  return client.request(`/getView/${encodeURIComponent(id)}`, trackerViewSchema, { signal });
}
