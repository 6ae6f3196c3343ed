import { api } from '../../../lib/api-client';

/** Ends this browser's push subscription; returns its endpoint, or null when there was none. */
async function unsubscribeBrowser(): Promise<string | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = (await registration?.pushManager.getSubscription()) ?? null;
  if (subscription === null) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/**
 * Ends this browser's subscription and tells the server (`DELETE /api/reminders/subscriptions`).
 * Rejects when either fails (offline: the server is not told); the server also forgets a
 * subscription by itself once the push service reports it gone.
 */
export async function unsubscribePush(): Promise<void> {
  const endpoint = await unsubscribeBrowser();
  if (endpoint !== null) await api.send('/reminders/subscriptions', { method: 'DELETE', body: { endpoint } });
}
