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
  /**
   * `onNextCursor` hears the next page's cursor as soon as the reply says it (over HTTP, its
   * headers: PULL_NEXT_CURSOR_HEADER), before the page itself is read; only a hint, which a
   * transport may never give.
   */
  pull(query: PullQuery, hints?: PullHints): Promise<PullResponse>;
}

export interface PullHints {
  readonly onNextCursor?: (cursor: number) => void;
}
