import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { CANCELLATION_TERMS } from '#core/plans/subscription-texts';
import { paths } from '#core/paths';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import panel from '../../../components/ui/panel.module.css';
import { planTexts } from '../hn-features';
import type { HnNavAccount } from './hn-nav-bar';
import { HnPage } from './hn-page';
import styles from './upgrade.module.css';

export const PRO_BILLING = `USD ${formatUsd(PRICES_CENTS.proMonthly)} billed monthly`;

export interface HnUpgradePageProps {
  readonly account: HnNavAccount;
  readonly signInHref: string;
  /** The checkout (name and card, Upgrade and Cancel) or, after paying, its confirmation. */
  readonly checkout: ReactNode;
}

/** /hnupgrade: Pro, its price and what it gives, around the checkout the route composes in. */
export function HnUpgradePage({ account, signInHref, checkout }: HnUpgradePageProps) {
  return (
    <HnPage title="Upgrade to Pro" description={`The launch tracker's Pro plan: ${PRO_BILLING}.`} account={account} signInHref={signInHref}>
      <Card className={styles.card}>
        <div className={styles.order}>
          <h1 className={styles.title}>Upgrade to Pro</h1>
          <p className={styles.price}>{PRO_BILLING}</p>
        </div>
        <ul className={styles.features} aria-label="Pro includes">
          {planTexts.pro.map((text) => (
            <li key={text} className={styles.feature}>
              <Check className={styles.check} aria-hidden="true" size={18} />
              {text}
            </li>
          ))}
        </ul>
        {checkout}
        <details>
          <summary>How cancelling works</summary>
          <ul className={styles.terms}>
            {CANCELLATION_TERMS.map((term) => (
              <li key={term}>{term}</li>
            ))}
          </ul>
        </details>
      </Card>
    </HnPage>
  );
}

/** In place of the checkout for an account that has Pro already. */
export function AlreadyPro() {
  return (
    <div className={styles.card}>
      <p className={panel.text}>Your account has Pro already: nothing more to pay. Manage it from your account page.</p>
      <ButtonLink to={paths.account.href()} variant="secondary">
        Your account
      </ButtonLink>
    </div>
  );
}
