import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import styles from './dashboard-home.module.css';

export const PAID_NOTE = 'More activities coming with our launch later this year!';

/** The early-bird message and 'Upgrade now' for free accounts; the launch note for paid ones. */
export function UpgradeBanner({ isPaid, onUpgrade }: { readonly isPaid: boolean; readonly onUpgrade: () => void }) {
  if (isPaid) {
    return (
      <p className={styles.note}>
        <Sparkles aria-hidden="true" size={18} />
        {PAID_NOTE}
      </p>
    );
  }
  return (
    <section className={styles.banner} aria-labelledby="upgrade-banner-title">
      <div>
        <h2 id="upgrade-banner-title" className={styles.bannerTitle}>
          Early bird: Pro before our launch
        </h2>
        <p className={styles.bannerText}>Upgrade now to get every new activity first, at the early-bird price.</p>
      </div>
      <Button onClick={onUpgrade}>Upgrade now</Button>
    </section>
  );
}
