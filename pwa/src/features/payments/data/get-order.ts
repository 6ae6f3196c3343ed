import type { z } from 'zod';
import { chargeResponseSchema, orderStatusSchema } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/**
 * What `GET /api/orders/:id` answers: the charge call's own answer for the order as it stands
 * now, always with its status (and, for a paid sound library, the download token).
 */
const orderReplySchema = chargeResponseSchema.extend({ status: orderStatusSchema });
export type OrderReply = z.infer<typeof orderReplySchema>;

/**
 * `GET /api/orders/:id?key=…`: polled while the bank asks the buyer to authenticate. The key is
 * the checkout's idempotency key: the server shows an order only to the checkout that made it.
 */
export function getOrder(orderId: string, idempotencyKey: string, client: ApiClient = api, expertBooking = false): Promise<OrderReply> {
  const query = new URLSearchParams({ key: idempotencyKey });
  // An expert's hour is asked about at its own address (`GET /api/expert/orders/:id`).
  const base = expertBooking ? '/expert/orders' : '/orders';
  return client.request(`${base}/${encodeURIComponent(orderId)}?${query.toString()}`, orderReplySchema);
}
