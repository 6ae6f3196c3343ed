import { expertPageReply, type PublicExpert } from '#core/experts/public-expert-reply';
import { api, type ApiClient } from '../../../lib/api-client';

/**
 * `GET /api/expert/page/{siteName}` (public), read with the hand check of
 * `expertPageResponseSchema`: a visitor's page loads no schema library. The signed-in expert
 * calls are in expert-api.ts.
 */
export async function getPublicExpert(siteName: string, client: ApiClient = api): Promise<PublicExpert> {
  return (await client.request(`/expert/page/${encodeURIComponent(siteName)}`, expertPageReply)).item;
}
