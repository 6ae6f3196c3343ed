import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareHlc, formatHlc, hlcNode, hlcWall, initialHlc, parseHlc, receive, tick, type Hlc, type HlcParts } from './hlc';

const DAY = 86_400_000;
const physicalTime = fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 });

describe('hybrid logical clock', () => {
  it('formats and parses back, and orders by time, then counter, then node', () => {
    const a = formatHlc({ wall: 1_700_000_000_000, counter: 2, node: 'phone' });
    expect(parseHlc(a)).toEqual({ wall: 1_700_000_000_000, counter: 2, node: 'phone' });
    expect(compareHlc(a, formatHlc({ wall: 1_700_000_000_001, counter: 0, node: 'a' }))).toBe(-1);
    expect(compareHlc(a, formatHlc({ wall: 1_700_000_000_000, counter: 3, node: 'a' }))).toBe(-1);
    expect(compareHlc(a, formatHlc({ wall: 1_700_000_000_000, counter: 2, node: 'zz' }))).toBe(-1);
    expect(parseHlc('not a clock')).toBeNull();
  });

  it('never goes backwards, even when the physical clock does', () => {
    fc.assert(
      fc.property(fc.array(physicalTime, { minLength: 1, maxLength: 50 }), (times) => {
        let clock: HlcParts = initialHlc('device');
        let previous = formatHlc(clock);
        for (const now of times) {
          clock = tick(clock, now);
          const next = formatHlc(clock);
          expect(compareHlc(previous, next)).toBe(-1);
          previous = next;
        }
      }),
    );
  });

  it('after receiving a remote time, the next stamp is later than both', () => {
    fc.assert(
      fc.property(physicalTime, physicalTime, physicalTime, (localNow, remoteNow, now) => {
        const local = tick(initialHlc('a'), localNow);
        const remote = tick(initialHlc('b'), remoteNow);
        const next = tick(receive(local, remote, now), now);
        expect(compareHlc(formatHlc(local), formatHlc(next))).toBe(-1);
        expect(compareHlc(formatHlc(remote), formatHlc(next))).toBe(-1);
      }),
    );
  });

  it('a device a day behind still stamps after what it has seen from the server', () => {
    const serverNow = 1_800_000_000_000;
    const seen = tick(initialHlc('server'), serverNow);
    const slowDevice = receive(initialHlc('phone'), seen, serverNow - DAY);
    const write = tick(slowDevice, serverNow - DAY);
    expect(compareHlc(formatHlc(seen), formatHlc(write))).toBe(-1);
  });
});

describe('hlcNode and hlcWall', () => {
  it('read what parseHlc reads, for every clock shape the protocol allows and a few it does not', () => {
    const malformed = ['', 'nonsense', '12345678901234-000000-a', 'abcdefghijklmno-000000-node', '000000000000001-00000x-node', '000000000000001-000000-'];
    for (const text of malformed) {
      // Cast on purpose: the fallback must read a malformed clock as parseHlc does.
      const clock = text as Hlc;
      expect([hlcNode(clock) || undefined, hlcWall(clock)]).toEqual([parseHlc(text)?.node, parseHlc(text)?.wall]);
    }
    for (const node of ['a', 'device-1', 'A_b-C', 'x'.repeat(64)]) {
      for (const [wall, counter] of [
        [0, 0],
        [1_800_000_000_000, 999_999],
        [999_999_999_999_999, 12],
      ] as const) {
        const hlc = formatHlc({ wall, counter, node });
        expect(hlcNode(hlc)).toBe(parseHlc(hlc)?.node);
        expect(hlcWall(hlc)).toBe(parseHlc(hlc)?.wall);
      }
    }
  });

  it('agree with parseHlc on any well-formed clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), fc.integer({ min: 0, max: 999_999 }), fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/), (wall, counter, node) => {
        const hlc = formatHlc({ wall, counter, node });
        expect([hlcWall(hlc), hlcNode(hlc)]).toEqual([wall, node]);
      }),
    );
  });
});
