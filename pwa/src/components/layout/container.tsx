import type { HTMLAttributes } from 'react';
import styles from './container.module.css';

interface ContainerProps extends HTMLAttributes<HTMLDivElement> {
  /** Reading width for long text instead of the full content width. */
  readonly narrow?: boolean;
}

/** Centres content at the page width with the page's side gutters. */
export function Container({ narrow = false, className, ...rest }: ContainerProps) {
  const classes = [styles.container, narrow && styles.narrow, className].filter(Boolean).join(' ');
  return <div {...rest} className={classes} />;
}
