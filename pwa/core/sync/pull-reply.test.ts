import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import { pullResponseSchema } from './protocol';
import { readPullResponse } from './pull-reply';

/** What the schema answers, in the hand check's shape: the value read, or null. */
function viaSchema(value: unknown): unknown {
  const parsed = pullResponseSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const hlc = formatHlc({ wall: Date.UTC(2026, 10, 22), counter: 3, node: 'phone-1' });
const change = { table: 'exercises', key: '2026-11-22', values: { gratitudeOne: 'tea', mortality: true }, clocks: { gratitudeOne: hlc, mortality: hlc }, deleted: false, rev: 7 };
const page = { changes: [change], cursor: 7, hasMore: false, reset: false, lastAppliedSeq: null, serverTime: 1_795_000_000_000.5 };
const withChange = (patch: Record<string, unknown>) => ({ ...page, changes: [{ ...change, ...patch }] });

describe('readPullResponse agrees with pullResponseSchema', () => {
  it.each<[string, unknown]>([
    ['a page', page],
    ['an empty page with a seq', { ...page, changes: [], lastAppliedSeq: 12 }],
    ['extra keys on the page and on a change', { ...withChange({ extra: 1 }), extra: true }],
    ['a tombstone', withChange({ values: {}, clocks: { deleted: hlc }, deleted: true })],
    ['every table', { ...page, changes: ['exercises', 'profiles', 'gameProgress', 'hnTriage'].map((table, index) => ({ ...change, table, rev: index + 1 })) }],
    ['an unknown table', withChange({ table: 'journal' })],
    ['a table from the prototype', withChange({ table: 'toString' })],
    ['a key that is a number', withChange({ key: 20261122 })],
    ['values as a list', withChange({ values: ['tea'] })],
    ['values null', withChange({ values: null })],
    ['a clock that is not a clock', withChange({ clocks: { gratitudeOne: 'yesterday' } })],
    ['a clock that is a number', withChange({ clocks: { gratitudeOne: 5 } })],
    ['deleted as text', withChange({ deleted: 'false' })],
    ['a zero revision', withChange({ rev: 0 })],
    ['a fractional revision', withChange({ rev: 1.5 })],
    ['an unsafe revision', withChange({ rev: 2 ** 60 })],
    ['a change that is null', { ...page, changes: [null] }],
    ['changes missing', { ...page, changes: undefined }],
    ['a negative cursor', { ...page, cursor: -1 }],
    ['a cursor as text', { ...page, cursor: '7' }],
    ['hasMore missing', { ...page, hasMore: undefined }],
    ['reset as a number', { ...page, reset: 0 }],
    ['no lastAppliedSeq', { ...page, lastAppliedSeq: undefined }],
    ['a negative lastAppliedSeq', { ...page, lastAppliedSeq: -2 }],
    ['serverTime as text', { ...page, serverTime: '1795000000000' }],
    ['an HTML page', '<html>captive portal</html>'],
    ['null', null],
    ['a list', [page]],
  ])('%s', (_name, value) => {
    expect(readPullResponse(value)).toEqual(viaSchema(value));
  });

  it('on any JSON in the shape of a page', () => {
    const field = fc.constantFrom('gratitudeOne', 'mortality', 'deleted', 'state');
    const json = fc.jsonValue({ maxDepth: 2 });
    const someChange = fc.record({
      table: fc.oneof(fc.constantFrom('exercises', 'profiles', 'gameProgress', 'hnTriage'), json),
      key: fc.oneof(fc.string(), json),
      values: fc.oneof(fc.dictionary(field, json), json),
      clocks: fc.oneof(fc.dictionary(field, fc.oneof(fc.constant(hlc), fc.string())), json),
      deleted: fc.oneof(fc.boolean(), json),
      rev: fc.oneof(fc.integer({ min: -2, max: 2 ** 40 }), json),
    });
    const somePage = fc.record({
      changes: fc.oneof(fc.array(someChange, { maxLength: 4 }), json),
      cursor: fc.oneof(fc.integer({ min: -2, max: 2 ** 40 }), json),
      hasMore: fc.oneof(fc.boolean(), json),
      reset: fc.oneof(fc.boolean(), json),
      lastAppliedSeq: fc.oneof(fc.constant(null), fc.integer({ min: -2, max: 2 ** 40 }), json),
      serverTime: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), json),
    });
    fc.assert(
      fc.property(somePage, (value) => {
        // Through JSON, as a reply arrives (no undefined, no -0).
        const reply: unknown = JSON.parse(JSON.stringify(value));
        expect(readPullResponse(reply)).toEqual(viaSchema(reply));
      }),
      { numRuns: 500 },
    );
  });
});
