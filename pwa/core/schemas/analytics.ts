import { z } from 'zod';
import { ANALYTICS_BATCH_MAX, ANALYTICS_PATH_MAX } from '../analytics-limits';
import { withoutSecrets } from '../secret-paths';

/**
 * First-party analytics: which event, on which page, nothing else. The server adds the time and,
 * when the request carries a valid session, the user id. Query strings and fragments are cut
 * off here, on both sides, because they are where personal data tends to hide (e-mail
 * addresses in links, tokens in fragments).
 */

export const ANALYTICS_EVENT_NAMES = ['page_view', 'Sign In', 'outbound_link'] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

export { ANALYTICS_BATCH_MAX, ANALYTICS_KEEP_DAYS, ANALYTICS_PATH_MAX } from '../analytics-limits';

const APP_PATH = /^\/(?![/\\])\S*$/;
const HTTP_LINK = /^https?:\/\/[^\s/?#]+\S*$/i;

/** An app path ('/life') or, for outbound links, an http(s) address; no spaces in either. */
function isTrackable(value: string): boolean {
  return APP_PATH.test(value) || HTTP_LINK.test(value);
}

/** '/x?a=1#b' → '/x'; 'https://h/p?q' → 'https://h/p'. */
export function withoutQueryOrHash(value: string): string {
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}

export const analyticsPathSchema = z
  .string()
  .max(ANALYTICS_PATH_MAX, `A path has at most ${ANALYTICS_PATH_MAX} characters`)
  .refine(isTrackable, 'Expected an app path starting with / or an http(s) link')
  .transform((value) => withoutSecrets(withoutQueryOrHash(value)));

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: analyticsPathSchema,
});
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>;

/** `POST /api/events`: one event, or a batch of up to ANALYTICS_BATCH_MAX. */
export const analyticsEventsRequestSchema = z.union([
  analyticsEventSchema,
  z.array(analyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX),
]);
