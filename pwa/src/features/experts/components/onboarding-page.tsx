import { useEffect, useState, type SyntheticEvent } from 'react';
import { useMachine } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { paths } from '#core/paths';
import { Button } from '../../../components/ui/button';
import { useOnlineStatus } from '../../../lib/online-status';
import { readDraft } from '../data/device-copies';
import { ONBOARDING_STEPS, onboardingMachine, stepOf } from '../onboarding.machine';
import { ExpertLayout } from './expert-layout';
import { PageFormFields } from './page-form-fields';
import styles from './expert.module.css';

interface OnboardingPageProps {
  readonly userId: string;
  /** Exit: signs out. */
  readonly onExit: () => void;
}

/** /expert/form: the page form, then payments, with the progress display. */
export function OnboardingPage({ userId, onExit }: OnboardingPageProps) {
  const online = useOnlineStatus();
  const [input] = useState(() => ({ userId, online, draft: readDraft(userId) }));
  const [snapshot, send] = useMachine(onboardingMachine, { input });
  useEffect(() => {
    send({ type: 'CONNECTION', online });
  }, [online, send]);

  const step = stepOf(snapshot);
  const busy = snapshot.hasTag('busy');
  const { values, errors, unavailable, error } = snapshot.context;
  if (snapshot.hasTag('done')) return <Navigate to={paths.expertDashboard.href()} replace />;

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <ExpertLayout title="Make your expert page" description="Your page, then payments." narrow>
      <div className={styles.topline}>
        <h1>{step === 'Payments' ? 'Enabling Payments' : 'Your Page'}</h1>
        <Button variant="ghost" size="sm" onClick={onExit}>
          Exit
        </Button>
      </div>
      <ol className={styles.progress} aria-label="Progress">
        {ONBOARDING_STEPS.map((name, index) => (
          <li
            key={name}
            className={`${styles.progressStep} ${index < ONBOARDING_STEPS.indexOf(step) ? styles.progressDone : ''}`}
            aria-current={name === step ? 'step' : undefined}
          >
            {name}
          </li>
        ))}
      </ol>
      {snapshot.hasTag('pageStep') ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <PageFormFields
            values={values}
            errors={errors}
            unavailable={unavailable}
            disabled={busy && !snapshot.matches('loading')}
            onEdit={(field, value) => send({ type: 'EDIT', field, value })}
            onLeaveSiteName={() => send({ type: 'LEAVE_SITE_NAME' })}
            onFocusSiteName={() => send({ type: 'FOCUS_SITE_NAME' })}
          />
          {snapshot.matches({ pageForm: 'waitingForConnection' }) && (
            <p className={styles.note} role="status">
              You are offline. Your page is saved on this device and will be made as soon as you are back online.
            </p>
          )}
          {error !== null && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" busy={snapshot.matches('checkingName') || snapshot.matches('creating')}>
              Next
            </Button>
          </div>
        </form>
      ) : (
        <section className={styles.form} aria-labelledby="payments-lead">
          <p id="payments-lead" className={styles.lead}>
            Connect a Stripe account so visitors can pay you for your time. You can also do this later from your dashboard.
          </p>
          {!online && (
            <p className={styles.note} role="status">
              Setting up payments needs a connection. You can skip it for now.
            </p>
          )}
          {error !== null && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.actions}>
            <Button busy={busy} disabled={!online} onClick={() => send({ type: 'SET_UP_STRIPE' })}>
              Set Up Stripe Account
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'SKIP' })}>
              Skip
            </Button>
          </div>
        </section>
      )}
    </ExpertLayout>
  );
}
