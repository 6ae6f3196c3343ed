import { describe, expect, it } from 'vitest';
import { durationText, invalidTargetText } from './copy';

describe('calculator wording', () => {
  it.each([
    ['weeks', 0, '0 weeks'],
    ['weeks', 1, '0 weeks and 1 day'],
    ['weeks', 7, '1 week'],
    ['weeks', 8, '1 week and 1 day'],
    ['weeks', 17, '2 weeks and 3 days'],
    ['weeks', 70_000, '10,000 weeks'],
    ['days', 1, '1 day'],
    ['days', 1234, '1,234 days'],
  ] as const)('%s: %i days read "%s"', (unit, total, expected) => {
    expect(durationText(unit, total)).toBe(expected);
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
