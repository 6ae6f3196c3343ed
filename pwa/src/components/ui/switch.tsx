import type { ReactNode } from 'react';
import styles from './switch.module.css';

export interface SwitchProps {
  readonly checked: boolean;
  /** Work is under way: announced, and the switch cannot be pressed again. */
  readonly busy: boolean;
  readonly disabled: boolean;
  readonly onToggle: () => void;
  /** The switch's name, as a screen reader says it. */
  readonly children: ReactNode;
}

/** An on/off switch (role switch) with a visible track, at least 44 px high for a thumb. */
export function Switch({ checked, busy, disabled, onToggle, children }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-busy={busy}
      className={styles.switch}
      disabled={disabled || busy}
      onClick={onToggle}
    >
      <span className={styles.track} aria-hidden="true" />
      {children}
    </button>
  );
}
