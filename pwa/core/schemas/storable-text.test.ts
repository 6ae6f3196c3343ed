import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unstorableText, wellFormed, wellFormedDeep } from './storable-text';

describe('unstorableText', () => {
  it.each([
    ['plain text', 'Grateful for tea ☕', null],
    ['a character outside the BMP', 'smile 😀', null],
    ['NUL', 'a\u0000b', 'NUL'],
    ['a lone high surrogate at the end', 'ab\ud83d', 'LONE_SURROGATE'],
    ['a lone low surrogate', '\ude00x', 'LONE_SURROGATE'],
    ['two high surrogates', '\ud83d\ud83d', 'LONE_SURROGATE'],
  ])('%s', (_case, text, expected) => {
    expect(unstorableText(text)).toBe(expected);
  });

  it('looks into arrays, nested objects and their keys', () => {
    expect(unstorableText({ state: { x: '\ud800' } })).toBe('LONE_SURROGATE');
    expect(unstorableText([1, true, null, { ok: ['fine', 'a\u0000'] }])).toBe('NUL');
    expect(unstorableText({ ['k\u0000']: 1 })).toBe('NUL');
    expect(unstorableText({ a: 1, b: [null, 'ok'], c: { d: 'ok' } })).toBeNull();
  });
});

describe('wellFormed', () => {
  it('replaces each half of a pair with U+FFFD and keeps whole characters', () => {
    expect(wellFormed('ab\ud83d')).toBe('ab\ufffd');
    expect(wellFormed('\ude00😀\ud83d\ud83d')).toBe('\ufffd😀\ufffd\ufffd');
    expect(wellFormed('plain')).toBe('plain');
  });

  it('always gives a text the server stores as it is, and agrees with the standard toWellFormed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const fixed = wellFormed(text);
        expect(unstorableText(fixed.replaceAll('\u0000', ''))).toBeNull();
        const standard = (text as string & { toWellFormed?: () => string }).toWellFormed?.();
        if (standard !== undefined) expect(fixed).toBe(standard);
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('wellFormedDeep', () => {
  it('mends every text of a record and keeps everything else', () => {
    const record = { gratitudeOne: 'ab\ud83d', done: true, count: 3, state: { ['k\udc00']: ['x\ud800', null] } };
    expect(wellFormedDeep(record)).toEqual({ gratitudeOne: 'ab\ufffd', done: true, count: 3, state: { ['k\ufffd']: ['x\ufffd', null] } });
    expect(unstorableText(wellFormedDeep(record))).toBeNull();
  });
});
