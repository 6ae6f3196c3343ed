import { deleteSubscriptionResponseSchema, subscriptionStatusResponseSchema, type PushPurpose, type SubscriptionStatusResponse } from '#core/schemas/reminders';
import { api } from '../api-client';

/**
 * One browser subscription carries the daily reminder and the tracker's new-comment notices, so
 * a switch turned off lets go of it for its own purpose only: the server is asked first, and the
 * browser unsubscribes only once the server keeps the subscription for nothing else.
 */

/** This browser's push subscription, or null when it has none (or no push at all). */
export async function browserSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * `DELETE /api/reminders/subscriptions` for `purpose`, then ends the browser's subscription when
 * the server no longer keeps it. Rejects with the ApiError when the server cannot be told
 * (offline, say): the subscription then stays as it was, and the other purpose keeps working.
 */
export async function releasePush(purpose: PushPurpose): Promise<void> {
  const subscription = await browserSubscription();
  if (subscription === null) return;
  const { kept } = await api.request('/reminders/subscriptions', deleteSubscriptionResponseSchema, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint, purpose },
  });
  if (!kept) await subscription.unsubscribe();
}

/** What the server keeps for this browser's subscription; not saved when the browser has none. */
export async function pushStatus(): Promise<SubscriptionStatusResponse> {
  const subscription = await browserSubscription();
  if (subscription === null) return { saved: false, hnComments: false };
  return api.request(`/reminders/subscriptions/status?endpoint=${encodeURIComponent(subscription.endpoint)}`, subscriptionStatusResponseSchema);
}
