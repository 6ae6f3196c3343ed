import { Link } from 'react-router-dom';
import { MILESTONES } from '#core/life/milestones';
import { MilestonePortrait } from './milestone-portrait';
import { FROM_CHART } from '../life-route';
import { weekOfLifeText } from '../week-words';
import styles from './life-sections.module.css';

export interface OthersListProps {
  /** The address of a milestone's overlay on this chart. */
  readonly milestoneHref: (slug: string) => string;
}

/** "How are others doing?": every milestone, each a link to its overlay over this chart. */
export function OthersList({ milestoneHref }: OthersListProps) {
  return (
    <section className={styles.section} aria-labelledby="how-are-others-doing">
      <h2 id="how-are-others-doing">How are others doing?</h2>
      <ul className={styles.others} role="list">
        {MILESTONES.map((m) => (
          <li key={m.slug}>
            <Link className={styles.other} to={milestoneHref(m.slug)} state={FROM_CHART}>
              <MilestonePortrait milestone={m} size="small" />
              <span className={styles.otherText}>
                <span className={styles.otherName}>
                  {m.name}, {m.age}
                </span>
                <span className={styles.otherWeek}>Week {weekOfLifeText(m.weekNum)}</span>
                <span className={styles.otherWhat}>{m.achievement}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
