import 'fake-indexeddb/auto';
import { paths } from '#core/paths';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { UserDbContext } from '../../../session/user-db-context';
import { openUserDb, type UserDb } from '../../../db/user-db';
import { DashboardPage } from '../components/dashboard-page';
import type { PracticeAccount } from '../practice-account';

export const ADA: PracticeAccount = { email: 'ada@example.test', name: 'Ada Lovelace', isPaid: false };

let dbCount = 0;
export async function freshDb(): Promise<UserDb> {
  dbCount++;
  return openUserDb(`practice-test-${String(dbCount)}-${String(Date.now())}`);
}

/**
 * The dashboard on the real database layer (fake IndexedDB), at `url`. The account view is the
 * route's to compose; here it shows the practice's own parts under a stand-in heading.
 */
export function renderDashboard(db: UserDb, url: string, account: PracticeAccount = ADA, upgradeStatus: ReactNode = null) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <UserDbContext value={db}>
        <Routes>
          <Route path={paths.dashboard.path} element={<DashboardPage
                account={account}
                renderAccount={(parts) => (
                  <>
                    <h1>Account Settings</h1>
                    {parts.settings}
                    {parts.journal}
                  </>
                )}
                renderUpgrade={(close) => (
                  <button type="button" onClick={close}>
                    Upgrade offer
                  </button>
                )}
                upgradeStatus={upgradeStatus}
              />} />
          <Route path={paths.mortality.path} element={<h1>Weeks-left exercise</h1>} />
        </Routes>
      </UserDbContext>
    </MemoryRouter>,
  );
}
