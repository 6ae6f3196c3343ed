import { saveSubscriptionResponseSchema, type BrowserSubscription, type PushPurpose } from '#core/schemas/reminders';
import { api } from '../api-client';

/**
 * `POST /api/reminders/subscriptions`: the server keeps this browser's subscription for the
 * signed-in person, for `purpose` (the daily reminder, or the tracker's new-comment notices).
 */
export async function registerSubscription(subscription: BrowserSubscription, purpose: PushPurpose): Promise<void> {
  await api.request('/reminders/subscriptions', saveSubscriptionResponseSchema, { method: 'POST', body: { ...subscription, purpose } });
}
