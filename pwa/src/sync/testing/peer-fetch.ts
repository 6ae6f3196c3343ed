import { pushRequestSchema } from '#core/sync/protocol';
import type { MemoryPeer } from './memory-peer';

/**
 * A fetch that answers the sync endpoints from a MemoryPeer, so tests can run the HTTP
 * transport, the service worker entry and the app wiring end to end without a server.
 * `tokens.valid` is the one bearer token it accepts; change it to expire a session.
 */
export function peerFetch(peer: MemoryPeer, tokens: { valid: string }): typeof fetch {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  return (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://memento.test');
    if (new Headers(init?.headers).get('Authorization') !== `Bearer ${tokens.valid}`) {
      return Promise.resolve(json(401, { error: 'INVALID_TOKEN', message: 'Please sign in again' }));
    }
    if (url.pathname === '/api/sync/push' && init?.method === 'POST' && typeof init.body === 'string') {
      return Promise.resolve(json(200, peer.push(pushRequestSchema.parse(JSON.parse(init.body)))));
    }
    if (url.pathname === '/api/sync/pull') {
      const clientId = url.searchParams.get('clientId') ?? undefined;
      const cursor = Number(url.searchParams.get('cursor'));
      const limit = Number(url.searchParams.get('limit'));
      return Promise.resolve(json(200, peer.pull({ cursor, limit, clientId })));
    }
    return Promise.resolve(json(404, { error: 'NOT_FOUND' }));
  };
}
