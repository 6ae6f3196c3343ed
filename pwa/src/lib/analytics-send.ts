import { analyticsEventSchema, type AnalyticsEvent } from '#core/schemas/analytics';
import { api, isApiError } from './api-client';
import type { QueuedEvent } from './analytics';

/**
 * Posts a batch of queued events. True when the batch is done with: sent, or refused as invalid
 * (an event this version cannot send must not block the queue). False to keep it for later.
 */
export async function sendEvents(events: readonly QueuedEvent[]): Promise<boolean> {
  const valid = events.flatMap((event): AnalyticsEvent[] => {
    const parsed = analyticsEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
  if (valid.length === 0) return true;
  try {
    await api.send('/events', { method: 'POST', body: valid });
    return true;
  } catch (error) {
    return isApiError(error, 'INVALID_REQUEST');
  }
}
