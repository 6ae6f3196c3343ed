import type { z } from 'zod';
import type { PullResponse, PushRequest, PushResponse, pullQuerySchema } from '#core/sync/protocol';

/** What a pull asks for: changes after `cursor`, at most `limit`, and this client's last seq. */
export type PullQuery = z.output<typeof pullQuerySchema>;

/**
 * The sync engine's only view of the server. The app uses HTTP; the unit tests use an
 * in-memory peer that can lose, repeat and reorder messages. Failures are thrown as SyncError.
 */
export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(query: PullQuery): Promise<PullResponse>;
}
