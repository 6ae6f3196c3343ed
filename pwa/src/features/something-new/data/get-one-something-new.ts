import { getOneSomethingNewReply, type GetOneSomethingNewResponse } from '#core/something-new/profiles-reply';
import { api, type ApiClient } from '../../../lib/api-client';

/** `GET /api/getOneSomethingNew`: a random founder profile, never `exclude` (the one on screen). */
export function getOneSomethingNew(exclude: string | undefined, signal?: AbortSignal, client: ApiClient = api): Promise<GetOneSomethingNewResponse> {
  const query = exclude === undefined ? '' : `?exclude=${encodeURIComponent(exclude)}`;
  return client.request(`/getOneSomethingNew${query}`, getOneSomethingNewReply, { signal });
}
