import { EventEmitter, once } from 'node:events';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import type http from 'node:http';
import type { PushEndpointPolicy } from '../../../providers/push-endpoints.ts';
import { serve } from '../../../testing/http.ts';

/**
 * A stand-in push service for tests: a local HTTP endpoint that records every request, answers
 * with a status the test chooses per path, and a browser-side P-256 key pair so the payload is
 * encrypted for real and can be decrypted here (RFC 8291, aes128gcm).
 */

/** The test policy that lets subscriptions and pushes reach this machine's endpoint (never production's). */
export const LOCAL_PUSH_ENDPOINTS: PushEndpointPolicy = { allowLoopback: true };

export interface ReceivedPush {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

export interface BrowserKeys {
  /** What the browser would put in PushSubscription.keys. */
  readonly p256dh: string;
  readonly auth: string;
  decrypt(body: Buffer): string;
}

/** A subscription key pair as a browser makes it, able to read what was encrypted for it. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: publicKey.toString('base64url'),
    auth: authSecret.toString('base64url'),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const cipher = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipher.subarray(cipher.length - 16));
      const plain = Buffer.concat([decipher.update(cipher.subarray(0, cipher.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 0x02 and optional zero padding.
      const end = plain.lastIndexOf(2);
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

export interface PushEndpoint {
  readonly url: string;
  readonly received: ReceivedPush[];
  /** Answers requests to `path` with `status` from now on (201 by default); 'never' keeps them waiting. */
  answer(path: string, status: number | 'never'): void;
  /** Resolves when the next push to `path` has arrived (its body read). */
  nextPush(path: string): Promise<ReceivedPush>;
  /** Resolves when the sender gives up on a request left unanswered ('never'), with its path. */
  nextAbandoned(): Promise<string>;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number | 'never'>();
  const events = new EventEmitter();
  const server = await serve((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const push = { method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      events.emit(`push ${path}`, push);
      const status = statuses.get(path) ?? 201;
      if (status === 'never') {
        res.on('close', () => events.emit('abandoned', path));
        return;
      }
      res.statusCode = status;
      res.end();
    });
  });
  return {
    url: server.url,
    received,
    answer: (path, status) => statuses.set(path, status),
    nextPush: async (path) => {
      const [push] = (await once(events, `push ${path}`)) as [ReceivedPush];
      return push;
    },
    nextAbandoned: async () => {
      const [path] = (await once(events, 'abandoned')) as [string];
      return path;
    },
    close: () => server.close(),
  };
}

export interface VapidClaims {
  readonly aud: string;
  readonly sub: string;
  readonly exp: number;
}

/**
 * Reads `Authorization: vapid t=<JWT>, k=<public key>` and checks the JWT's ES256 signature with
 * that key. Returns the claims, or throws.
 */
export function verifyVapidAuthorization(header: string | undefined): { claims: VapidClaims; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a vapid Authorization header: ${String(header)}`);
  const [jwt, publicKey] = [match[1], match[2]];
  const [head, payload, signature] = jwt.split('.');
  if (!head || !payload || !signature) throw new Error('malformed JWT');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as VapidClaims;
  return { claims, publicKey };
}
