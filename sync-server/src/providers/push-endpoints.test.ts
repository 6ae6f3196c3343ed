import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  guardedLookup,
  isAllowedAddress,
  pushEndpointProblem,
  STRICT_PUSH_ENDPOINTS,
  type AddressKind,
  type ResolveHost,
} from './push-endpoints.ts';

const TESTS = { allowLoopback: true };

describe('classifyAddress', () => {
  it.each<[string, AddressKind]>([
    // IPv4
    ['8.8.8.8', 'public'],
    ['142.250.74.10', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.168.1.1', 'private'],
    ['192.169.0.1', 'public'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['2001:4860:4860::8888', 'public'],
    ['2a00:1450:4001:82b::200a', 'public'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['[::1]', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
    // IPv6 forms that carry an IPv4 address
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:192.168.0.1', 'private'],
    ['::ffff:100.64.0.1', 'cgnat'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each(['localhost', 'push.example.com', '1.2.3', '::ffff:1.2.3.4.5', ''])('%s is not an IP address', (text) => {
    expect(classifyAddress(text)).toBeNull();
  });

  it('allows loopback only under the test policy, and nothing private under either', () => {
    expect(isAllowedAddress('127.0.0.1', STRICT_PUSH_ENDPOINTS)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', TESTS)).toBe(true);
    expect(isAllowedAddress('::1', TESTS)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', TESTS)).toBe(false);
    expect(isAllowedAddress('fd00::1', TESTS)).toBe(false);
    expect(isAllowedAddress('8.8.8.8', STRICT_PUSH_ENDPOINTS)).toBe(true);
  });
});

describe('pushEndpointProblem', () => {
  it.each<[string, ReturnType<typeof pushEndpointProblem>]>([
    ['https://fcm.googleapis.com/fcm/send/abc', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', null],
    ['https://web.push.apple.com/QGZ', null],
    ['https://8.8.8.8/push', null],
    ['http://fcm.googleapis.com/fcm/send/abc', 'not-https'],
    ['ftp://push.example.com/x', 'not-https'],
    ['not a url', 'not-https'],
    ['https://127.0.0.1:18091/internal-admin/do-something?x=1', 'refused-address'],
    ['http://127.0.0.1:18091/internal-admin/do-something?x=1', 'not-https'],
    ['https://2130706433/', 'refused-address'],
    ['https://0x7f.1/', 'refused-address'],
    ['https://127.1/', 'refused-address'],
    ['https://0/', 'refused-address'],
    ['https://[::1]/', 'refused-address'],
    ['https://[::]/', 'refused-address'],
    ['https://[::ffff:127.0.0.1]/', 'refused-address'],
    ['https://[::ffff:a9fe:a9fe]/latest/meta-data', 'refused-address'],
    ['https://169.254.169.254/latest/meta-data', 'refused-address'],
    ['https://10.0.0.5/', 'refused-address'],
    ['https://172.20.1.1/', 'refused-address'],
    ['https://192.168.0.1/', 'refused-address'],
    ['https://100.100.100.100/', 'refused-address'],
    ['https://[fd00::1]/', 'refused-address'],
    ['https://[fe80::1]/', 'refused-address'],
    ['https://localhost/', 'refused-address'],
    ['https://LOCALHOST./', 'refused-address'],
    ['https://admin.localhost/', 'refused-address'],
    ['https://user:pw@push.example.com/', 'refused-address'],
  ])('%s → %s', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, STRICT_PUSH_ENDPOINTS)).toBe(problem);
  });

  it('accepts the local test endpoint only under the test policy', () => {
    expect(pushEndpointProblem('http://127.0.0.1:4000/push/1', TESTS)).toBeNull();
    expect(pushEndpointProblem('http://localhost:4000/push/1', TESTS)).toBeNull();
    expect(pushEndpointProblem('http://10.0.0.1:4000/push/1', TESTS)).toBe('refused-address');
  });
});

describe('guardedLookup', () => {
  const resolver =
    (table: Record<string, LookupAddress[]>): ResolveHost =>
    (hostname) =>
      Promise.resolve(table[hostname] ?? []);

  function lookup(hostname: string, resolve: ResolveHost, all: boolean) {
    return new Promise<{ error: Error | null; address: unknown }>((settle) => {
      guardedLookup(STRICT_PUSH_ENDPOINTS, resolve)(hostname, { all }, (error, address) => settle({ error, address }));
    });
  }

  const table = resolver({
    'push.example.com': [{ address: '142.250.74.10', family: 4 }],
    'rebound.example.com': [{ address: '127.0.0.1', family: 4 }],
    'mixed.example.com': [
      { address: '142.250.74.10', family: 4 },
      { address: '::ffff:10.0.0.1', family: 6 },
    ],
  });

  it('gives the socket the addresses it checked', async () => {
    expect(await lookup('push.example.com', table, true)).toEqual({ error: null, address: [{ address: '142.250.74.10', family: 4 }] });
    expect(await lookup('push.example.com', table, false)).toEqual({ error: null, address: '142.250.74.10' });
  });

  it.each(['rebound.example.com', 'mixed.example.com', 'nowhere.example.com'])('refuses %s', async (hostname) => {
    const { error } = await lookup(hostname, table, true);
    expect(error?.name).toBe('RefusedAddressError');
  });
});
