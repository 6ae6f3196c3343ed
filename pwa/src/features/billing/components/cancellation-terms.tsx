import { CANCELLATION_TERMS } from '#core/plans/subscription-texts';
import styles from './billing.module.css';

/** The plan's rules, one sentence each, folded away under 'How cancelling works'. */
export function CancellationTerms() {
  return (
    <details>
      <summary>How cancelling works</summary>
      <ul className={styles.terms}>
        {CANCELLATION_TERMS.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </details>
  );
}
