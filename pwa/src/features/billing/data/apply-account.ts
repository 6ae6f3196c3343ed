import { ACCOUNT_TYPE, isPaid } from '#core/plans/account-type';
import { userSliceWithReply } from '#core/schemas/auth';
import type { PlanState, RefreshUserReply } from '#core/schemas/billing';
import { saveLastPlan } from '../../../session/data/last-plan';
import type { SessionStore } from '../../../session/session-store';
import { storedUserId } from '../../../session/stored-user-id';

/**
 * What the server says about the plan goes into the session (the account type every screen reads)
 * and into the device's last known plan (the account pages offline). Only for the account the
 * answer was about: another tab may have signed someone else in meanwhile.
 */

export function applyPlan(store: SessionStore, userId: string, plan: PlanState): void {
  if (storedUserId(store.getSnapshot().user) !== userId) return;
  saveLastPlan(userId, plan);
  store.update((state) =>
    storedUserId(state.user) === userId && state.user.accountType !== plan.accountType
      ? { ...state, user: { ...state.user, accountType: plan.accountType } }
      : state,
  );
}

/** A refreshUser answer, for the session whose token asked. */
export function applyAccount(store: SessionStore, token: string, reply: RefreshUserReply): void {
  if (store.getSnapshot().user.token !== token) return;
  saveLastPlan(reply.userDetails.id, reply.plan);
  store.update((state) => (state.user.token === token ? { ...state, user: userSliceWithReply(token, reply) } : state));
}

/**
 * After a payment went through, the account counts as paid on this device right away (so it shows
 * Pro offline too); the next answer from the server confirms it, or undoes it.
 */
export function locallyUpgrade(store: SessionStore): void {
  store.update((state) =>
    isPaid(state.user.accountType) ? state : { ...state, user: { ...state.user, accountType: ACCOUNT_TYPE.paid } },
  );
}
