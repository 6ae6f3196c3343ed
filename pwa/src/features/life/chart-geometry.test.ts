import { describe, expect, it } from 'vitest';
import { tapReach, weekAtPoint } from './chart-geometry';

describe('weekAtPoint', () => {
  it('maps a point to the week under it, row by row', () => {
    expect(weekAtPoint(5, 5, 520, 910)).toBe(0);
    expect(weekAtPoint(515, 5, 520, 910)).toBe(51);
    expect(weekAtPoint(5, 15, 520, 910)).toBe(52);
    expect(weekAtPoint(25, 525, 520, 910)).toBe(2706);
    expect(weekAtPoint(519, 909, 520, 910)).toBe(4731);
  });

  it('is off the chart outside it', () => {
    expect(weekAtPoint(-1, 5, 520, 910)).toBe(-1);
    expect(weekAtPoint(520, 5, 520, 910)).toBe(-1);
    expect(weekAtPoint(5, 910, 520, 910)).toBe(-1);
    expect(weekAtPoint(5, 5, 0, 0)).toBe(-1);
  });
});

describe('tapReach', () => {
  it('reaches as far as it likes with no week near', () => {
    expect(tapReach(1817, [1817, 2706, 1000])).toEqual({ up: Infinity, down: Infinity, left: Infinity, right: Infinity });
  });

  it('stops half-way to a near week, on the axis they are farther apart', () => {
    // Amelia Earhart's week and, two rows down and one column left, this week of someone born 1990-01-31.
    expect(tapReach(1817, [1920])).toEqual({ up: Infinity, down: 1, left: Infinity, right: Infinity });
    expect(tapReach(1920, [1817])).toEqual({ up: 1, down: Infinity, left: Infinity, right: Infinity });
    expect(tapReach(100, [101, 98])).toEqual({ up: Infinity, down: Infinity, left: 1, right: 0.5 });
  });
});
