import { useEffect, useState } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cancelConfirmText } from '#core/plans/subscription-texts';
import type { CancelOutcomeReply, CancelResponse } from '#core/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSessionStore } from '../../../session/use-session-store';
import { applyPlan } from '../data/apply-account';
import { cancelPlan, getPlan } from '../data/billing-calls';
import { billingFailure } from '../plan-messages';
import { outcomeOnLocalDay } from '../plan-words';
import styles from './billing.module.css';

export interface CancelDialogProps {
  readonly userId: string;
  readonly onClose: () => void;
  readonly onCancelled: (reply: CancelResponse) => void;
}

type Step =
  | { readonly step: 'checking' }
  | { readonly step: 'nothing' }
  | { readonly step: 'confirming'; readonly outcome: CancelOutcomeReply; readonly problem: string | null }
  | { readonly step: 'unchecked'; readonly problem: string };

/**
 * Cancel, without writing to anyone: first what cancelling does for this person now, by the rule
 * as the server judges it at this moment (refunded and ended, or Pro to the end of the month),
 * then their confirmation.
 */
export function CancelDialog({ userId, onClose, onCancelled }: CancelDialogProps) {
  const store = useSessionStore();
  const [state, setState] = useState<Step>({ step: 'checking' });

  useEffect(() => {
    let current = true;
    getPlan().then(
      (plan) => {
        applyPlan(store, userId, plan);
        if (!current) return;
        const cancellable = plan.cancelOutcome !== null && plan.status !== 'canceling';
        setState(cancellable && plan.cancelOutcome !== null ? { step: 'confirming', outcome: plan.cancelOutcome, problem: null } : { step: 'nothing' });
      },
      (error: unknown) => {
        if (current) setState({ step: 'unchecked', problem: billingFailure(error, 'checking your plan') });
      },
    );
    return () => {
      current = false;
    };
  }, [store, userId]);

  const confirm = async (outcome: CancelOutcomeReply) => {
    try {
      onCancelled(await cancelPlan());
    } catch (error) {
      setState({ step: 'confirming', outcome, problem: billingFailure(error, 'cancelling your plan') });
    }
  };

  return (
    <Dialog
      title="Cancel your Pro plan?"
      onClose={onClose}
      actions={
        state.step === 'confirming' ? (
          <>
            <Button onClick={() => confirm(state.outcome)}>Cancel my plan</Button>
            <Button variant="secondary" onClick={onClose}>
              Keep Pro
            </Button>
          </>
        ) : (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        )
      }
    >
      {state.step === 'checking' && (
        <p className={styles.status} role="status">
          <LoaderCircle className={styles.spin} aria-hidden="true" size={20} />
          Checking what cancelling does now …
        </p>
      )}
      {state.step === 'nothing' && <p role="status">There is nothing to cancel: your plan is not running now.</p>}
      {state.step === 'unchecked' && (
        <p className={styles.notice} role="alert">
          {state.problem}
        </p>
      )}
      {state.step === 'confirming' && (
        <>
          <p>{cancelConfirmText(outcomeOnLocalDay(state.outcome))}</p>
          {state.problem !== null && (
            <p className={styles.notice} role="alert">
              {state.problem}
            </p>
          )}
        </>
      )}
    </Dialog>
  );
}
