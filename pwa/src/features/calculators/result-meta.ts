import { formatLongDay, type CalendarDay } from '#core/dates/calendar-day';
import type { TargetResolution } from '#core/dates/target';
import { daysUntil } from '#core/dates/until';
import { dayName, durationText, sentenceStart } from './copy';
import type { CalculatorUnit } from './units';

export interface PageMeta {
  readonly title: string;
  readonly description: string;
}

/** The document title and description of a result page: the answer itself, so a shared link previews it. */
export function resultMeta(calculator: CalculatorUnit, resolution: TargetResolution, today: CalendarDay): PageMeta {
  const counting = `Count the ${calculator.plural} until any day, on your phone, even offline.`;
  switch (resolution.kind) {
    case 'invalid':
      return { title: `${calculator.name}: date not recognised`, description: counting };
    case 'past':
      return { title: `${calculator.name}: that day has passed`, description: counting };
    case 'ok': {
      const { day, label, source } = resolution;
      const total = daysUntil(today, day);
      const longDay = formatLongDay(day);
      if (total === 0) {
        return { title: `${sentenceStart(dayName(day, label))} is today`, description: `${longDay} is today.` };
      }
      if (source === 'offset' && label) {
        return { title: `${sentenceStart(label)}: ${longDay}`, description: `${sentenceStart(label)} is ${longDay}.` };
      }
      const duration = durationText(calculator.unit, total);
      return {
        title: `${duration} until ${dayName(day, label)}`,
        description: `${longDay} is ${duration} from today. ${counting}`,
      };
    }
  }
}
