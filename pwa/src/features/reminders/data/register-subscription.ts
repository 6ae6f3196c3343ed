import { saveSubscriptionResponseSchema, type SaveSubscriptionRequest } from '#core/schemas/reminders';
import { api } from '../../../lib/api-client';

/** `POST /api/reminders/subscriptions`: the server keeps this browser's subscription for the person's reminders. */
export async function registerSubscription(subscription: SaveSubscriptionRequest): Promise<void> {
  await api.request('/reminders/subscriptions', saveSubscriptionResponseSchema, { method: 'POST', body: subscription });
}
