import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PlanState } from '#core/schemas/billing';
import { useOnlineStatus } from '../../../lib/online-status';
import { readLastPlan, subscribeLastPlan } from '../../../session/data/last-plan';
import { useSessionStore } from '../../../session/use-session-store';
import { applyPlan } from './apply-account';
import { getPlan } from './billing-calls';

/**
 * - 'checking': asking the server, nothing known on this device yet.
 * - 'current': the server answered since the page opened.
 * - 'last-known': offline, or the server could not be asked: the plan as last checked (see `checkedAt`).
 * - 'unknown': neither the server nor this device knows it now.
 */
export type PlanFreshness = 'checking' | 'current' | 'last-known' | 'unknown';

export interface PlanView {
  readonly plan: PlanState | null;
  readonly freshness: PlanFreshness;
}

/**
 * The person's plan: the last one this device knows at once, then the server's when online (and
 * again each time the connection comes back after it could not be asked). Every answer is kept
 * for the next time the page opens offline, and the session's account type follows it.
 */
export function usePlan(userId: string): PlanView {
  const store = useSessionStore();
  const online = useOnlineStatus();
  const plan = useSyncExternalStore(subscribeLastPlan, () => readLastPlan(userId));
  const [asked, setAsked] = useState<'not-yet' | 'answered' | 'failed'>('not-yet');

  // Asked once answered; after a failure, again only when the connection comes back.
  const answered = asked === 'answered';
  useEffect(() => {
    if (!online || answered) return;
    getPlan().then(
      (fresh) => {
        applyPlan(store, userId, fresh);
        setAsked('answered');
      },
      () => setAsked('failed'),
    );
  }, [online, answered, store, userId]);

  const freshness: PlanFreshness = online && answered ? 'current' : online && asked === 'not-yet' ? 'checking' : plan === null ? 'unknown' : 'last-known';
  return { plan, freshness };
}
