import { formatCount } from '#core/dates/calendar-day';
import {
  CAREER_START_AGE,
  CAREER_WEEKS,
  RETIREMENT_AGE,
  RETIREMENT_WEEKS,
  SKILLS_IN_CAREER,
  SKILLS_WITH_RETIREMENT,
  SLEEP_WEEKS,
  US_LIFE_EXPECTANCY_YEARS,
  WEEKS_PER_SKILL,
  WOMEN_EXTRA_WEEKS,
  lifeFacts,
  type LifeFacts,
} from '#core/life/facts';
import styles from './life-sections.module.css';

export interface ByTheNumbersProps {
  readonly lived: number;
}

function careerLine(facts: LifeFacts): string {
  const career = `A working life from ${String(CAREER_START_AGE)} to ${String(RETIREMENT_AGE)} is about ${formatCount(CAREER_WEEKS)} weeks.`;
  switch (facts.careerStage) {
    case 'before':
      return `${career} All of yours is still ahead of you.`;
    case 'during':
      return `${career} You have about ${formatCount(facts.careerWeeksLeft)} of them left.`;
    case 'after':
      return `${career} Yours is behind you, and the weeks are all your own.`;
  }
}

function skillsLine(facts: LifeFacts): string {
  const general = `If a new skill takes ${String(WEEKS_PER_SKILL)} weeks, a career holds about ${String(SKILLS_IN_CAREER)} of them, or ${String(SKILLS_WITH_RETIREMENT)} with retirement.`;
  if (facts.skillsLeftWithRetirement === 0) return general;
  return `${general} You still have time for about ${formatCount(facts.skillsLeftWithRetirement)}.`;
}

/** Section 9's facts, turned towards the person's own weeks where that says something. */
export function ByTheNumbers({ lived }: ByTheNumbersProps) {
  const facts = lifeFacts(lived);
  const expectancy =
    facts.toLifeExpectancy > 0
      ? `The average American lives to about ${String(US_LIFE_EXPECTANCY_YEARS)}: for you, that is about ${formatCount(facts.toLifeExpectancy)} more weeks.`
      : `The average American lives to about ${String(US_LIFE_EXPECTANCY_YEARS)}, and you have already passed it.`;
  return (
    <section className={styles.section} aria-labelledby="by-the-numbers">
      <h2 id="by-the-numbers">By the numbers</h2>
      <ul className={styles.numbers}>
        <li>{expectancy}</li>
        <li>{careerLine(facts)}</li>
        <li>Retirement, from {RETIREMENT_AGE} to {US_LIFE_EXPECTANCY_YEARS}, is about {formatCount(RETIREMENT_WEEKS)} weeks.</li>
        <li>
          You will sleep through more than {formatCount(Math.floor(SLEEP_WEEKS / 100) * 100)} weeks of your life; about{' '}
          {formatCount(facts.weeksSlept)} of them are already behind you.
        </li>
        <li>Women live about {formatCount(WOMEN_EXTRA_WEEKS)} weeks longer than men.</li>
        <li>{skillsLine(facts)}</li>
      </ul>
    </section>
  );
}
