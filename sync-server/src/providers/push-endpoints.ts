import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

/**
 * Which push endpoints the server may send to: the one rule, used when a subscription is saved
 * and again when a push goes out. A push endpoint is an address a browser hands us, so without
 * this rule anyone signed in could make the server POST to its own network (SSRF).
 *
 * - The URL must be https (http only with `allowLoopback`, for the tests' local endpoint).
 * - The host must be a public address: loopback, private, link-local, unique-local, CGNAT,
 *   unspecified, multicast and reserved ranges are refused, in every IPv6 form that carries an
 *   IPv4 address (mapped, compatible, NAT64, 6to4).
 * - A host name is checked on every send after DNS: `guardedLookup` refuses a name resolving to
 *   any refused address and hands the connection exactly the addresses it checked, so a name
 *   that resolves elsewhere between the check and the connect (DNS rebinding) gains nothing.
 */

export interface PushEndpointPolicy {
  /**
   * Test configuration only (PUSH_ALLOW_LOOPBACK_ENDPOINTS, refused in production): allows
   * http and loopback addresses, for a push endpoint on this machine. Private ranges stay refused.
   */
  readonly allowLoopback: boolean;
}

export const STRICT_PUSH_ENDPOINTS: PushEndpointPolicy = { allowLoopback: false };

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'unspecified'
  | 'cgnat'
  | 'multicast'
  | 'reserved';

interface Range {
  readonly prefix: readonly number[];
  readonly bits: number;
  readonly kind: Exclude<AddressKind, 'public'>;
}

const v4 = (a: number, b: number, c: number, d: number) => [a, b, c, d];

const IPV4_RANGES: readonly Range[] = [
  { prefix: v4(0, 0, 0, 0), bits: 8, kind: 'unspecified' },
  { prefix: v4(10, 0, 0, 0), bits: 8, kind: 'private' },
  { prefix: v4(100, 64, 0, 0), bits: 10, kind: 'cgnat' },
  { prefix: v4(127, 0, 0, 0), bits: 8, kind: 'loopback' },
  { prefix: v4(169, 254, 0, 0), bits: 16, kind: 'link-local' },
  { prefix: v4(172, 16, 0, 0), bits: 12, kind: 'private' },
  { prefix: v4(192, 0, 0, 0), bits: 24, kind: 'reserved' },
  { prefix: v4(192, 168, 0, 0), bits: 16, kind: 'private' },
  { prefix: v4(198, 18, 0, 0), bits: 15, kind: 'reserved' },
  { prefix: v4(224, 0, 0, 0), bits: 4, kind: 'multicast' },
  { prefix: v4(240, 0, 0, 0), bits: 4, kind: 'reserved' },
];

/** IPv6 ranges of their own; the forms that embed an IPv4 address are handled before these. */
const IPV6_RANGES: readonly Range[] = [
  { prefix: [0xfe, 0x80], bits: 10, kind: 'link-local' },
  // Site-local, deprecated but still routed inside some networks.
  { prefix: [0xfe, 0xc0], bits: 10, kind: 'private' },
  { prefix: [0xfc], bits: 7, kind: 'unique-local' },
  { prefix: [0xff], bits: 8, kind: 'multicast' },
];

function inRange(bytes: readonly number[], range: Range): boolean {
  for (let bit = 0; bit < range.bits; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[index] ?? 0) & mask) !== ((range.prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function parseIpv4(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address that `isIP` accepted (zone id removed). */
function parseIpv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted?.[1]) {
    tail = parseIpv4(dotted[1]);
    text = text.slice(0, -dotted[1].length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - tail.length / 2 - left.length - right.length;
  const words = [...left, ...new Array<number>(rest === undefined ? 0 : missing).fill(0), ...right];
  return [...words.flatMap((word) => [word >> 8, word & 0xff]), ...tail];
}

function classifyIpv4(bytes: readonly number[]): AddressKind {
  return IPV4_RANGES.find((range) => inRange(bytes, range))?.kind ?? 'public';
}

function classifyIpv6(bytes: readonly number[]): AddressKind {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  if (zeros(0, 16)) return 'unspecified';
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address decides.
  if (zeros(0, 10) && ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))) {
    return classifyIpv4(bytes.slice(12));
  }
  // NAT64 (64:ff9b::/96) reaches the embedded IPv4 address.
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return classifyIpv4(bytes.slice(12));
  }
  // 6to4 (2002::/16) tunnels to the IPv4 address in bytes 2-5.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) {
    const embedded = classifyIpv4(bytes.slice(2, 6));
    if (embedded !== 'public') return embedded;
  }
  return IPV6_RANGES.find((range) => inRange(bytes, range))?.kind ?? 'public';
}

/** What kind of address an IP literal is; null when it is not an IP address. */
export function classifyAddress(address: string): AddressKind | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return classifyIpv4(parseIpv4(bare));
  if (family === 6) return classifyIpv6(parseIpv6(bare));
  return null;
}

/** Whether a push may be sent to this IP address under the policy. */
export function isAllowedAddress(address: string, policy: PushEndpointPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (kind === 'loopback' && policy.allowLoopback);
}

export type PushEndpointProblem = 'not-https' | 'refused-address';

/** The words for each problem, shown to whoever saved the subscription. */
export const PUSH_ENDPOINT_PROBLEM_MESSAGES: Readonly<Record<PushEndpointProblem, string>> = {
  'not-https': 'The push endpoint must be an https URL.',
  'refused-address': 'The push endpoint must be on a public address, not a local or private network.',
};

/** Names that always mean this machine (RFC 6761), whatever DNS says. */
function isLocalName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * The check of the URL itself, before any DNS: the scheme, an IP literal host, a name that means
 * this machine. Returns the problem, or null when the URL may be tried (its name still goes
 * through `guardedLookup` on every send).
 */
export function pushEndpointProblem(endpoint: string, policy: PushEndpointPolicy): PushEndpointProblem | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not-https';
  }
  if (url.protocol !== 'https:' && !(policy.allowLoopback && url.protocol === 'http:')) return 'not-https';
  if (url.username !== '' || url.password !== '') return 'refused-address';
  const host = url.hostname;
  if (host === '') return 'refused-address';
  if (classifyAddress(host) !== null) return isAllowedAddress(host, policy) ? null : 'refused-address';
  if (isLocalName(host) && !policy.allowLoopback) return 'refused-address';
  return null;
}

/** Resolves a host name to all its addresses (dns.lookup by default; tests give their own). */
export type ResolveHost = (hostname: string) => Promise<dns.LookupAddress[]>;

export const systemResolve: ResolveHost = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Thrown into the connection when a name resolves to an address the policy refuses. */
export class RefusedAddressError extends Error {
  override readonly name = 'RefusedAddressError';
  readonly code = 'EPUSHREFUSED';
}

/**
 * A `lookup` for the push request's socket: resolves the name, refuses it if ANY of its addresses
 * is refused, and gives the socket exactly the addresses checked.
 */
export function guardedLookup(policy: PushEndpointPolicy, resolve: ResolveHost = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const addresses = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        const refused = addresses.find((entry) => !isAllowedAddress(entry.address, policy));
        const first = addresses[0];
        if (refused !== undefined || first === undefined) {
          const shown = refused?.address ?? 'no address';
          callback(new RefusedAddressError(`${hostname} resolves to ${shown}, which push requests may not reach`), '', 0);
        } else if (options.all === true) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };
}
