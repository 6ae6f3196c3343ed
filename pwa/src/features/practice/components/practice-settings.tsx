import type { CalendarDay } from '#core/dates/calendar-day';
import type { ProfileFields } from '#core/schemas/records';
import { DayStartSetting } from './day-start-setting';
import { DoneRuleSetting } from './done-rule-setting';
import { JournalExport } from './journal-export';
import { JournalImport } from './journal-import';

/** What the practice adds to the account view: its settings, and the journal's files. */
export interface PracticeAccountParts {
  /** The day start and the done rule, for the account view's settings group. */
  readonly settings: React.ReactNode;
  /** Export and import of the journal, sections of their own. */
  readonly journal: React.ReactNode;
}

export function practiceAccountParts(profile: ProfileFields, today: CalendarDay): PracticeAccountParts {
  return {
    settings: (
      <>
        <DayStartSetting value={profile.dayStartMinutes} />
        <DoneRuleSetting value={profile.doneRule} />
      </>
    ),
    journal: (
      <>
        <JournalExport today={today} />
        <JournalImport />
      </>
    ),
  };
}
