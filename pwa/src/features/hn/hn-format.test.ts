import { describe, expect, it } from 'vitest';
import { counted, formatAge, formatAsOf } from './hn-format';

const now = new Date(2026, 10, 24, 15, 0);
const before = (seconds: number) => new Date(now.getTime() - seconds * 1_000);

describe('tracker numbers and times', () => {
  it('counts with English digit grouping and the right plural', () => {
    expect(counted(1, 'point')).toBe('1 point');
    expect(counted(1204, 'point')).toBe('1,204 points');
    expect(counted(0, 'comment')).toBe('0 comments');
  });

  it('says how long ago in the largest whole unit', () => {
    expect(formatAge(before(20), now)).toBe('just now');
    expect(formatAge(before(-60), now)).toBe('just now');
    expect(formatAge(before(5 * 60), now)).toBe('5 minutes ago');
    expect(formatAge(before(3 * 3_600 + 59 * 60), now)).toBe('3 hours ago');
    expect(formatAge(before(86_400), now)).toBe('yesterday');
    expect(formatAge(before(15 * 86_400), now)).toBe('2 weeks ago');
  });

  it('writes "as of" as a time today and with the day otherwise', () => {
    expect(formatAsOf(new Date(2026, 10, 24, 9, 5), now)).toBe('9:05 AM');
    expect(formatAsOf(new Date(2026, 10, 23, 21, 30), now)).toBe('Nov 23, 9:30 PM');
  });
});
