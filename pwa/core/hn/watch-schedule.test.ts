import { describe, expect, it } from 'vitest';
import { checkIntervalMs, mostSamples, nextCheckAt, sampleGapMs, WATCH_ENDS_AT_AGE_MS } from './watch-schedule';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const POSTED = Date.parse('2026-03-02T14:00:00Z');

describe('checkIntervalMs', () => {
  it('checks every 2 minutes in the first 2 hours, then every 10 until a day, hourly until a week, daily until 30 days', () => {
    expect(checkIntervalMs(0)).toBe(2 * MINUTE);
    expect(checkIntervalMs(2 * HOUR - 1)).toBe(2 * MINUTE);
    expect(checkIntervalMs(2 * HOUR)).toBe(10 * MINUTE);
    expect(checkIntervalMs(DAY - 1)).toBe(10 * MINUTE);
    expect(checkIntervalMs(DAY)).toBe(HOUR);
    expect(checkIntervalMs(7 * DAY - 1)).toBe(HOUR);
    expect(checkIntervalMs(7 * DAY)).toBe(DAY);
    expect(checkIntervalMs(30 * DAY - 1)).toBe(DAY);
  });

  it('stops at 30 days', () => {
    expect(WATCH_ENDS_AT_AGE_MS).toBe(30 * DAY);
    expect(checkIntervalMs(30 * DAY)).toBeNull();
    expect(checkIntervalMs(400 * DAY)).toBeNull();
  });

  it('treats a post time ahead of our clock as just posted', () => {
    expect(checkIntervalMs(-5 * MINUTE)).toBe(2 * MINUTE);
  });

  it('never checks less often as the post gets younger', () => {
    let previous = 0;
    for (let age = 0; age < 30 * DAY; age += 7 * MINUTE) {
      const every = checkIntervalMs(age) ?? Number.POSITIVE_INFINITY;
      expect(every).toBeGreaterThanOrEqual(previous);
      previous = every;
    }
  });
});

describe('nextCheckAt', () => {
  it('plans the next check one interval after this one, by the post’s age now', () => {
    expect(nextCheckAt(POSTED, POSTED + 10 * MINUTE)).toBe(POSTED + 12 * MINUTE);
    expect(nextCheckAt(POSTED, POSTED + 3 * HOUR)).toBe(POSTED + 3 * HOUR + 10 * MINUTE);
    expect(nextCheckAt(POSTED, POSTED + 2 * DAY)).toBe(POSTED + 2 * DAY + HOUR);
    expect(nextCheckAt(POSTED, POSTED + 29 * DAY)).toBe(POSTED + 30 * DAY);
  });

  it('plans none once the post is 30 days old', () => {
    expect(nextCheckAt(POSTED, POSTED + 30 * DAY)).toBeNull();
  });

  it('follows a post from its launch to its end in a few hundred checks', () => {
    let checks = 0;
    for (let at: number | null = POSTED; at !== null; at = nextCheckAt(POSTED, at)) checks += 1;
    // 60 in the first 2 h, 132 until a day, 144 until a week, 24 daily ones (the last on day 30).
    expect(checks).toBe(60 + 132 + 144 + 24);
  });
});

describe('sampleGapMs', () => {
  it('lets each scheduled check take a sample, even one running a little early, and no more', () => {
    expect(sampleGapMs(POSTED, POSTED + 10 * MINUTE)).toBe(108_000);
    expect(sampleGapMs(POSTED, POSTED + 3 * DAY)).toBe(0.9 * HOUR);
    expect(sampleGapMs(POSTED, POSTED + 31 * DAY)).toBeNull();
  });

  it('keeps the faster stage’s gap for the first check of a slower one, so that check records its point', () => {
    // The last 2-minute check is at 1 h 58; the first 10-minute one at 2 h comes 2 minutes later.
    expect(sampleGapMs(POSTED, POSTED + 2 * HOUR)).toBe(108_000);
    expect(sampleGapMs(POSTED, POSTED + 2 * HOUR + 10 * MINUTE)).toBe(9 * MINUTE);
    expect(sampleGapMs(POSTED, POSTED + DAY)).toBe(9 * MINUTE);
    expect(sampleGapMs(POSTED, POSTED + 7 * DAY)).toBe(0.9 * HOUR);
  });

  it('lets every check on the schedule record a point', () => {
    let last: number | null = null;
    for (let at: number | null = POSTED; at !== null; at = nextCheckAt(POSTED, at)) {
      const gap = sampleGapMs(POSTED, at);
      if (gap === null) break;
      if (last !== null) expect(at - last).toBeGreaterThanOrEqual(gap);
      last = at;
    }
  });

  it('bounds the samples of one post whatever the traffic', () => {
    const bound = mostSamples();
    expect(bound).toBeGreaterThanOrEqual(60 + 132 + 144 + 24);
    expect(bound).toBeLessThan(450);
    // Samples taken as often as the gap allows, from launch to the end, stay within it.
    let taken = 0;
    for (let at: number = POSTED; ; ) {
      const gap = sampleGapMs(POSTED, at);
      if (gap === null) break;
      taken += 1;
      at += gap;
    }
    expect(taken).toBeLessThanOrEqual(bound);
  });
});
