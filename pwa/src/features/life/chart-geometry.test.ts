import { describe, expect, it } from 'vitest';
import { weekAtPoint } from './chart-geometry';

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
