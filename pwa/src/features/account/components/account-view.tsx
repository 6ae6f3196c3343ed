import type { ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import panel from '../../../components/ui/panel.module.css';
import styles from './account-view.module.css';

/** Who is signed in, as the account view shows it. */
export interface AccountSummary {
  readonly email: string;
  readonly isPaid: boolean;
}

export interface AccountViewProps {
  readonly account: AccountSummary;
  /** Log Out; while a returned promise is pending the button shows progress. */
  readonly onSignOut: () => Promise<void> | void;
  /** The subscription and Manage Subscriptions (the paid plan's area), after who is signed in. */
  readonly plan?: ReactNode;
  /** What the account has bought (PurchasesSection). */
  readonly purchases?: ReactNode;
  /** The settings other areas own (the practice's day and done rules, reminders), composed by the route. */
  readonly settings: ReactNode;
  /** Sections after the settings (the journal's export and import). */
  readonly children?: ReactNode;
}

/** Account Settings: who is signed in, Log Out, then the plan, purchases and settings the route composes in. */
export function AccountView({ account, onSignOut, plan, purchases, settings, children }: AccountViewProps) {
  return (
    <div className={styles.view}>
      <h1 className={styles.title}>Account Settings</h1>
      <section className={panel.group} aria-labelledby="account-title">
        <h2 id="account-title" className={panel.groupTitle}>
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
        <div className={panel.buttons}>
          <Button variant="ghost" icon={<LogOut aria-hidden="true" size={18} />} onClick={onSignOut}>
            Log Out
          </Button>
        </div>
      </section>
      {plan}
      {purchases}
      <section className={panel.group} aria-labelledby="settings-title">
        <h2 id="settings-title" className={panel.groupTitle}>
          Settings
        </h2>
        {settings}
      </section>
      {children}
    </div>
  );
}
