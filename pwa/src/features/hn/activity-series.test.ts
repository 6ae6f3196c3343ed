import { describe, expect, it } from 'vitest';
import type { StorySample } from '#core/schemas/hn';
import { activitySummary, lineOf } from './activity-series';

const BOX = { width: 300, height: 60, pad: 5 };
const now = new Date(2026, 2, 2, 18, 0);
const at = (hour: number, minute: number) => new Date(2026, 2, 2, hour, minute).toISOString();
const sample = (time: string, score: number, commentCount: number): StorySample => ({ at: time, score, commentCount });

describe('lineOf', () => {
  it('runs from the first sample at the left to the last at the right, lowest at the bottom, highest at the top', () => {
    const samples = [sample(at(14, 0), 10, 0), sample(at(14, 30), 40, 5), sample(at(15, 0), 25, 12)];
    expect(lineOf(samples, 'score', BOX)).toEqual({ path: 'M0 55 L150 5 L300 30', lowest: 10, highest: 40, last: 25 });
    expect(lineOf(samples, 'commentCount', BOX)?.path).toBe('M0 55 L150 34.2 L300 5');
  });

  it('places points by their time, not their order: a gap in the checks stays a gap', () => {
    const samples = [sample(at(14, 0), 1, 0), sample(at(14, 10), 2, 0), sample(at(15, 40), 3, 0)];
    expect(lineOf(samples, 'score', BOX)?.path).toBe('M0 55 L30 30 L300 5');
  });

  it('draws a flat figure through the middle, one sample as a dot, and nothing without samples', () => {
    expect(lineOf([sample(at(14, 0), 7, 3), sample(at(14, 2), 7, 3)], 'score', BOX)?.path).toBe('M0 30 L300 30');
    expect(lineOf([sample(at(14, 0), 7, 3)], 'score', BOX)?.path).toBe('M150 30 L150 30');
    expect(lineOf([], 'score', BOX)).toBeNull();
  });
});

describe('activitySummary', () => {
  it('tells the chart in words: both figures from the first point to the last, when, and how many checks', () => {
    const samples = [sample(at(14, 0), 10, 1), sample(at(14, 2), 12, 1), sample(at(16, 40), 1204, 41)];
    expect(activitySummary(samples, now)).toBe('Score went from 10 points to 1,204 points and comments went from 1 comment to 41 comments, between 2:00 PM and 4:40 PM (3 checks).');
  });

  it('says when a figure did not move', () => {
    const samples = [sample(at(14, 0), 10, 4), sample(at(14, 2), 11, 4)];
    expect(activitySummary(samples, now)).toContain('comments stayed at 4 comments');
  });

  it('says what one point holds, and that none are there yet', () => {
    expect(activitySummary([sample(at(14, 0), 1, 0)], now)).toBe('1 point and 0 comments at 2:00 PM. The lines start with the next check.');
    expect(activitySummary([], now)).toBe('No points yet: the first comes with the next check of the post.');
  });
});
