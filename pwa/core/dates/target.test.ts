import { describe, expect, it } from 'vitest';
import { resolveTarget } from './target';
import { day } from './test-days';

const today = day('2026-05-01');

describe('resolveTarget', () => {
  it.each([
    ['christmas', '2026-12-25', 'occasion', 'Christmas'],
    ['CHRISTMAS', '2026-12-25', 'occasion', 'Christmas'],
    ['thanksgiving', '2026-11-26', 'occasion', 'Thanksgiving'],
    ['endofyear', '2026-12-31', 'occasion', 'the end of the year'],
    ['1-week-from-today', '2026-05-08', 'offset', '1 week from today'],
    ['2-weeks-from-today', '2026-05-15', 'offset', '2 weeks from today'],
    ['3-weeks-from-today', '2026-05-22', 'offset', '3 weeks from today'],
  ])('reads the preset %s', (segment, expected, source, label) => {
    expect(resolveTarget(segment, 'weeks', today)).toEqual({ kind: 'ok', day: expected, source, label });
    expect(resolveTarget(segment, 'days', today)).toEqual({ kind: 'ok', day: expected, source, label });
  });

  it.each([
    ['0', 'weeks', '2026-05-01', '0 weeks from today'],
    ['1', 'weeks', '2026-05-08', '1 week from today'],
    ['17', 'weeks', '2026-08-28', '17 weeks from today'],
    ['007', 'weeks', '2026-06-19', '7 weeks from today'],
    ['1', 'days', '2026-05-02', '1 day from today'],
    ['245', 'days', '2027-01-01', '245 days from today'],
    ['10000', 'weeks', '2217-12-26', '10000 weeks from today'],
    ['100000', 'days', '2300-02-14', '100000 days from today'],
  ] as const)('reads the number %s as %s from today', (segment, unit, expected, label) => {
    expect(resolveTarget(segment, unit, today)).toEqual({ kind: 'ok', day: expected, source: 'offset', label });
  });

  it.each([
    ['2026-05-01', 'today'],
    ['2026-05-02', 'tomorrow'],
    ['2026-12-25', 'a later day'],
    ['2028-02-29', 'a leap day'],
    [' 2026-12-25 ', 'with spaces around it'],
  ])('accepts %s (%s)', (segment) => {
    expect(resolveTarget(segment, 'weeks', today)).toEqual({ kind: 'ok', day: segment.trim(), source: 'date' });
  });

  it('accepts the MM-DD-YYYY form the old hint asked for', () => {
    expect(resolveTarget('12-25-2026', 'days', today)).toEqual({ kind: 'ok', day: '2026-12-25', source: 'date' });
    expect(resolveTarget('02-30-2026', 'days', today)).toEqual({ kind: 'invalid', reason: 'impossible-date' });
  });

  it.each([
    ['2026-04-30', '2026-04-30'],
    ['2025-12-25', '2025-12-25'],
    ['1999-01-01', '1999-01-01'],
    ['04-30-2026', '2026-04-30'],
  ])('reports %s as past', (segment, expected) => {
    expect(resolveTarget(segment, 'weeks', today)).toEqual({ kind: 'past', day: expected });
  });

  it.each([
    ['2026-02-30', 'impossible-date'],
    ['2027-02-29', 'impossible-date'],
    ['2026-13-01', 'impossible-date'],
    ['0000-01-01', 'impossible-date'],
    ['-3', 'negative'],
    ['10001', 'too-far'],
    ['99999999999999999999999', 'too-far'],
    ['garbage', 'unrecognized'],
    ['', 'unrecognized'],
    ['2.5', 'unrecognized'],
    ['1e3', 'unrecognized'],
    ['2026-1-1', 'unrecognized'],
    ['2026-12-25T00:00', 'unrecognized'],
    ['NaN', 'unrecognized'],
    ['4-weeks-from-today', 'unrecognized'],
  ])('rejects %s as %s', (segment, reason) => {
    expect(resolveTarget(segment, 'weeks', today)).toEqual({ kind: 'invalid', reason });
  });

  it('caps days separately from weeks', () => {
    expect(resolveTarget('100001', 'days', today)).toEqual({ kind: 'invalid', reason: 'too-far' });
    expect(resolveTarget('70000', 'days', today).kind).toBe('ok');
    expect(resolveTarget('70000', 'weeks', today)).toEqual({ kind: 'invalid', reason: 'too-far' });
  });

  it('refuses to run past the last representable day', () => {
    expect(resolveTarget('10000', 'weeks', day('9900-01-01'))).toEqual({ kind: 'invalid', reason: 'too-far' });
    expect(resolveTarget('christmas', 'weeks', day('9999-12-26'))).toEqual({ kind: 'invalid', reason: 'too-far' });
    expect(resolveTarget('endofyear', 'weeks', day('9999-12-26'))).toEqual({
      kind: 'ok',
      day: '9999-12-31',
      source: 'occasion',
      label: 'the end of the year',
    });
  });

  it('rolls presets to next year the day after', () => {
    expect(resolveTarget('christmas', 'days', day('2026-12-26'))).toMatchObject({ day: '2027-12-25' });
    expect(resolveTarget('thanksgiving', 'days', day('2026-11-27'))).toMatchObject({ day: '2027-11-25' });
    expect(resolveTarget('christmas', 'days', day('2026-12-25'))).toMatchObject({ day: '2026-12-25' });
  });
});
