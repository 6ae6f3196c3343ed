import type { DeleteSubscriptionRequest, SubscriptionStatusResponse } from '#core/schemas/reminders';
import type { Sql } from '../../db/client.ts';
import { clearHnComments, deleteUnlessHnComments, findProfile, findSubscription } from './repo.ts';
import { planReminder } from './service.ts';

/**
 * A browser's subscription serves two things: the daily reminder (on or off for the person, in
 * their synced profile) and the launch tracker's new-comment notices (on or off for that browser).
 * Each switch lets go of it for its own purpose only, and the subscription is forgotten once
 * nothing uses it, so turning one off never silences the other on that browser.
 */

/**
 * The browser no longer wants `purpose`'s pushes. Returns whether the subscription is kept for
 * the other purpose (then the browser must stay subscribed):
 * - the daily reminder's switch (the profile already says off): kept while it takes notices;
 * - the tracker's switch: it stops taking notices, and is kept while the daily reminder is on.
 */
export async function releaseSubscription(sql: Sql, userId: string, request: DeleteSubscriptionRequest, now: number): Promise<boolean> {
  const { endpoint } = request;
  if (request.purpose === 'hn-comments') {
    if (!(await clearHnComments(sql, userId, endpoint))) return false;
    const profile = await findProfile(sql, userId);
    if (profile?.enabled === true && !profile.deleted) return true;
  }
  const removed = await deleteUnlessHnComments(sql, userId, endpoint);
  if (removed > 0) await planReminder(sql, userId, now);
  return (await findSubscription(sql, userId, endpoint)) !== null;
}

/** What one of the person's browsers takes; another account's endpoint is simply not saved for them. */
export async function subscriptionStatus(sql: Sql, userId: string, endpoint: string): Promise<SubscriptionStatusResponse> {
  const found = await findSubscription(sql, userId, endpoint);
  return { saved: found !== null, hnComments: found?.hnComments ?? false };
}
