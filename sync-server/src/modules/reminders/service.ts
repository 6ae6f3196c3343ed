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
import {
  claimDueJobs,
  deleteSubscription,
  deleteSubscriptionById,
  findExerciseFlags,
  findJob,
  findProfile,
  findStalePlans,
  finishJob,
  listSubscriptions,
  savePlan,
  upsertSubscription,
  type ReminderProfile,
} from './repo.ts';

/**
 * The daily reminder rules on the server. Each person with reminders on has one reminder_jobs
 * row saying when their next reminder is due (see `nextReminder` for the date rules). A pass of
 * the job loop (`runDueReminders`):
 * 1. plans again for people whose profile changed since their plan (a synced settings change);
 * 2. takes the due jobs (several instances never take the same row), and for each sends the
 *    reminder unless today's practice is done or already reminded, forgets subscriptions the push
 *    service calls gone, and plans the next one.
 */

/** How long one instance holds a job while sending; past that another may take it over. */
export const CLAIM_MS = 5 * 60_000;
/** When every push of a reminder failed (the push service is down), try again this much later. */
export const RETRY_MS = 10 * 60_000;
export const DEFAULT_BATCH_SIZE = 50;

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
    listSubscriptions(sql, userId),
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
 * Keeps a browser's subscription for this person and plans their reminder. Throws
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
  const saved = await upsertSubscription(sql, userId, { endpoint: request.endpoint, ...request.keys });
  if (!saved) {
    throw new ApiError(
      'SUBSCRIPTION_TAKEN',
      'This push subscription belongs to another account. Unsubscribe it in this browser, or sign in with that account.',
    );
  }
  return planReminder(sql, userId, now);
}

export async function removeSubscription(sql: Sql, userId: string, endpoint: string, now: number): Promise<void> {
  const removed = await deleteSubscription(sql, userId, endpoint);
  if (removed > 0) await planReminder(sql, userId, now);
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

async function sendDue(
  sql: Sql,
  sender: PushSender,
  userId: string,
  now: number,
  counts: Counts,
): Promise<void> {
  const [profile, job] = await Promise.all([findProfile(sql, userId), findJob(sql, userId)]);
  const profileRev = profile?.rev ?? 0;
  let lastSentDay = job?.lastSentDay ?? null;
  const schedule = scheduleOf(profile);
  let subscriptions = schedule ? await listSubscriptions(sql, userId) : [];
  if (!schedule || subscriptions.length === 0) {
    await finishJob(sql, userId, { dueAt: null, lastSentDay, profileRev });
    return;
  }

  const todayDone = await isTodayDone(sql, userId, schedule, now);
  const day = reminderToSend({ ...schedule, now, lastSentDay, todayDone });
  if (day !== null) {
    const payload = JSON.stringify(reminderPayload(day));
    let delivered = 0;
    const kept = [];
    for (const subscription of subscriptions) {
      const outcome = await sender.send(subscription, payload);
      if (outcome.status === 'sent') {
        delivered++;
        kept.push(subscription);
      } else if (outcome.status === 'gone') {
        counts.gone++;
        await deleteSubscriptionById(sql, subscription.id);
      } else {
        counts.failed++;
        kept.push(subscription);
      }
    }
    subscriptions = kept;
    counts.pushes += delivered;
    if (delivered > 0) {
      counts.reminded++;
      lastSentDay = day;
    } else if (subscriptions.length > 0) {
      // Nothing got through but the browsers still exist: try again soon, while the day lasts.
      await finishJob(sql, userId, { dueAt: new Date(now + RETRY_MS), lastSentDay, profileRev });
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
  for (const userId of claimed) {
    try {
      await sendDue(sql, sender, userId, now, counts);
    } catch (error) {
      // The claim runs out and a later pass tries again.
      onError(error, userId);
    }
  }
  return { ...counts, replanned };
}
