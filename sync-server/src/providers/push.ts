import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { Sql } from '../db/client.ts';
import type { PushConfig } from '../env.ts';
import { guardedLookup, pushEndpointProblem, PUSH_ENDPOINT_PROBLEM_MESSAGES, type PushEndpointPolicy, type ResolveHost } from './push-endpoints.ts';

/**
 * Web Push with VAPID (RFC 8030, 8291, 8292). The keys come from the configuration, or are made
 * on first start and kept in app_settings, so every instance and every restart signs with the
 * same pair (browsers tie a subscription to the public key it was made with).
 *
 * web-push encrypts the payload (aes128gcm) and signs the VAPID header; the request itself goes
 * out through node:https (node:http only reaches the tests' local endpoint), on a socket whose
 * address `push-endpoints.ts` checked after DNS, with one deadline for the whole exchange.
 */

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

export interface PushTarget {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

export type PushOutcome =
  | { readonly status: 'sent' }
  /** The push service no longer knows the subscription (404, 410): forget it. */
  | { readonly status: 'gone' }
  | { readonly status: 'failed'; readonly reason: string };

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushSenderOptions {
  readonly keys: VapidKeys;
  /** mailto: or https: contact of the sender, shown to push services. */
  readonly subject: string;
  /** How long the push service may hold a message for an offline device, in seconds. */
  readonly ttlSeconds: number;
  readonly urgency?: Urgency;
  /** Replaces an undelivered message with the same topic at the push service. */
  readonly topic?: string;
  /** The whole request, connect to last byte of the answer; one dead endpoint costs no more. */
  readonly timeoutMs?: number;
  /** Which endpoints may be reached: checked before every send, and on the resolved addresses. */
  readonly endpoints: PushEndpointPolicy;
  /** For tests: how host names resolve (the system's DNS by default). */
  readonly resolve?: ResolveHost;
}

/** Used when VAPID_SUBJECT is not set; push services only want a way to reach the sender. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:reminders@memento.invalid';
const SETTINGS_KEY = 'vapid_keys';
export const DEFAULT_PUSH_TIMEOUT_MS = 5_000;

function isVapidKeys(value: unknown): value is VapidKeys {
  return (
    typeof value === 'object' &&
    value !== null &&
    'publicKey' in value &&
    'privateKey' in value &&
    typeof value.publicKey === 'string' &&
    typeof value.privateKey === 'string'
  );
}

/**
 * The configured pair, else the one kept in the database, else a new pair stored for good.
 * Instances starting together agree: the first insert wins and everyone reads it back.
 */
export async function loadVapidKeys(sql: Sql, config: PushConfig): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const generated = webpush.generateVAPIDKeys();
  await sql`
    insert into app_settings (key, value)
    values (${SETTINGS_KEY}, ${sql.json({ publicKey: generated.publicKey, privateKey: generated.privateKey })})
    on conflict (key) do nothing`;
  const [row] = await sql<{ value: unknown }[]>`select value from app_settings where key = ${SETTINGS_KEY}`;
  if (!isVapidKeys(row?.value)) throw new Error('app_settings.vapid_keys is not a VAPID key pair');
  return { publicKey: row.value.publicKey, privateKey: row.value.privateKey };
}

/** Loads the keys once per process, on first use. */
export function vapidKeysLoader(sql: Sql, config: PushConfig): () => Promise<VapidKeys> {
  let loading: Promise<VapidKeys> | undefined;
  return () => {
    loading ??= loadVapidKeys(sql, config).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { status: 'sent' };
  if (status === 404 || status === 410) return { status: 'gone' };
  return { status: 'failed', reason: `push service answered ${status}` };
}

interface PushRequest {
  readonly endpoint: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer | null;
}

/** POSTs without following redirects; resolves with the status once the answer is read. */
function post(request: PushRequest, lookup: ReturnType<typeof guardedLookup>, timeoutMs: number): Promise<number> {
  const url = new URL(request.endpoint);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(request.body?.length ?? 0) },
        lookup,
        // No connection reuse: each request resolves and checks its address again.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.on('error', reject);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.resume();
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

export function createPushSender(options: PushSenderOptions): PushSender {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS;
  const lookup = guardedLookup(options.endpoints, options.resolve);
  return {
    publicKey: options.keys.publicKey,
    async send(target, payload) {
      // Saved subscriptions were checked then; the rule may have tightened since, and IP literals skip DNS.
      const problem = pushEndpointProblem(target.endpoint, options.endpoints);
      if (problem !== null) return { status: 'failed', reason: `endpoint refused: ${PUSH_ENDPOINT_PROBLEM_MESSAGES[problem]}` };
      let details: webpush.RequestDetails;
      try {
        details = webpush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject: options.subject, ...options.keys },
            TTL: options.ttlSeconds,
            urgency: options.urgency ?? 'normal',
            ...(options.topic ? { topic: options.topic } : {}),
            contentEncoding: 'aes128gcm',
          },
        );
      } catch (error) {
        // A subscription whose keys cannot be encrypted for will never work.
        return { status: 'failed', reason: `cannot encrypt: ${String(error)}` };
      }
      const headers: Record<string, string> = {};
      // The typings say strings; web-push puts numbers in some (TTL, Content-Length).
      const generated: Record<string, unknown> = details.headers;
      for (const [name, value] of Object.entries(generated)) {
        if (name.toLowerCase() !== 'content-length') headers[name] = typeof value === 'string' ? value : String(value);
      }
      try {
        const status = await post({ endpoint: details.endpoint, headers, body: details.body }, lookup, timeoutMs);
        return outcomeOf(status);
      } catch (error) {
        return { status: 'failed', reason: `push service unreachable: ${String(error)}` };
      }
    },
  };
}
