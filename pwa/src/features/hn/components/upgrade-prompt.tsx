import { useId } from 'react';
import { Sparkles } from 'lucide-react';
import { paths } from '#core/paths';
import { ButtonLink } from '../../../components/ui/button';
import { PRO_PRICE, planTexts } from '../hn-features';
import styles from './trackers.module.css';

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
