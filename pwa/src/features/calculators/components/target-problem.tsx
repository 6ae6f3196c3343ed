import { CircleAlert } from 'lucide-react';
import type { ProblemText } from '../copy';
import styles from './target-problem.module.css';

/** Why there is no count to show, and what to do instead. */
export function TargetProblem({ heading, detail }: ProblemText) {
  return (
    <div className={styles.problem}>
      <h1 className={styles.heading}>
        <CircleAlert aria-hidden className={styles.icon} size={28} />
        {heading}
      </h1>
      <p className={styles.detail}>{detail}</p>
    </div>
  );
}
