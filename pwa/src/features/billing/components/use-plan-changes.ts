import { useCallback, useState } from 'react';
import { cancelDoneText, resumedText } from '#core/plans/subscription-texts';
import type { CancelResponse, PlanState, PortalRequest } from '#core/schemas/billing';
import { useSessionStore } from '../../../session/use-session-store';
import { applyPlan } from '../data/apply-account';
import { getPlan, openPortal, resumePlan } from '../data/billing-calls';
import type { ConfirmCheck } from '../confirmation.machine';
import { billingFailure } from '../plan-messages';
import { localDay, outcomeOnLocalDay } from '../plan-words';

/**
 * A change made from this page: what was done, in words, and how to tell that the plan the server
 * shows has caught up with it (its webhook arrives a moment after the answer).
 */
export interface PlanChange {
  readonly id: number;
  readonly message: string;
  readonly done: (plan: PlanState) => boolean;
}

const endedNow = (plan: PlanState) => plan.status === 'ended' || plan.status === 'none';

/** Manage Subscriptions, the result of Cancel, and Undo cancellation, for the plan section. */
export function usePlanChanges(userId: string, returnTo: NonNullable<PortalRequest['returnTo']>, go: (url: string) => void) {
  const store = useSessionStore();
  const [change, setChange] = useState<PlanChange | null>(null);
  const [caughtUp, setCaughtUp] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const record = (message: string, done: (plan: PlanState) => boolean, plan: PlanState) => {
    applyPlan(store, userId, plan);
    setChange((before) => ({ id: (before?.id ?? 0) + 1, message, done }));
    setCaughtUp(done(plan));
  };

  const manage = async () => {
    setProblem(null);
    try {
      go(await openPortal(returnTo));
    } catch (error) {
      setProblem(billingFailure(error, 'opening the billing portal'));
    }
  };

  const cancelled = (reply: CancelResponse) => {
    setProblem(null);
    const done = reply.outcome.kind === 'end_at_period_end' ? (plan: PlanState) => plan.status === 'canceling' : endedNow;
    record(cancelDoneText(outcomeOnLocalDay(reply.outcome)), done, reply.plan);
  };

  const resume = async (plan: PlanState) => {
    setProblem(null);
    try {
      const reply = await resumePlan();
      const renews = reply.plan.currentPeriodEnd ?? plan.currentPeriodEnd;
      record(renews === null ? reply.message : resumedText(localDay(renews)), (fresh) => fresh.status === 'active', reply.plan);
    } catch (error) {
      setProblem(billingFailure(error, 'undoing the cancellation'));
    }
  };

  const done = change?.done;
  const checkCaughtUp = useCallback(async (): Promise<ConfirmCheck> => {
    const fresh = await getPlan();
    applyPlan(store, userId, fresh);
    return done === undefined || done(fresh) ? 'confirmed' : 'waiting';
  }, [store, userId, done]);

  return { change, caughtUp, problem, manage, cancelled, resume, checkCaughtUp, onCaughtUp: useCallback(() => setCaughtUp(true), []) };
}
