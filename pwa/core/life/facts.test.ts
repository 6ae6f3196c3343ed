import { describe, expect, it } from 'vitest';
import {
  CAREER_WEEKS,
  LIFE_EXPECTANCY_WEEKS,
  RETIREMENT_WEEKS,
  SKILLS_IN_CAREER,
  SLEEP_WEEKS,
  WEEKS_PER_SKILL,
  WOMEN_EXTRA_WEEKS,
  lifeFacts,
} from './facts';

describe('the published figures', () => {
  it('come out of the ages', () => {
    expect(CAREER_WEEKS).toBe(2236);
    expect(RETIREMENT_WEEKS).toBe(936);
    expect(WOMEN_EXTRA_WEEKS).toBe(364);
    expect(SLEEP_WEEKS).toBeGreaterThan(1500);
    expect(Math.floor(CAREER_WEEKS / WEEKS_PER_SKILL)).toBe(SKILLS_IN_CAREER);
  });
});

describe('lifeFacts', () => {
  it('gives someone still in school a whole career ahead', () => {
    expect(lifeFacts(500)).toMatchObject({
      careerStage: 'before',
      careerWeeksLeft: 2236,
      retirementWeeksLeft: 936,
      skillsLeftInCareer: 44,
      toLifeExpectancy: LIFE_EXPECTANCY_WEEKS - 500,
    });
  });

  it('counts what is left of a career under way', () => {
    // 36 years in: 29 working years (1,508 weeks) to go.
    expect(lifeFacts(36 * 52)).toMatchObject({
      careerStage: 'during',
      careerWeeksLeft: 1508,
      skillsLeftInCareer: 30,
      skillsLeftWithRetirement: 48,
    });
  });

  it('counts retirement only once the career is over', () => {
    expect(lifeFacts(70 * 52)).toMatchObject({ careerStage: 'after', careerWeeksLeft: 0, retirementWeeksLeft: 676 });
  });

  it('never goes negative past the average life', () => {
    expect(lifeFacts(4700)).toMatchObject({ toLifeExpectancy: 0, careerWeeksLeft: 0, retirementWeeksLeft: 0 });
  });

  it('counts a third of the weeks lived as sleep', () => {
    expect(lifeFacts(3000).weeksSlept).toBe(1000);
  });
});
