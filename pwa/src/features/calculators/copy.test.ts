import { describe, expect, it } from 'vitest';
import { durationParts, durationText, invalidTargetText } from './copy';

describe('calculator wording', () => {
  it.each([
    ['weeks', 1, '1 day'],
    ['weeks', 2, '2 days'],
    ['weeks', 6, '6 days'],
    ['weeks', 7, '1 week'],
    ['weeks', 8, '1 week and 1 day'],
    ['weeks', 9, '1 week and 2 days'],
    ['weeks', 14, '2 weeks'],
    ['weeks', 15, '2 weeks and 1 day'],
    ['weeks', 17, '2 weeks and 3 days'],
    ['weeks', 21, '3 weeks'],
    ['weeks', 70_000, '10,000 weeks'],
    ['days', 1, '1 day'],
    ['days', 2, '2 days'],
    ['days', 7, '7 days'],
    ['days', 1234, '1,234 days'],
  ] as const)('%s: %i days read "%s"', (unit, total, expected) => {
    expect(durationText(unit, total)).toBe(expected);
  });

  it('never leads with zero weeks', () => {
    for (let total = 1; total < 7; total += 1) {
      expect(durationText('weeks', total)).not.toMatch(/\bweeks?\b/);
    }
  });

  it('gives the large count, its unit and the remainder separately, as the page shows them', () => {
    expect(durationParts('weeks', 2)).toEqual({ count: 2, unit: 'days', remainder: null });
    expect(durationParts('weeks', 1)).toEqual({ count: 1, unit: 'day', remainder: null });
    expect(durationParts('weeks', 8)).toEqual({ count: 1, unit: 'week', remainder: '1 day' });
    expect(durationParts('weeks', 21)).toEqual({ count: 3, unit: 'weeks', remainder: null });
    expect(durationParts('days', 8)).toEqual({ count: 8, unit: 'days', remainder: null });
  });

  it('shortens a long unreadable target so the message fits a phone', () => {
    const { detail } = invalidTargetText('unrecognized', 'x'.repeat(500), 'weeks');
    expect(detail.length).toBeLessThan(160);
    expect(detail).toContain('…”');
  });

  it('names the limit of the calculator it is on', () => {
    expect(invalidTargetText('too-far', '10001', 'weeks').detail).toContain('10,000 weeks');
    expect(invalidTargetText('too-far', '100001', 'days').detail).toContain('100,000 days');
  });
});
