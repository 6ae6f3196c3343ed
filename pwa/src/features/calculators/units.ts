import type { TargetUnit } from '#core/dates/target';
import { paths } from '#core/paths';

export interface CalculatorUnit {
  readonly unit: TargetUnit;
  readonly singular: string;
  readonly plural: string;
  /** The calculator's name, used as the entry page heading and title. */
  readonly name: string;
  readonly entryHref: () => string;
  readonly targetHref: (target: string) => string;
}

export const CALCULATOR_UNITS: Readonly<Record<TargetUnit, CalculatorUnit>> = {
  weeks: {
    unit: 'weeks',
    singular: 'week',
    plural: 'weeks',
    name: 'Weeks until',
    entryHref: paths.weeksUntil.href,
    targetHref: paths.weeksUntilTarget.href,
  },
  days: {
    unit: 'days',
    singular: 'day',
    plural: 'days',
    name: 'Days until',
    entryHref: paths.daysUntil.href,
    targetHref: paths.daysUntilTarget.href,
  },
};
