import { Link } from 'react-router-dom';
import { Hourglass, House, NotebookPen, Sparkles } from 'lucide-react';
import { dashboardHref, type DashboardView } from '#core/paths';
import { Brand } from '../../../components/layout/brand';
import { Button } from '../../../components/ui/button';
import { initialsOf, type PracticeAccount } from '../practice-account';
import styles from './dashboard-shell.module.css';

export interface SidebarNavProps {
  readonly account: PracticeAccount;
  readonly view: DashboardView['view'];
  readonly onStartMortality: () => Promise<void>;
  readonly onUpgrade: () => void;
  /** Whether to show the upgrade prompt (free accounts, no upgrade under way). */
  readonly offerUpgrade: boolean;
  /** Called after any choice, so the mobile sidebar closes. */
  readonly onChosen: () => void;
}

/** Home, Weeks Left, Gratitude Journal; the upgrade prompt; the user block (Account Settings). */
export function SidebarNav({ account, view, onStartMortality, onUpgrade, offerUpgrade, onChosen }: SidebarNavProps) {
  const current = (match: boolean) => (match ? 'page' : undefined);
  return (
    <>
      <Brand />
      <nav aria-label="Dashboard">
        <ul className={styles.navList}>
          <li>
            <Link className={styles.navItem} to={dashboardHref({ view: 'dashboard' })} aria-current={current(view === 'dashboard')} onClick={onChosen}>
              <House aria-hidden="true" size={20} /> Home
            </Link>
          </li>
          <li>
            <button type="button" className={styles.navItem} onClick={() => void onStartMortality().finally(onChosen)}>
              <Hourglass aria-hidden="true" size={20} /> Weeks Left
            </button>
          </li>
          <li>
            <Link
              className={styles.navItem}
              to={dashboardHref({ view: 'gratitude' })}
              aria-current={current(view === 'gratitude' || view === 'previous')}
              onClick={onChosen}
            >
              <NotebookPen aria-hidden="true" size={20} /> Gratitude Journal
            </Link>
          </li>
        </ul>
      </nav>
      {offerUpgrade && (
        <div className={styles.upgrade}>
          <p className={styles.upgradeText}>
            <Sparkles aria-hidden="true" size={16} /> Early-bird price for Pro before our launch.
          </p>
          <Button size="sm" block onClick={onUpgrade}>
            Upgrade now
          </Button>
        </div>
      )}
      <Link className={styles.user} to={dashboardHref({ view: 'account' })} aria-current={current(view === 'account')} onClick={onChosen}>
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(account)}
        </span>
        <span className={styles.userText}>
          <span className={styles.userName}>{account.name || 'Account Settings'}</span>
          <span className={styles.userEmail}>{account.email}</span>
          <span className="sr-only">, Account Settings</span>
        </span>
      </Link>
    </>
  );
}
