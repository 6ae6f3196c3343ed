import { z } from 'zod';
import { orderStatusSchema, type OrderStatus } from '#core/schemas/payments';
import { api, type ApiClient } from '../../../lib/api-client';

/** What the browser reads of `GET /api/orders/:id`: where the order stands (other fields are ignored). */
const orderReplySchema = z.object({ status: orderStatusSchema });

/** `GET /api/orders/:id`: polled while the bank asks the buyer to authenticate. */
export async function getOrder(orderId: string, client: ApiClient = api): Promise<OrderStatus> {
  return (await client.request(`/orders/${encodeURIComponent(orderId)}`, orderReplySchema)).status;
}
