import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import styles from './dashboard-home.module.css';

export interface ActivityCardProps {
  readonly title: string;
  readonly subtitle: string;
  readonly icon: ReactNode;
  readonly done: boolean;
  /** 'Start Exercise' before, this after it is done today. */
  readonly doneLabel: string;
  readonly onStart: () => unknown;
}

/** One of 'Today's Activities'. */
export function ActivityCard({ title, subtitle, icon, done, doneLabel, onStart }: ActivityCardProps) {
  return (
    <Card as="li" className={styles.activity}>
      <div className={styles.activityHead}>
        <span className={styles.activityIcon}>{icon}</span>
        <div>
          <h3 className={styles.activityTitle}>{title}</h3>
          <p className={styles.activitySubtitle}>{subtitle}</p>
        </div>
      </div>
      <p className={styles.activityState}>{done ? 'Done today' : 'Not done yet today'}</p>
      <Button variant={done ? 'secondary' : 'primary'} onClick={onStart}>
        {done ? doneLabel : 'Start Exercise'}
        <span className="sr-only">: {title}</span>
      </Button>
    </Card>
  );
}
