import { useId, type ReactNode } from 'react';
import { Check, Sparkles } from 'lucide-react';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { paths } from '#core/paths';
import { ButtonLink } from '../../../components/ui/button';
import { PRO_PRICE, planTexts } from '../hn-features';
import type { HnNavAccount } from './hn-nav-bar';
import { HnPage } from './hn-page';
import styles from './trackers.module.css';
import upgrade from './upgrade.module.css';

/*
 * Pro, offered: the prompt beside a free account's trackers, and the /hnupgrade page around the
 * checkout. One module, so every tracker page shares one chunk of the tracker's frame and offer
 * (the app shell lists each chunk a page needs, and a split here would lengthen that list).
 */

/** Pro, offered to a free account: shown beside its trackers, and in place of the free plan's refusal. */
export function UpgradePrompt({ reason }: { readonly reason?: string }) {
  const id = useId();
  return (
    <section className={styles.upgrade} aria-labelledby={id}>
      <h2 id={id} className={styles.upgradeTitle}>
        <Sparkles aria-hidden="true" /> Upgrade to Pro
      </h2>
      <p className={styles.upgradeText}>
        {reason ?? `The free plan includes ${planTexts.free.toLowerCase()}.`} Pro is {PRO_PRICE}: {planTexts.pro.join(', ').toLowerCase()}.
      </p>
      <ButtonLink to={paths.hnUpgrade.href()} size="sm">
        Upgrade to Pro
      </ButtonLink>
    </section>
  );
}

export const PRO_BILLING = `USD ${formatUsd(PRICES_CENTS.proMonthly)} billed monthly`;

export interface HnUpgradePageProps {
  readonly account: HnNavAccount;
  readonly signInHref: string;
  /** The checkout (name and card, Upgrade and Cancel) or, after paying, its confirmation; and the plan's rules. */
  readonly checkout: ReactNode;
}

/** /hnupgrade: Pro, its price and what it gives, around the checkout the route composes in. */
export function HnUpgradePage({ account, signInHref, checkout }: HnUpgradePageProps) {
  return (
    <HnPage title="Upgrade to Pro" description={`The launch tracker's Pro plan: ${PRO_BILLING}.`} account={account} signInHref={signInHref}>
      <section className={upgrade.panel} aria-label="Pro">
        <div className={upgrade.order}>
          <h1 className={upgrade.title}>Upgrade to Pro</h1>
          <p className={upgrade.price}>{PRO_BILLING}</p>
        </div>
        <ul className={upgrade.features} aria-label="Pro includes">
          {planTexts.pro.map((text) => (
            <li key={text} className={upgrade.feature}>
              <Check className={upgrade.check} aria-hidden="true" size={18} />
              {text}
            </li>
          ))}
        </ul>
        {checkout}
      </section>
    </HnPage>
  );
}

/** In place of the checkout for an account that has Pro already. */
export function AlreadyPro() {
  return (
    <div className={upgrade.card}>
      <p className={upgrade.note}>Your account has Pro already: nothing more to pay. Manage it from your account page.</p>
      <ButtonLink to={paths.account.href()} variant="secondary">
        Your account
      </ButtonLink>
    </div>
  );
}
