import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc, type Hlc } from './hlc';
import { EMPTY_STATE, earlierVersions, keepNewest, mergeStates, mergeWrite, type FieldState, type FieldWrite, type KeptText } from './merge';

const hlc = (wall: number, node = 'a', counter = 0): Hlc => formatHlc({ wall, counter, node });

const writeArb: fc.Arbitrary<FieldWrite> = fc.record({
  fields: fc.dictionary(fc.constantFrom('gratitudeOne', 'gratitudeTwo', 'mortality'), fc.oneof(fc.string({ maxLength: 4 }), fc.boolean()), {
    minKeys: 1,
  }),
  hlc: fc
    .tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 3 }), fc.constantFrom('phone', 'laptop', 'tablet'))
    .map(([wall, counter, node]) => hlc(wall, node, counter)),
});

/** Two writes never share a clock: a stamp is unique per write. */
const uniqueWrites = (minLength: number, maxLength: number) =>
  fc.uniqueArray(writeArb, { minLength, maxLength, selector: (write) => write.hlc });

function applyAll(writes: readonly FieldWrite[]): FieldState {
  return writes.reduce((state, write) => mergeWrite(state, write).state, EMPTY_STATE);
}

describe('field-level last-writer-wins', () => {
  it('the write with the later clock wins each field, field by field', () => {
    const state = applyAll([
      { fields: { gratitudeOne: 'tea', gratitudeTwo: 'rain' }, hlc: hlc(2, 'phone') },
      { fields: { gratitudeOne: 'coffee' }, hlc: hlc(1, 'laptop') },
      { fields: { gratitudeTwo: 'sun' }, hlc: hlc(3, 'laptop') },
    ]);
    expect(state.values).toEqual({ gratitudeOne: 'tea', gratitudeTwo: 'sun' });
  });

  it('reports no change when a write loses everywhere or is replayed', () => {
    const first = mergeWrite(EMPTY_STATE, { fields: { gratitude: true }, hlc: hlc(5) });
    expect(first.changed).toEqual(['gratitude']);
    expect(mergeWrite(first.state, { fields: { gratitude: true }, hlc: hlc(5) }).changed).toEqual([]);
    expect(mergeWrite(first.state, { fields: { gratitude: false }, hlc: hlc(4) }).changed).toEqual([]);
  });

  it('gives the same record for any order and any number of replays of the same writes', () => {
    fc.assert(
      fc.property(
        uniqueWrites(1, 12),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 12, maxLength: 12 }),
        fc.nat(),
        (writes, copies, seed) => {
          const replayed = writes.flatMap((write, index) => Array.from({ length: copies[index] ?? 1 }, () => write));
          const shuffled = fc.sample(fc.shuffledSubarray(replayed, { minLength: replayed.length }), { seed, numRuns: 1 })[0] ?? replayed;
          expect(applyAll(shuffled)).toEqual(applyAll(writes));
        },
      ),
    );
  });

  it('merging two replicas is commutative', () => {
    fc.assert(
      fc.property(uniqueWrites(0, 16), (writes) => {
        const left = writes.slice(0, writes.length / 2);
        const right = writes.slice(writes.length / 2);
        const a = applyAll(left);
        const b = applyAll(right);
        expect(mergeStates(a, b)).toEqual(mergeStates(b, a));
        expect(mergeStates(a, b)).toEqual(applyAll([...left, ...right]));
      }),
    );
  });
});

describe('kept texts', () => {
  it('keeps the newest text per device whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 99 }), fc.string()), { minLength: 1, maxLength: 10 }), (entries) => {
        const texts: KeptText[] = entries.map(([wall, text]) => ({ node: 'phone', hlc: hlc(wall, 'phone'), text }));
        const forward = texts.reduce<KeptText | undefined>((kept, text) => keepNewest(kept, text), undefined);
        const backward = [...texts].reverse().reduce<KeptText | undefined>((kept, text) => keepNewest(kept, text), undefined);
        expect(forward?.hlc).toBe(backward?.hlc);
      }),
    );
  });

  it('shows the other device\'s different text as an earlier version, newest first', () => {
    const kept: KeptText[] = [
      { node: 'phone', hlc: hlc(3, 'phone'), text: 'the sea' },
      { node: 'laptop', hlc: hlc(5, 'laptop'), text: 'a walk' },
      { node: 'tablet', hlc: hlc(4, 'tablet'), text: 'a walk' },
      { node: 'watch', hlc: hlc(2, 'watch'), text: '  ' },
      { node: 'old', hlc: hlc(1, 'old'), text: 'bread' },
    ];
    expect(earlierVersions(kept, { text: 'a walk', hlc: hlc(5, 'laptop') }).map((v) => v.text)).toEqual(['the sea', 'bread']);
  });
});
