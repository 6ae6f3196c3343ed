import { useRef } from 'react';
import type { SignInReply } from '#core/schemas/auth';
import { useGoogleSignIn } from '../data/sign-in-with-google';
import { SignInProblem } from './sign-in-problem';
import styles from './sign-in.module.css';

interface GoogleSignInProps {
  readonly clientId: string;
  readonly onSignedIn: (reply: SignInReply) => void;
}

/** Google's own button (drawn by Google Identity Services), with what is happening around it. */
export function GoogleSignIn({ clientId, onSignedIn }: GoogleSignInProps) {
  const container = useRef<HTMLDivElement>(null);
  const { state, retry } = useGoogleSignIn(clientId, container, onSignedIn);

  return (
    <div className={styles.google}>
      <div ref={container} className={styles.googleButton} hidden={state.status === 'failed'} />
      {state.status === 'preparing' && (
        <p className={styles.status} role="status">
          Preparing Google sign-in…
        </p>
      )}
      {state.status === 'signing-in' && (
        <p className={styles.status} role="status">
          Signing you in…
        </p>
      )}
      {state.status === 'failed' && <SignInProblem message={state.message} onRetry={retry} />}
    </div>
  );
}
