import { Button } from '../../../components/ui/button';
import styles from './sign-in.module.css';

interface SignInProblemProps {
  readonly message: string;
  /** Shown as a "Try again" button when the way to try again is not the form itself. */
  readonly onRetry?: () => void;
}

/** Why signing in did not work, announced as it appears, and the way to try again. */
export function SignInProblem({ message, onRetry }: SignInProblemProps) {
  return (
    <div className={styles.problem} role="alert">
      <p>{message}</p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
