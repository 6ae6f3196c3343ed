import { publicKeyResponseSchema } from '#core/schemas/reminders';
import { api } from '../api-client';

/** `GET /api/reminders/public-key`: the server's VAPID key, the applicationServerKey of a subscription. */
export async function getPushKey(): Promise<string> {
  return (await api.request('/reminders/public-key', publicKeyResponseSchema)).publicKey;
}
