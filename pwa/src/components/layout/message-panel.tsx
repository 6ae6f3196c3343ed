import type { ReactNode } from 'react';
import { Container } from './container';
import styles from './message-panel.module.css';

interface MessagePanelProps {
  /** A lucide icon, shown in a soft tile above the title. */
  readonly icon: ReactNode;
  readonly eyebrow?: ReactNode;
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** Buttons and links: what the person can do next. */
  readonly actions: ReactNode;
}

/** A centred page-sized message (not found, coming soon, an error) with the next steps. */
export function MessagePanel({ icon, eyebrow, title, children, actions }: MessagePanelProps) {
  return (
    <section className={styles.section}>
      <Container>
        <div className={styles.panel}>
          <div className={styles.visual}>{icon}</div>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          <div className={styles.body}>{children}</div>
          <div className={styles.actions}>{actions}</div>
        </div>
      </Container>
    </section>
  );
}
