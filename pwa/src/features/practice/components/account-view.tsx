import { useState, type ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import type { CalendarDay } from '#core/dates/calendar-day';
import type { ProfileFields } from '#core/schemas/records';
import { Button } from '../../../components/ui/button';
import type { PracticeAccount } from '../practice-account';
import { DayStartSetting } from './day-start-setting';
import { DoneRuleSetting } from './done-rule-setting';
import { JournalExport } from './journal-export';
import { JournalImport } from './journal-import';
import { BillingPortalDialog } from './upgrade-dialog';
import styles from './account-view.module.css';

export interface AccountViewProps {
  readonly account: PracticeAccount;
  readonly profile: ProfileFields;
  readonly today: CalendarDay;
  readonly onSignOut: () => void;
  /** More settings composed in by the route (reminders). */
  readonly settingsExtra?: ReactNode;
}

/** Account Settings: who is signed in, the plan, sign-out, settings, export and import. */
export function AccountView({ account, profile, today, onSignOut, settingsExtra }: AccountViewProps) {
  const [portal, setPortal] = useState(false);
  return (
    <div className={styles.view}>
      <h1 className={styles.title}>Account Settings</h1>
      <section className={styles.group} aria-labelledby="account-title">
        <h2 id="account-title" className={styles.groupTitle}>
          Account
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>E-mail</dt>
            <dd>{account.email}</dd>
          </div>
          <div>
            <dt>Account type</dt>
            <dd>{account.isPaid ? 'Pro' : 'Free'}</dd>
          </div>
        </dl>
        <div className={styles.buttons}>
          <Button variant="secondary" disabled={!account.isPaid} aria-describedby={account.isPaid ? undefined : 'subscriptions-note'} onClick={() => setPortal(true)}>
            Manage Subscriptions
          </Button>
          <Button variant="ghost" icon={<LogOut aria-hidden="true" size={18} />} onClick={onSignOut}>
            Log Out
          </Button>
        </div>
        {!account.isPaid && (
          <p id="subscriptions-note" className={styles.text}>
            Only available if you've purchased a subscription
          </p>
        )}
      </section>
      <section className={styles.group} aria-labelledby="settings-title">
        <h2 id="settings-title" className={styles.groupTitle}>
          Settings
        </h2>
        <DayStartSetting value={profile.dayStartMinutes} />
        <DoneRuleSetting value={profile.doneRule} />
        {settingsExtra}
      </section>
      <JournalExport today={today} />
      <JournalImport />
      {portal && <BillingPortalDialog onClose={() => setPortal(false)} />}
    </div>
  );
}
