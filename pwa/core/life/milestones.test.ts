import { describe, expect, it } from 'vitest';
import { LIFE_WEEKS, ageOn, weeksBetween } from './life-weeks';
import { MILESTONES, findMilestone, milestoneAtWeek } from './milestones';

describe('the milestones', () => {
  it('are eighteen, with the slugs the product links to', () => {
    expect(MILESTONES).toHaveLength(18);
    expect(findMilestone('legend')?.name).toBe('John Legend');
    expect(findMilestone('jobsphone')?.name).toBe('Steve Jobs');
  });

  it.each(MILESTONES.map((m) => [m.slug, m] as const))(
    '%s: the week and age written down match the two dates',
    (_slug, milestone) => {
      expect(milestone.weekNum).toBe(weeksBetween(milestone.born, milestone.date));
      expect(milestone.age).toBe(ageOn(milestone.born, milestone.date));
    },
  );

  it('puts the iPhone keynote at week 2,706 of Steve Jobs’ life', () => {
    expect(findMilestone('jobsphone')?.weekNum).toBe(2706);
  });

  it('each sits on its own cell of the chart, in order', () => {
    const weeks = MILESTONES.map((m) => m.weekNum);
    expect(new Set(weeks).size).toBe(weeks.length);
    expect([...weeks].sort((a, b) => a - b)).toEqual(weeks);
    expect(weeks.every((w) => w >= 0 && w < LIFE_WEEKS)).toBe(true);
  });

  it('have unique slugs that are safe in an address', () => {
    const slugs = MILESTONES.map((m) => m.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs.every((s) => /^[a-z]+$/.test(s))).toBe(true);
  });

  it('respond only to their exact week', () => {
    expect(milestoneAtWeek(2706)?.slug).toBe('jobsphone');
    expect(milestoneAtWeek(2705)).toBeUndefined();
    expect(milestoneAtWeek(2707)).toBeUndefined();
  });

  it('finds nothing for an unknown name', () => {
    expect(findMilestone('nobody')).toBeUndefined();
  });
});
