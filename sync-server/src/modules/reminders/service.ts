import type { CalendarDay } from '#core/dates/calendar-day';
import { isValidTimeZone } from '#core/dates/zone-time';
import { practiceDay } from '#core/practice/practice-day';
import { nextReminder, reminderToSend } from '#core/practice/reminders';
import { isDayDone, type DoneRule } from '#core/practice/streaks';
import { DEFAULT_PROFILE } from '#core/schemas/records';
import { paths } from '#core/paths';
import type { ReminderPush, SaveSubscriptionRequest } from '#core/schemas/reminders';
import type { Sql } from '../../db/client.ts';
import { ApiError } from '../../http/api-error.ts';
import type { PushSender } from '../../providers/push.ts';
import { pushEndpointProblem, PUSH_ENDPOINT_PROBLEM_MESSAGES, type PushEndpointPolicy } from '../../providers/push-endpoints.ts';
import { deliverPush, limitedSender, PUSH_LIMITS, RETRY_MS, type SendPush } from './deliver.ts';
import {
  claimDueJobs,
  findExerciseFlags,
  findJob,
  findProfile,
  findStalePlans,
  finishJob,
  listSubscriptions,
  savePlan,
  trimSubscriptions,
  upsertSubscription,
  type ReminderProfile,
} from './repo.ts';
import type { PushLimits } from './push-limiter.ts';

/**
 * The daily reminder rules on the server. Each person with reminders on has one reminder_jobs
 * row saying when their next reminder is due (see `nextReminder` for the date rules). A pass of
 * the job loop (`runDueReminders`):
 * 1. plans again for people whose profile changed since their plan (a synced settings change);
 * 2. takes the due jobs (several instances never take the same row), and for each sends the
 *    reminder unless today's practice is done or already reminded, forgets subscriptions the push
 *    service calls gone, and plans the next one.
 *
 * No one person's browsers can hold up anyone else's reminder: a person keeps at most
 * MAX_SUBSCRIPTIONS_PER_USER subscriptions; the pushes of a pass run side by side (PUSH_LIMITS:
 * a few at once per person, more in all), each within the sender's deadline (5 s); and a
 * subscription whose push failed is left alone for a while, longer after each failure.
 */

/** How long one instance holds a job while sending; past that another may take it over. */
export const CLAIM_MS = 5 * 60_000;
export const DEFAULT_BATCH_SIZE = 50;
/** Browsers one person keeps subscribed; saving one more forgets the one saved longest ago. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10;
// The send path's rules live with it (deliver.ts); their names stay reachable from here.
export { MAX_BACKOFF_MS, PUSH_LIMITS, pushBackoffMs, RETRY_MS } from './deliver.ts';

export interface ReminderSchedule {
  readonly reminderMinutes: number;
  readonly timeZone: string;
  readonly dayStartMinutes: number;
  /** Which exercises make today done, so that no reminder is sent. */
  readonly doneRule: DoneRule;
}

/** The reminder settings to act on, or null when there is nothing to remind of. */
export function scheduleOf(profile: ReminderProfile | null): ReminderSchedule | null {
  if (!profile?.enabled || profile.deleted) return null;
  const timeZone = profile.zone ?? DEFAULT_PROFILE.reminderZone;
  // A zone this server's Intl does not know cannot be planned for: no reminder rather than a wrong one.
  if (!isValidTimeZone(timeZone)) return null;
  return {
    reminderMinutes: profile.reminderMinutes ?? DEFAULT_PROFILE.reminderMinutes,
    timeZone,
    dayStartMinutes: profile.dayStartMinutes,
    doneRule: profile.doneRule,
  };
}

async function isTodayDone(sql: Sql, userId: string, schedule: ReminderSchedule, now: number): Promise<boolean> {
  const today = practiceDay(now, schedule.timeZone, schedule.dayStartMinutes);
  const flags = await findExerciseFlags(sql, userId, today);
  return flags !== null && isDayDone(flags, schedule.doneRule);
}

/**
 * Plans this person's next reminder from their profile, subscriptions and today's practice.
 * Returns the due instant, or null when none is planned.
 */
export async function planReminder(sql: Sql, userId: string, now: number): Promise<Date | null> {
  const [profile, job, subscriptions] = await Promise.all([
    findProfile(sql, userId),
    findJob(sql, userId),
    listSubscriptions(sql, userId, 'daily-reminder'),
  ]);
  const schedule = scheduleOf(profile);
  let dueAt: Date | null = null;
  if (schedule && subscriptions.length > 0) {
    const todayDone = await isTodayDone(sql, userId, schedule, now);
    dueAt = new Date(nextReminder({ ...schedule, now, lastSentDay: job?.lastSentDay ?? null, todayDone }).due);
  }
  if (profile === null && job === null) return null;
  await savePlan(sql, userId, { dueAt, profileRev: profile?.rev ?? 0 }, new Date(now));
  return dueAt;
}

/**
 * Keeps a browser's subscription for this person (for new-comment notices too when that is its
 * purpose) and plans their reminder: it is due only if the person has the daily reminder on. Throws
 * PUSH_ENDPOINT_REFUSED for an endpoint the server must not send to (see `push-endpoints.ts`),
 * SUBSCRIPTION_TAKEN for another account's endpoint sent with other keys.
 */
export async function saveSubscription(
  sql: Sql,
  userId: string,
  request: SaveSubscriptionRequest,
  now: number,
  endpoints: PushEndpointPolicy,
): Promise<Date | null> {
  const problem = pushEndpointProblem(request.endpoint, endpoints);
  if (problem !== null) throw new ApiError('PUSH_ENDPOINT_REFUSED', PUSH_ENDPOINT_PROBLEM_MESSAGES[problem]);
  const hnComments = request.purpose === 'hn-comments';
  const saved = await upsertSubscription(sql, userId, { endpoint: request.endpoint, ...request.keys, hnComments });
  if (!saved) {
    throw new ApiError(
      'SUBSCRIPTION_TAKEN',
      'This push subscription belongs to another account. Unsubscribe it in this browser, or sign in with that account.',
    );
  }
  await trimSubscriptions(sql, userId, MAX_SUBSCRIPTIONS_PER_USER);
  return planReminder(sql, userId, now);
}

export function reminderPayload(day: CalendarDay): ReminderPush {
  return {
    kind: 'daily-reminder',
    title: 'Time for your Memento',
    body: 'Two quiet minutes: today’s practice is still open.',
    day,
    url: paths.dashboard.href(),
  };
}

export interface ReminderRunDeps {
  readonly sql: Sql;
  readonly sender: PushSender;
  readonly batchSize?: number;
  readonly pushLimits?: PushLimits;
  readonly onError?: (error: unknown, userId: string) => void;
}

export interface ReminderRunResult {
  /** People reminded (at least one of their browsers took the push). */
  readonly reminded: number;
  /** Pushes the push services accepted. */
  readonly pushes: number;
  /** Subscriptions forgotten because the push service said they are gone. */
  readonly gone: number;
  readonly failed: number;
  /** People planned again because their settings changed. */
  readonly replanned: number;
}

interface Counts {
  reminded: number;
  pushes: number;
  gone: number;
  failed: number;
}

async function sendDue(sql: Sql, send: SendPush, userId: string, now: number, counts: Counts): Promise<void> {
  const [profile, job] = await Promise.all([findProfile(sql, userId), findJob(sql, userId)]);
  const profileRev = profile?.rev ?? 0;
  let lastSentDay = job?.lastSentDay ?? null;
  const schedule = scheduleOf(profile);
  let subscriptions = schedule ? await listSubscriptions(sql, userId, 'daily-reminder') : [];
  if (!schedule || subscriptions.length === 0) {
    await finishJob(sql, userId, { dueAt: null, lastSentDay, profileRev });
    return;
  }

  const todayDone = await isTodayDone(sql, userId, schedule, now);
  const day = reminderToSend({ ...schedule, now, lastSentDay, todayDone });
  if (day !== null) {
    const payload = JSON.stringify(reminderPayload(day));
    const { delivered, gone, failed, kept } = await deliverPush(sql, send, userId, subscriptions, payload, now);
    counts.gone += gone;
    counts.failed += failed;
    subscriptions = kept;
    counts.pushes += delivered;
    if (delivered > 0) {
      counts.reminded++;
      lastSentDay = day;
    } else if (subscriptions.length > 0) {
      // Nothing got through but the browsers still exist: try again when the first of them is
      // out of its backoff (each one left has just failed or is still waiting), while the day lasts.
      const retries = subscriptions.map((subscription) => subscription.retryAfter?.getTime() ?? now + RETRY_MS);
      const dueAt = new Date(Math.min(...retries));
      await finishJob(sql, userId, { dueAt, lastSentDay, profileRev });
      return;
    }
  }
  const dueAt =
    subscriptions.length === 0 ? null : new Date(nextReminder({ ...schedule, now, lastSentDay, todayDone }).due);
  await finishJob(sql, userId, { dueAt, lastSentDay, profileRev });
}

/**
 * One pass of the reminder job at `now`. Safe to run on any number of instances at once: each
 * due job is taken by one of them (FOR UPDATE SKIP LOCKED plus a claim), so nobody is reminded twice.
 */
export async function runDueReminders(deps: ReminderRunDeps, now: number): Promise<ReminderRunResult> {
  const { sql, sender } = deps;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE;
  const onError = deps.onError ?? (() => undefined);

  let replanned = 0;
  for (const userId of await findStalePlans(sql, batchSize)) {
    try {
      await planReminder(sql, userId, now);
      replanned++;
    } catch (error) {
      onError(error, userId);
    }
  }

  const counts: Counts = { reminded: 0, pushes: 0, gone: 0, failed: 0 };
  const claimed = await claimDueJobs(sql, new Date(now), new Date(now + CLAIM_MS), batchSize);
  // Everyone claimed is served side by side: one person's pushes never wait for another's.
  const send = limitedSender(sender, deps.pushLimits ?? PUSH_LIMITS);
  await Promise.all(
    claimed.map(async (userId) => {
      try {
        await sendDue(sql, send, userId, now, counts);
      } catch (error) {
        // The claim runs out and a later pass tries again.
        onError(error, userId);
      }
    }),
  );
  return { ...counts, replanned };
}
