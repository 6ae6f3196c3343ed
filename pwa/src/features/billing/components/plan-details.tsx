import { LoaderCircle } from 'lucide-react';
import type { PlanState } from '#core/schemas/billing';
import type { PlanFreshness } from '../data/use-plan';
import { checkedAtText, graceNotice, planFacts } from '../plan-words';
import styles from './billing.module.css';

export interface PlanDetailsProps {
  readonly plan: PlanState | null;
  readonly freshness: PlanFreshness;
}

/** The plan's facts, the failed-payment notice, and how current they are. */
export function PlanDetails({ plan, freshness }: PlanDetailsProps) {
  if (plan === null) {
    if (freshness === 'checking') {
      return (
        <p className={styles.status} role="status">
          <LoaderCircle className={styles.spin} aria-hidden="true" size={20} />
          Checking your plan …
        </p>
      );
    }
    return (
      <p className={styles.text} role="status">
        Your plan could not be checked. It shows here when you are online.
      </p>
    );
  }
  const notice = graceNotice(plan);
  return (
    <>
      <dl className={styles.facts}>
        {planFacts(plan).map((fact) => (
          <div key={fact.term}>
            <dt>{fact.term}</dt>
            <dd>{fact.detail}</dd>
          </div>
        ))}
      </dl>
      {notice !== null && (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      )}
      {freshness === 'last-known' && (
        <p className={styles.text} role="status">
          Your plan as last checked on {checkedAtText(plan)}. It is checked again when you are online.
        </p>
      )}
    </>
  );
}
