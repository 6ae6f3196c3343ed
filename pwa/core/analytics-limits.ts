/**
 * The analytics limits without the schema library: the privacy policy page states the keep time
 * and should not load zod for a number (`schemas/analytics.ts` re-exports them with its schemas).
 */
export const ANALYTICS_PATH_MAX = 512;
/** Days an event is kept before the server deletes it (the privacy policy says so). */
export const ANALYTICS_KEEP_DAYS = 180;
/** Events one request may carry (a queue that filled up offline is sent in batches). */
export const ANALYTICS_BATCH_MAX = 50;
