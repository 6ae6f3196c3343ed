import type { SignInReply } from '#core/schemas/auth';
import type { SignInConfigState } from '../data/get-sign-in-config';
import { describeSignInError } from '../sign-in-messages';
import { GoogleSignIn } from './google-sign-in';
import { LocalSignInForm } from './local-sign-in-form';
import { SignInProblem } from './sign-in-problem';
import styles from './sign-in.module.css';

export interface SignInMethodProps {
  /** The server's sign-in configuration, asked for by the page (its lead depends on it too). */
  readonly state: SignInConfigState;
  readonly retry: () => void;
  readonly onSignedIn: (reply: SignInReply) => void;
}

/** Google's button or the local form, whichever this server offers. */
export function SignInMethod({ state, retry, onSignedIn }: SignInMethodProps) {
  switch (state.status) {
    case 'loading':
      return (
        <p className={styles.status} role="status">
          Getting sign-in ready…
        </p>
      );
    case 'failed':
      return <SignInProblem message={describeSignInError(state.error)} onRetry={retry} />;
    case 'ready':
      return state.config.mode === 'google' ? (
        <GoogleSignIn clientId={state.config.googleClientId} onSignedIn={onSignedIn} />
      ) : (
        <LocalSignInForm onSignedIn={onSignedIn} />
      );
  }
}
