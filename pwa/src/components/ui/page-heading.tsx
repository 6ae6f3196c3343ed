import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

interface PageHeadingProps {
  readonly title: ReactNode;
  readonly eyebrow?: ReactNode;
  readonly lead?: ReactNode;
  readonly centered?: boolean;
  /** 1 for the page's title (the default); 2 for a section of a longer page. */
  readonly level?: 1 | 2;
  /** The heading's id, for aria-labelledby on its section. */
  readonly id?: string;
  readonly className?: string;
}

/** A page's <h1> (or a section's <h2>), with an optional small label above and a lead below. */
export function PageHeading({ title, eyebrow, lead, centered = false, level = 1, id, className }: PageHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const classes = [styles.heading, centered && styles.centered, className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <Heading id={id} className={styles.title}>
        {title}
      </Heading>
      {lead && <p className={styles.lead}>{lead}</p>}
    </div>
  );
}
