import { useId, useState } from 'react';
import type { PortalRequest } from '#core/schemas/billing';
import { Button } from '../../../components/ui/button';
import { useOnlineStatus } from '../../../lib/online-status';
import { goToProvider } from '../data/go-to';
import { usePlan } from '../data/use-plan';
import { CONNECTION_NEEDED } from '../plan-messages';
import { CancelDialog } from './cancel-dialog';
import { CancellationTerms } from './cancellation-terms';
import { ConfirmationStatus, type ConfirmationWords } from './confirmation-status';
import { PlanDetails } from './plan-details';
import { usePlanChanges } from './use-plan-changes';
import styles from './billing.module.css';

export const NO_SUBSCRIPTION_NOTE = "Only available if you've purchased a subscription";

const UPDATE_WORDS: ConfirmationWords = {
  confirming: 'Updating your plan …',
  stillUnconfirmed: 'The change is made; your plan here shows it as soon as our payment provider confirms it. Check again in a minute.',
  refused: '',
};

export interface PlanSectionProps {
  readonly userId: string;
  /** The page the billing portal comes back to. */
  readonly returnTo: NonNullable<PortalRequest['returnTo']>;
  /** Where the browser goes with the portal's address (tests pass their own). */
  readonly go?: (url: string) => void;
}

/**
 * The account pages' Subscription section: the plan and its dates, Manage Subscriptions (the
 * billing portal), Cancel (what it does is stated before confirming) and Undo cancellation.
 * Offline it shows the plan as last checked, and changes wait for a connection.
 */
export function PlanSection({ userId, returnTo, go = goToProvider }: PlanSectionProps) {
  const { plan, freshness } = usePlan(userId);
  const online = useOnlineStatus();
  const changes = usePlanChanges(userId, returnTo, go);
  const [cancelling, setCancelling] = useState(false);
  const ids = { title: useId(), none: useId(), offline: useId() };
  const { change, caughtUp } = changes;

  const noSubscription = plan !== null && !plan.hasBillingAccount;
  const canCancel = plan !== null && caughtUp && plan.cancelOutcome !== null && plan.status !== 'canceling';
  const canUndo = plan !== null && caughtUp && plan.canResume;
  const running = plan !== null && (plan.status === 'active' || plan.status === 'canceling' || plan.status === 'grace');
  const describedBy = [noSubscription && ids.none, !online && ids.offline].filter(Boolean).join(' ') || undefined;

  return (
    <section className={styles.group} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.groupTitle}>
        Subscription
      </h2>
      {caughtUp && <PlanDetails plan={plan} freshness={freshness} />}
      {change !== null && (
        <p className={styles.result} role="status">
          {change.message}
        </p>
      )}
      {change !== null && !caughtUp && (
        <ConfirmationStatus key={change.id} check={changes.checkCaughtUp} onConfirmed={changes.onCaughtUp} words={UPDATE_WORDS} />
      )}
      {changes.problem !== null && (
        <p className={styles.notice} role="alert">
          {changes.problem}
        </p>
      )}
      <div className={styles.buttons}>
        <Button variant="secondary" disabled={!online || plan === null || noSubscription} aria-describedby={describedBy} onClick={changes.manage}>
          Manage Subscriptions
        </Button>
        {canCancel && (
          <Button variant="secondary" disabled={!online} aria-describedby={describedBy} onClick={() => setCancelling(true)}>
            Cancel subscription
          </Button>
        )}
        {canUndo && (
          <Button disabled={!online} aria-describedby={describedBy} onClick={() => changes.resume(plan)}>
            Undo cancellation
          </Button>
        )}
      </div>
      {noSubscription && (
        <p id={ids.none} className={styles.text}>
          {NO_SUBSCRIPTION_NOTE}
        </p>
      )}
      {!online && (
        <p id={ids.offline} className={styles.text}>
          You are offline. {CONNECTION_NEEDED}
        </p>
      )}
      {running && <CancellationTerms />}
      {cancelling && (
        <CancelDialog
          userId={userId}
          onClose={() => setCancelling(false)}
          onCancelled={(reply) => {
            setCancelling(false);
            changes.cancelled(reply);
          }}
        />
      )}
    </section>
  );
}
