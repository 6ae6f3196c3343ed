import { useId, useRef, useState, type SubmitEvent } from 'react';
import { localSignInRequestSchema, type SignInReply } from '#core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { useLocalSignIn } from '../data/sign-in-locally';
import { SignInProblem } from './sign-in-problem';
import styles from './sign-in.module.css';

function text(value: FormDataEntryValue | null): string {
  return typeof value === 'string' ? value : '';
}

/** Sign-in by e-mail alone, on a server that runs without Google; labelled as exactly that. */
export function LocalSignInForm({ onSignedIn }: { readonly onSignedIn: (reply: SignInReply) => void }) {
  const { state, submit } = useLocalSignIn(onSignedIn);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = state.status === 'submitting';

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const parsed = localSignInRequestSchema.safeParse({ email: text(form.get('email')), name: text(form.get('name')) });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === 'email') ?? parsed.error.issues[0];
      setEmailProblem(issue?.message ?? 'Check the e-mail address.');
      emailRef.current?.focus();
      return;
    }
    setEmailProblem(null);
    const { email, name } = parsed.data;
    void submit(name ? { email, name } : { email });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <fieldset className={styles.fieldset} disabled={busy}>
        <legend className={styles.legend}>Local sign-in (this server runs without Google)</legend>
        <p className={styles.hint}>
          A new address starts an account on this server. Anyone who types an address gets its account, so keep
          anything private to a server you run yourself.
        </p>
        <label className={styles.label} htmlFor={`${id}-email`}>
          E-mail address
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          className={styles.input}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          aria-invalid={emailProblem !== null || undefined}
          aria-describedby={emailProblem === null ? undefined : `${id}-email-problem`}
        />
        {emailProblem !== null && (
          <p id={`${id}-email-problem`} className={styles.fieldProblem}>
            {emailProblem}
          </p>
        )}
        <label className={styles.label} htmlFor={`${id}-name`}>
          First name <span className={styles.optional}>(optional)</span>
        </label>
        <input
          id={`${id}-name`}
          className={styles.input}
          name="name"
          type="text"
          autoComplete="given-name"
          maxLength={100}
        />
      </fieldset>
      <Button type="submit" busy={busy} block>
        Sign in
      </Button>
      {state.status === 'failed' && <SignInProblem message={state.message} />}
    </form>
  );
}
