import { describe, expect, it } from 'vitest';
import { chartGeometry, weekAtPoint } from './chart-geometry';

describe('chartGeometry', () => {
  it('fits 52 whole-pixel columns into a 320 px phone column', () => {
    const g = chartGeometry(320, 1);
    expect(g.pitch).toBe(6);
    expect(g.cssWidth).toBe(312);
    expect(g.cssHeight).toBe(546);
    expect(g.gap).toBeGreaterThanOrEqual(1);
  });

  it('uses device pixels on a dense screen so every edge stays sharp', () => {
    const g = chartGeometry(320, 3);
    expect(Number.isInteger(g.pitch)).toBe(true);
    expect(g.pitch).toBe(18);
    expect(g.cssWidth).toBe(312);
  });

  it('stops growing on a wide screen', () => {
    expect(chartGeometry(2000, 1).cssWidth).toBe(572);
  });

  it('never collapses below a visible cell', () => {
    expect(chartGeometry(0, 1).pitch).toBe(4);
  });
});

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
