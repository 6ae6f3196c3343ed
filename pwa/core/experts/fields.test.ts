import { describe, expect, it } from 'vitest';
import {
  EXPERT_VERBS,
  RATE_MAX_CENTS,
  RATE_MIN_CENTS,
  helpListFromText,
  helpListToText,
  parseRateDollars,
  rateProblem,
  rateToText,
} from '#core/experts/fields';

describe('expert fields', () => {
  it('offers the four verbs', () => {
    expect(EXPERT_VERBS).toEqual(['Consult', 'Mentor', 'Tutor', 'Work']);
  });

  it('reads the help list one item per line, dropping blank lines', () => {
    expect(helpListFromText(' React \r\n\n  TypeScript\n')).toEqual(['React', 'TypeScript']);
    expect(helpListFromText('')).toEqual([]);
    expect(helpListFromText(helpListToText(['A', 'B c']))).toEqual(['A', 'B c']);
  });

  it('reads a rate in dollars as exact cents', () => {
    expect(parseRateDollars('20')).toBe(2000);
    expect(parseRateDollars('20.5')).toBe(2050);
    expect(parseRateDollars('20.05')).toBe(2005);
    expect(parseRateDollars('$1,250.00')).toBe(125_000);
    expect(parseRateDollars('0.29')).toBe(29);
    for (const bad of ['', 'abc', '20.005', '-5', '1e3', '20.']) expect(parseRateDollars(bad), bad).toBeNull();
    expect(rateToText(2000)).toBe('20.00');
    expect(rateToText(2050)).toBe('20.50');
  });

  it('bounds the rate', () => {
    expect(rateProblem(RATE_MIN_CENTS)).toBeNull();
    expect(rateProblem(RATE_MAX_CENTS)).toBeNull();
    expect(rateProblem(RATE_MIN_CENTS - 1)).toBe('TOO_LOW');
    expect(rateProblem(RATE_MAX_CENTS + 1)).toBe('TOO_HIGH');
    expect(rateProblem(null)).toBe('NOT_AN_AMOUNT');
    expect(rateProblem(10.5)).toBe('NOT_AN_AMOUNT');
  });
});
