/**
 * A network between the devices and the real server that the simulation drives one delivery at
 * a time. A device's fetch does not go out at once: the request waits in one queue with every
 * other request and reply, and the simulation delivers a random one (so answers arrive late and
 * out of order). Faults, each with its own seeded probability:
 *
 * - dropRequest: the request never reaches the server;
 * - timeout: the device gives up at once, but the request is still on the wire and reaches the
 *   server later, after the device may have sent newer ones;
 * - duplicate: the server receives the request twice;
 * - dropReply: the server handled the request, the device hears nothing back.
 *
 * A device offline fails at once, and a reply for a device that went offline (or was reloaded)
 * is lost. Nothing here waits on the clock: the only waits are real HTTP round trips.
 */

export interface FaultRates {
  readonly dropRequest: number;
  readonly timeout: number;
  readonly duplicate: number;
  readonly dropReply: number;
}

export const NO_FAULTS: FaultRates = { dropRequest: 0, timeout: 0, duplicate: 0, dropReply: 0 };

export interface Sender {
  /** Whether the device is online (checked on sending and on each reply). */
  online(): boolean;
  /** Whether replies still have someone to go to (false after a reload). */
  listening(): boolean;
  /** Calls the device waits on (requested and not yet answered or failed). */
  waiting: number;
}

interface Recorded {
  readonly status: number;
  readonly headers: [string, string][];
  readonly body: string;
}

type Outcome = { readonly ok: true; readonly response: Recorded } | { readonly ok: false };

export interface FaultyNetwork {
  /** A fetch for one device instance; it resolves only when the simulation delivers. */
  fetchFor(sender: Sender): typeof fetch;
  setFaults(rates: FaultRates): void;
  pending(): number;
  /** Delivers one random waiting message; resolves when its real round trip (if any) is over. */
  deliverOne(): Promise<void>;
  readonly stats: { requests: number; duplicates: number; droppedRequests: number; timeouts: number; droppedReplies: number };
}

export interface FaultyNetworkOptions {
  readonly random: () => number;
  /** Where requests go now (the server may have been restarted on another port). */
  readonly baseUrl: () => string;
  readonly rates?: FaultRates;
}

const lost = (why: string) => new TypeError(`fetch failed: ${why}`);

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

export function createFaultyNetwork({ random, baseUrl, rates: initial = NO_FAULTS }: FaultyNetworkOptions): FaultyNetwork {
  const queue: (() => Promise<void>)[] = [];
  let rates = initial;
  const stats = { requests: 0, duplicates: 0, droppedRequests: 0, timeouts: 0, droppedReplies: 0 };

  /** The real round trip to whichever server instance runs now. */
  async function send(path: string, init: RequestInit | undefined): Promise<Outcome> {
    stats.requests += 1;
    try {
      const response = await fetch(`${baseUrl()}${path}`, {
        method: init?.method ?? 'GET',
        headers: init?.headers,
        body: init?.body,
      });
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      return { ok: true, response: { status: response.status, headers, body: await response.text() } };
    } catch {
      // Refused or cut off (the server was killed): the device sees a network failure.
      return { ok: false };
    }
  }

  function fetchFor(sender: Sender): typeof fetch {
    return (input, init) =>
      new Promise<Response>((resolve, reject) => {
        if (!sender.online()) {
          reject(lost('offline'));
          return;
        }
        sender.waiting += 1;
        const fail = (why: string) => {
          sender.waiting -= 1;
          reject(lost(why));
        };
        const target = new URL(urlOf(input), 'http://device.invalid');
        const path = `${target.pathname}${target.search}`;
        queue.push(async () => {
          const roll = random();
          if (roll < rates.dropRequest) {
            stats.droppedRequests += 1;
            fail('request lost');
            return;
          }
          if (roll < rates.dropRequest + rates.timeout) {
            stats.timeouts += 1;
            fail('timed out');
            queue.push(async () => {
              await send(path, init);
            });
            return;
          }
          const outcome = await send(path, init);
          if (random() < rates.duplicate) {
            stats.duplicates += 1;
            await send(path, init);
          }
          queue.push(() => {
            if (!outcome.ok) fail('connection reset');
            else if (random() < rates.dropReply) {
              stats.droppedReplies += 1;
              fail('reply lost');
            } else if (!sender.online() || !sender.listening()) fail('reply lost: device offline or gone');
            else {
              sender.waiting -= 1;
              const { status, headers, body } = outcome.response;
              resolve(new Response(status === 204 ? null : body, { status, headers }));
            }
            return Promise.resolve();
          });
        });
      });
  }

  return {
    fetchFor,
    setFaults(next) {
      rates = next;
    },
    pending: () => queue.length,
    async deliverOne() {
      const [delivery] = queue.splice(Math.floor(random() * queue.length), 1);
      await delivery?.();
    },
    stats,
  };
}
