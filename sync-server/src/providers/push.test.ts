import { createECDH, randomBytes } from 'node:crypto';
import net from 'node:net';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { createPushSender, type PushOutcome, type PushSenderOptions, type PushTarget } from './push.ts';
import { STRICT_PUSH_ENDPOINTS, type ResolveHost } from './push-endpoints.ts';

/**
 * The sender's own guard, below the check made when a subscription is saved: whatever endpoint
 * reaches it (a row saved before the rule, a name whose DNS changed since), it opens no
 * connection to a refused address. A plain TCP listener counts the connections that arrive.
 */

interface Listener {
  readonly port: number;
  readonly connections: () => number;
  close(): Promise<void>;
}

const listeners: Listener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

/** Counts connections; `hang` keeps them open and silent, otherwise they are closed at once. */
async function listen(mode: 'close' | 'hang'): Promise<Listener> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    count++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    if (mode === 'close') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const listener: Listener = {
    port: address.port,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  listeners.push(listener);
  return listener;
}

function target(endpoint: string): PushTarget {
  const ecdh = createECDH('prime256v1');
  return { endpoint, p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Why a push failed; throws when it did not fail. */
function reasonOf(outcome: PushOutcome): string {
  if (outcome.status !== 'failed') throw new Error(`expected a failure, got ${outcome.status}`);
  return outcome.reason;
}

const resolveTo =
  (address: string): ResolveHost =>
  () =>
    Promise.resolve([{ address, family: net.isIP(address) }]);

function sender(options: Pick<PushSenderOptions, 'endpoints' | 'resolve' | 'timeoutMs'>) {
  return createPushSender({ keys: webpush.generateVAPIDKeys(), subject: 'mailto:test@memento.test', ttlSeconds: 60, ...options });
}

describe('createPushSender', () => {
  it('does not connect to a host name that resolves to a loopback address at send time', async () => {
    const listener = await listen('close');
    const endpoint = `https://push.rebound.test:${listener.port}/wpush/v2/abc`;
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1']) {
      const outcome = await sender({ endpoints: STRICT_PUSH_ENDPOINTS, resolve: resolveTo(address) }).send(target(endpoint), '{}');
      expect(reasonOf(outcome)).toContain('RefusedAddressError');
    }
    expect(listener.connections()).toBe(0);

    // The same request under the test policy does reach the listener: the refusal above is the rule's.
    await sender({ endpoints: { allowLoopback: true }, resolve: resolveTo('127.0.0.1') }).send(target(endpoint), '{}');
    expect(listener.connections()).toBe(1);
  });

  it('does not connect to a refused IP literal, whatever scheme', async () => {
    const listener = await listen('close');
    for (const endpoint of [
      `http://127.0.0.1:${listener.port}/internal-admin/do-something?x=1`,
      `https://127.0.0.1:${listener.port}/internal-admin/do-something?x=1`,
      `https://[::ffff:127.0.0.1]:${listener.port}/x`,
    ]) {
      const outcome = await sender({ endpoints: STRICT_PUSH_ENDPOINTS }).send(target(endpoint), '{}');
      expect(reasonOf(outcome)).toContain('endpoint refused');
    }
    expect(listener.connections()).toBe(0);
  });

  it('gives up on an endpoint that never answers at its deadline', async () => {
    const listener = await listen('hang');
    const started = performance.now();
    const outcome = await sender({ endpoints: { allowLoopback: true }, timeoutMs: 300 }).send(
      target(`http://127.0.0.1:${listener.port}/push`),
      '{}',
    );
    expect(reasonOf(outcome)).toMatch(/timeout|abort/i);
    expect(listener.connections()).toBe(1);
    // Behaviour, not a race: a hanging endpoint costs about the deadline, nowhere near a socket's idle limits.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
