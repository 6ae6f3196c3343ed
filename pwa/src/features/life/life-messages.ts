import type { BirthdayError } from '#core/life/birthday-picker';
import type { LifeInputError } from '#core/life/life-weeks';

export function birthdayErrorText(error: BirthdayError): string {
  switch (error) {
    case 'future':
      return "That day hasn't come yet. Pick a birthday that has already happened.";
    case 'invalid-date':
      return "That day isn't on the calendar. Pick another day.";
  }
}

/** Shown above the birthday form when an address can't be charted. */
export function lifeInputErrorText(error: LifeInputError, param: string): string {
  switch (error) {
    case 'future':
      return `The birthday in this link, ${param}, hasn't happened yet. Enter your birthday below to see your chart.`;
    case 'malformed':
      return `We couldn't read a birthday in this link (“${param}”). Enter your birthday below to see your chart.`;
    case 'too-many-weeks':
      return `${param} weeks is longer than any life. Enter your birthday below to see your chart.`;
  }
}

export function unknownMilestoneText(name: string): string {
  return `We don't know a milestone called “${name}”. Here is the chart; the milestones are listed under “How are others doing?”.`;
}
