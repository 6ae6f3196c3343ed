import { SyncError } from '../errors';
import type { SyncTransport } from '../transport';
import type { MemoryPeer } from './memory-peer';

/**
 * A network between devices and a MemoryPeer that the test drives one delivery at a time. Every
 * request and every reply waits in one queue and the test delivers a random one, so replies
 * arrive late and out of order. Faults, each with its own probability:
 * - dropRequest: the request never reaches the server;
 * - dropReply: the server applies the request, the device hears nothing back;
 * - duplicate: the server receives the request twice;
 * - timeout: the device gives up at once, but the request stays in flight and reaches the
 *   server later, after the device may have sent newer requests.
 * No timers: a device that is waiting on the network waits for the test to deliver.
 */

export interface FaultRates {
  readonly dropRequest: number;
  readonly dropReply: number;
  readonly duplicate: number;
  readonly timeout: number;
}

export const NO_FAULTS: FaultRates = { dropRequest: 0, dropReply: 0, duplicate: 0, timeout: 0 };

type Delivery = () => void;

export interface SimNetwork {
  transportFor(peer: MemoryPeer, isOnline: () => boolean): SyncTransport;
  setFaults(rates: FaultRates): void;
  pending(): number;
  /** Resolves as soon as something is waiting to be delivered. */
  whenPending(): Promise<void>;
  /** Delivers one random waiting request or reply. */
  deliverOne(): void;
  /** Runs `work` to completion, delivering messages whenever it waits on the network. */
  drive<T>(work: Promise<T>): Promise<T>;
}

const offline = () => new SyncError('retryable', 'NETWORK', 'offline');

export function createSimNetwork(random: () => number, initial: FaultRates = NO_FAULTS): SimNetwork {
  const queue: Delivery[] = [];
  let waiters: (() => void)[] = [];
  let rates = initial;

  const enqueue = (delivery: Delivery) => {
    queue.push(delivery);
    const ready = waiters;
    waiters = [];
    for (const wake of ready) wake();
  };

  function send<T>(handle: () => T, isOnline: () => boolean): Promise<T> {
    if (!isOnline()) return Promise.reject(offline());
    return new Promise<T>((resolve, reject) => {
      const arrive = (answer: boolean) => {
        let reply: { ok: true; value: T } | { ok: false; error: unknown };
        try {
          reply = { ok: true, value: structuredClone(handle()) };
        } catch (error) {
          reply = { ok: false, error };
        }
        if (random() < rates.duplicate) {
          try {
            handle();
          } catch {
            // The copy's reply is lost; the original's is the one that travels back.
          }
        }
        if (!answer) return;
        enqueue(() => {
          if (random() < rates.dropReply || !isOnline()) reject(offline());
          else if (reply.ok) resolve(reply.value);
          else reject(reply.error instanceof Error ? reply.error : new Error(String(reply.error)));
        });
      };
      enqueue(() => {
        const roll = random();
        if (roll < rates.dropRequest) {
          reject(offline());
        } else if (roll < rates.dropRequest + rates.timeout) {
          reject(new SyncError('retryable', 'NETWORK', 'timed out'));
          enqueue(() => {
            arrive(false);
          });
        } else {
          arrive(true);
        }
      });
    });
  }

  const network: SimNetwork = {
    transportFor: (peer, isOnline) => ({
      push: (request) => send(() => peer.push(structuredClone(request)), isOnline),
      pull: (query) => send(() => peer.pull(query), isOnline),
    }),
    setFaults(next) {
      rates = next;
    },
    pending: () => queue.length,
    whenPending: () =>
      queue.length > 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push(resolve);
          }),
    deliverOne() {
      const index = Math.floor(random() * queue.length);
      const [delivery] = queue.splice(index, 1);
      delivery?.();
    },
    async drive(work) {
      let settled = false;
      // Read through a function: the flag flips inside callbacks, where narrowing cannot see it.
      const isSettled = () => settled;
      const settle = () => {
        settled = true;
      };
      const done = work.then(settle, settle);
      while (!isSettled()) {
        await Promise.race([done, network.whenPending()]);
        if (!isSettled() && queue.length > 0) network.deliverOne();
      }
      return work;
    },
  };
  return network;
}
