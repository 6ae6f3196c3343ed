import type { ReactNode } from 'react';
import { LogOut, Mail } from 'lucide-react';
import { planName } from '#core/plans/account-type';
import { Button } from '../../../components/ui/button';
import panel from '../../../components/ui/panel.module.css';
import { CONTACT_EMAIL, contactMailto } from '../../../lib/contact';
import { HnPage } from './hn-page';
import { ProBadge } from './pro-badge';
import { UpgradePrompt } from './upgrade-prompt';
import styles from './account.module.css';

export interface HnAccount {
  readonly name: string;
  readonly email: string;
  /** The stored number; `planName` says what it means. */
  readonly accountType: number;
}

export interface HnAccountPageProps {
  readonly account: HnAccount;
  readonly signInHref: string;
  /** Sign Out; while a returned promise is pending the button shows progress. */
  readonly onSignOut: () => Promise<void> | void;
  /** The subscription: its dates, Manage Subscriptions, Cancel (the paid plan's area, composed by the route). */
  readonly plan?: ReactNode;
}

/** /account: the tracker's Account Overview: who, which plan, Sign Out, the subscription or the upgrade, and how to reach us. */
export function HnAccountPage({ account, signInHref, onSignOut, plan: subscription }: HnAccountPageProps) {
  const plan = planName(account.accountType);
  const isPaid = plan === 'Pro';
  return (
    <HnPage title="Account Overview" description="Your launch tracker account: e-mail, plan and support." account={{ ...account, isPaid }} signInHref={signInHref}>
      <h1 className={styles.title}>Account Overview</h1>
      <section className={panel.group} aria-labelledby="hn-account">
        <h2 id="hn-account" className={panel.groupTitle}>
          Account
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>E-mail</dt>
            <dd>{account.email}</dd>
          </div>
          <div>
            <dt>Account type</dt>
            <dd className={styles.plan}>
              {plan} {isPaid && <ProBadge />}
            </dd>
          </div>
        </dl>
        <div className={panel.buttons}>
          <Button variant="secondary" icon={<LogOut aria-hidden="true" size={18} />} onClick={onSignOut}>
            Sign Out
          </Button>
        </div>
      </section>
      {isPaid ? (
        <section className={panel.group} aria-labelledby="hn-plan">
          <h2 id="hn-plan" className={panel.groupTitle}>
            Your plan
          </h2>
          <p className={panel.text}>Pro: unlimited trackers, replies deeper down and priority support. Thank you for supporting the tracker.</p>
        </section>
      ) : (
        <UpgradePrompt />
      )}
      {subscription}
      <section className={panel.group} aria-labelledby="hn-contact">
        <h2 id="hn-contact" className={panel.groupTitle}>
          Contact
        </h2>
        <p className={panel.text}>
          {isPaid ? 'Pro accounts get priority support: we answer your e-mail first.' : 'Questions, ideas or trouble with the tracker? Write to us.'}
        </p>
        <p>
          <a className={styles.mail} href={contactMailto('Launch tracker')}>
            <Mail aria-hidden="true" size={16} /> {CONTACT_EMAIL}
          </a>
        </p>
      </section>
    </HnPage>
  );
}
