import { formatHlc, type Hlc } from '#core/sync/hlc';
import { pullResponseSchema, type Mutation, type PullResponse, type PushResponse } from '#core/sync/protocol';
import type { TestUser } from '../../../testing/users.ts';

/** Small helpers for tests that talk to the sync endpoints over real HTTP. */

export interface Reply<T> {
  readonly status: number;
  readonly body: T;
}

export async function postJson<T = unknown>(
  baseUrl: string,
  path: string,
  body: unknown,
  user?: Pick<TestUser, 'authorization'>,
): Promise<Reply<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(user === undefined ? {} : { Authorization: user.authorization }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export async function getJson<T = unknown>(baseUrl: string, path: string, user?: Pick<TestUser, 'authorization'>): Promise<Reply<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: user === undefined ? {} : { Authorization: user.authorization },
  });
  return { status: response.status, body: (await response.json()) as T };
}

export function push(baseUrl: string, user: Pick<TestUser, 'authorization'>, clientId: string, mutations: readonly Mutation[]) {
  return postJson<PushResponse>(baseUrl, '/api/sync/push', { clientId, mutations }, user);
}

export function pull(
  baseUrl: string,
  user: Pick<TestUser, 'authorization'>,
  query: { cursor?: number; limit?: number; clientId?: string; full?: boolean } = {},
) {
  const params = new URLSearchParams();
  if (query.cursor !== undefined) params.set('cursor', String(query.cursor));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.clientId !== undefined) params.set('clientId', query.clientId);
  if (query.full !== undefined) params.set('full', String(query.full));
  return getJson<PullResponse>(baseUrl, `/api/sync/pull?${params.toString()}`, user);
}

/** A clock `offsetMs` from `base` (default: now) for `node`. */
export function clockAt(node: string, offsetMs = 0, counter = 0, base = Date.now()): Hlc {
  return formatHlc({ wall: base + offsetMs, counter, node });
}

/** A mutation with defaults: an exercise of 2026-03-01. */
export function mutation(seq: number, hlc: Hlc, overrides: Partial<Mutation> = {}): Mutation {
  return { seq, table: 'exercises', key: '2026-03-01', fields: { gratitude: true }, hlc, ...overrides };
}

/** A pull reply's JSON text (pull-service.ts) read as the protocol's schema reads it on a device. */
export function readPullReply(json: string): PullResponse {
  return pullResponseSchema.parse(JSON.parse(json));
}
