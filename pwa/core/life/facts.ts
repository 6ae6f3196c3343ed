import { LIFE_WEEKS, WEEKS_PER_ROW } from './life-weeks';

/**
 * The figures behind "By the numbers". Years are counted as 52 weeks here, as on the chart, so
 * the published round figures (2,236 career weeks, 936 retirement weeks) come out exactly.
 */
export const US_LIFE_EXPECTANCY_YEARS = 83;
export const CAREER_START_AGE = 22;
export const RETIREMENT_AGE = 65;
export const WEEKS_PER_SKILL = 50;
/** Women in the US outlive men by about seven years. */
export const WOMEN_EXTRA_WEEKS = 7 * WEEKS_PER_ROW;
/** The product's own published figures for a whole career, and a career plus retirement. */
export const SKILLS_IN_CAREER = 44;
export const SKILLS_WITH_RETIREMENT = 64;

export const LIFE_EXPECTANCY_WEEKS = US_LIFE_EXPECTANCY_YEARS * WEEKS_PER_ROW;
export const CAREER_WEEKS = (RETIREMENT_AGE - CAREER_START_AGE) * WEEKS_PER_ROW;
export const RETIREMENT_WEEKS = (US_LIFE_EXPECTANCY_YEARS - RETIREMENT_AGE) * WEEKS_PER_ROW;
/** About a third of every day asleep: over 1,500 weeks of a 91-year chart. */
export const SLEEP_WEEKS = Math.floor(LIFE_WEEKS / 3);

/** The weeks of the span [from, to) (in weeks of life) that are still ahead of someone who has lived `lived`. */
function weeksAhead(lived: number, from: number, to: number): number {
  return Math.max(0, to - Math.max(lived, from));
}

export type CareerStage = 'before' | 'during' | 'after';

export interface LifeFacts {
  /** Weeks until an average US life expectancy, never below 0. */
  readonly toLifeExpectancy: number;
  readonly careerStage: CareerStage;
  readonly careerWeeksLeft: number;
  readonly retirementWeeksLeft: number;
  /** Skills of WEEKS_PER_SKILL weeks that still fit in the career, then with retirement too. */
  readonly skillsLeftInCareer: number;
  readonly skillsLeftWithRetirement: number;
  /** Weeks already spent asleep, at a third of every day. */
  readonly weeksSlept: number;
}

export function lifeFacts(lived: number): LifeFacts {
  const careerStart = CAREER_START_AGE * WEEKS_PER_ROW;
  const careerEnd = RETIREMENT_AGE * WEEKS_PER_ROW;
  const careerWeeksLeft = weeksAhead(lived, careerStart, careerEnd);
  const retirementWeeksLeft = weeksAhead(lived, careerEnd, LIFE_EXPECTANCY_WEEKS);
  const careerStage: CareerStage = lived < careerStart ? 'before' : lived < careerEnd ? 'during' : 'after';
  return {
    toLifeExpectancy: Math.max(0, LIFE_EXPECTANCY_WEEKS - lived),
    careerStage,
    careerWeeksLeft,
    retirementWeeksLeft,
    skillsLeftInCareer: Math.floor(careerWeeksLeft / WEEKS_PER_SKILL),
    skillsLeftWithRetirement: Math.floor((careerWeeksLeft + retirementWeeksLeft) / WEEKS_PER_SKILL),
    weeksSlept: Math.round(lived / 3),
  };
}
