import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

type CardElement = 'div' | 'article' | 'section' | 'li';

export type CardProps = HTMLAttributes<HTMLElement> & {
  readonly as?: CardElement;
  /**
   * The card holds exactly one link, stretched over the whole card: hovering or focusing the
   * card highlights it, and a press anywhere on it follows the link.
   */
  readonly interactive?: boolean;
};

/** A raised surface that groups one piece of content. */
export function Card({ as: Element = 'div', interactive = false, className, ...rest }: CardProps) {
  const classes = [styles.card, interactive && styles.interactive, className].filter(Boolean).join(' ');
  return <Element {...rest} className={classes} />;
}
