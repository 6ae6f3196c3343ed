import { publicKeyResponseSchema, saveSubscriptionResponseSchema, type SaveSubscriptionRequest } from '#core/schemas/reminders';
import { api } from '../../lib/api-client';

export async function getPublicKey(): Promise<string> {
  return (await api.request('/reminders/public-key', publicKeyResponseSchema)).publicKey;
}

export async function saveSubscription(subscription: SaveSubscriptionRequest): Promise<void> {
  await api.request('/reminders/subscriptions', saveSubscriptionResponseSchema, { method: 'POST', body: subscription });
}

export async function deleteSubscription(endpoint: string): Promise<void> {
  await api.send('/reminders/subscriptions', { method: 'DELETE', body: { endpoint } });
}
