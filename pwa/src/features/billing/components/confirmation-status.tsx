import { useEffect, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ConfirmCheck } from '../confirmation.machine';
import { useConfirmation } from './use-confirmation';
import styles from './billing.module.css';

/** What a confirmation says in each of its states. */
export interface ConfirmationWords {
  readonly confirming: string;
  readonly stillUnconfirmed: string;
  /** When the server says the change did not happen (a checkout left unpaid). */
  readonly refused: string;
}

export const PAYMENT_WORDS: ConfirmationWords = {
  confirming: 'Confirming your payment …',
  stillUnconfirmed:
    'Your payment has not been confirmed yet. You were charged at most once, and your account turns Pro as soon as it is confirmed.',
  refused: 'That checkout was not paid, so nothing was charged.',
};

export interface ConfirmationStatusProps {
  readonly check: () => Promise<ConfirmCheck>;
  readonly onConfirmed: () => void;
  readonly words?: ConfirmationWords;
  /** Beside the refusal: what the person can do next. */
  readonly refusedAction?: ReactNode;
}

/**
 * Waits for the server to confirm a change and says so meanwhile; `onConfirmed` once it has. The
 * words stay on screen (polite status) rather than flashing, and the wait stops after a while
 * with a way to check again.
 */
export function ConfirmationStatus({ check, onConfirmed, words = PAYMENT_WORDS, refusedAction }: ConfirmationStatusProps) {
  const { snapshot, checkAgain } = useConfirmation(check);
  const confirmed = snapshot.matches('confirmed');
  useEffect(() => {
    if (confirmed) onConfirmed();
  }, [confirmed, onConfirmed]);

  if (snapshot.matches('stillUnconfirmed')) {
    return (
      <div className={styles.notice} role="alert">
        <p className={styles.noticeText}>{words.stillUnconfirmed}</p>
        <Button size="sm" variant="secondary" onClick={checkAgain}>
          Check again
        </Button>
      </div>
    );
  }
  if (snapshot.matches('refused')) {
    return (
      <div className={styles.notice} role="alert">
        <p className={styles.noticeText}>{words.refused}</p>
        {refusedAction}
      </div>
    );
  }
  const offline = snapshot.matches({ confirming: 'offline' });
  return (
    <p className={styles.status} role="status">
      <LoaderCircle className={styles.spin} aria-hidden="true" size={20} />
      {words.confirming}
      {offline && ' You are offline: this continues when the connection is back.'}
    </p>
  );
}
