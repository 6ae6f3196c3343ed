import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { BrowseState } from '#core/practice/previous-entries';
import { dashboardHref, dashboardView, paths, type DashboardView } from '#core/paths';
import { storeKeptWords } from '../../../session/data/unsaved-journal-texts';
import { usePageMeta } from '../../../lib/page-meta';
import { useUserDb } from '../../../session/user-db-context';
import { SyncStatus } from '../../../sync/sync-status';
import { useSyncStatus } from '../../../sync/use-sync-status';
import { useSaveExercise } from '../data/save-exercise';
import { useExercise } from '../data/use-exercise';
import { useJournal } from '../data/use-journal';
import { useProfile } from '../data/use-profile';
import type { PracticeAccount } from '../practice-account';
import { usePracticeToday } from '../use-practice-today';
import { DashboardContent } from './dashboard-content';
import { DashboardShell } from './dashboard-shell';
import type { PracticeAccountParts } from './practice-settings';

export interface DashboardPageProps {
  readonly account: PracticeAccount;
  /** The account view, which the route composes from the account area and the practice's parts. */
  readonly renderAccount: (parts: PracticeAccountParts) => ReactNode;
  /** What 'Upgrade now' opens (the paid plan's area, composed by the route). */
  readonly renderUpgrade: (close: () => void) => ReactNode;
  /**
   * An upgrade under way (a payment being confirmed, or what became of it): shown in place of the
   * upgrade prompts, which it hides meanwhile.
   */
  readonly upgradeStatus?: ReactNode;
}

const TITLES: Record<DashboardView['view'], string> = {
  dashboard: 'Dashboard',
  gratitude: 'Gratitude Journal',
  previous: 'Previous entries',
  account: 'Account Settings',
};

/** /dashboard: the daily practice, its views addressed by the query string so Back works. */
export function DashboardPage({ account, renderAccount, renderUpgrade, upgradeStatus = null }: DashboardPageProps) {
  const profile = useProfile();
  const journal = useJournal();
  const today = usePracticeToday(profile?.dayStartMinutes ?? 0);
  const entry = useExercise(today);
  const save = useSaveExercise();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const view = dashboardView(params);
  const syncStatus = useSyncStatus();
  const [upgrading, setUpgrading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  usePageMeta(TITLES[view.view], 'Your daily practice: weeks left to live, a gratitude journal and your streak.');
  const db = useUserDb();

  // Journal words an earlier page could not store (see use-gratitude-draft): other days' are
  // stored now (or offered in Previous entries, where a later write replaced them); today's come
  // back in the journal when it opens.
  useEffect(() => {
    if (db !== null) void storeKeptWords(db, today);
  }, [db, today]);

  const go = (next: DashboardView | BrowseState, replace = false) => {
    void navigate(dashboardHref(next), { replace });
  };
  const startMortality = async () => {
    try {
      await save(today, { mortality: true });
      await navigate(paths.mortality.href());
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The exercise could not be started.');
    }
  };

  return (
    <DashboardShell
      account={account}
      view={view.view}
      onStartMortality={startMortality}
      onUpgrade={() => setUpgrading(true)}
      offerUpgrade={!account.isPaid && upgradeStatus === null}
      status={<SyncStatus view={syncStatus} />}
    >
      {problem !== null && <p role="alert">{problem}</p>}
      <DashboardContent
        view={view}
        today={today}
        entry={entry}
        journal={journal}
        profile={profile}
        account={account}
        go={go}
        onStartMortality={startMortality}
        onUpgrade={() => setUpgrading(true)}
        upgradeStatus={upgradeStatus}
        renderAccount={renderAccount}
      />
      {upgrading && renderUpgrade(() => setUpgrading(false))}
    </DashboardShell>
  );
}
