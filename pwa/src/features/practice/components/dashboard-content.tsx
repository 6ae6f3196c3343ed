import type { ReactNode } from 'react';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { JournalEntry } from '#core/practice/journal-entry';
import { pastDays, type BrowseState } from '#core/practice/previous-entries';
import type { ProfileFields } from '#core/schemas/records';
import type { DashboardView } from '#core/paths';
import type { PracticeAccount } from '../practice-account';
import { DashboardHome } from './dashboard-home';
import { GratitudeView } from './gratitude-view';
import { practiceAccountParts, type PracticeAccountParts } from './practice-settings';
import { PreviousView } from './previous-view';

export interface DashboardContentProps {
  readonly view: DashboardView;
  readonly today: CalendarDay;
  readonly entry: JournalEntry | undefined;
  readonly journal: JournalEntry[] | undefined;
  readonly profile: ProfileFields | undefined;
  readonly account: PracticeAccount;
  readonly go: (next: DashboardView | BrowseState, replace?: boolean) => void;
  readonly onStartMortality: () => Promise<void>;
  readonly onUpgrade: () => void;
  readonly upgradeStatus: ReactNode;
  readonly renderAccount: (parts: PracticeAccountParts) => ReactNode;
}

/** The view the address names, once the records it shows have been read from the device. */
export function DashboardContent(props: DashboardContentProps) {
  const { view, today, entry, journal, profile, go } = props;
  if (entry === undefined || journal === undefined || profile === undefined) {
    return <p role="status">Opening your journal…</p>;
  }
  switch (view.view) {
    case 'dashboard':
      return (
        <DashboardHome
          today={today}
          entry={entry}
          journal={journal}
          profile={profile}
          isPaid={props.account.isPaid}
          onStartMortality={props.onStartMortality}
          onOpenGratitude={() => go({ view: 'gratitude' })}
          onUpgrade={props.onUpgrade}
          upgradeStatus={props.upgradeStatus}
        />
      );
    case 'gratitude':
      return (
        <GratitudeView
          key={today}
          today={today}
          entry={entry}
          canGoBack={pastDays(journal, today).length > 0}
          onBack={() => go({ view: 'previous', date: null })}
          onDone={() => go({ view: 'dashboard' })}
        />
      );
    case 'previous':
      // Steps between days replace the address; Back leaves the browse.
      return <PreviousView today={today} date={view.date} journal={journal} onNavigate={(next) => go(next, true)} />;
    case 'account':
      return props.renderAccount(practiceAccountParts(profile, today));
  }
}
