import type { CalendarDay } from '#core/dates/calendar-day';
import type { DoneRule } from '#core/practice/streaks';
import type { PushPurpose } from '#core/schemas/reminders';
import type { Sql, TransactionSql } from '../../db/client.ts';

/** SQL of the reminders: push subscriptions, the per-user reminder job and what it reads. */

type Db = Sql | TransactionSql;

export interface ReminderProfile {
  readonly enabled: boolean;
  readonly reminderMinutes: number | null;
  readonly zone: string | null;
  readonly dayStartMinutes: number;
  /** Checked by the column's constraint (0005), which lists DONE_RULES. */
  readonly doneRule: DoneRule;
  readonly rev: number;
  readonly deleted: boolean;
}

export interface ReminderJob {
  readonly dueAt: Date | null;
  readonly lastSentDay: CalendarDay | null;
  readonly profileRev: number;
  readonly claimedUntil: Date | null;
}

export interface StoredSubscription {
  readonly id: string;
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  /** Pushes that failed in a row. */
  readonly failures: number;
  /** Not tried again before this instant (backoff after failures); null when due any time. */
  readonly retryAfter: Date | null;
}

export interface NewSubscription {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
  /** Saved by the tracker's switch: the browser takes new-comment notices. */
  readonly hnComments: boolean;
}

export async function findProfile(db: Db, userId: string): Promise<ReminderProfile | null> {
  const [row] = await db<
    {
      enabled: boolean;
      reminder_minutes: number | null;
      zone: string | null;
      day_start_minutes: number;
      done_rule: DoneRule;
      rev: number;
      deleted: boolean;
    }[]
  >`
    select reminder_enabled as enabled, reminder_time as reminder_minutes, reminder_zone as zone,
           day_start_minutes, done_rule, rev, deleted
    from profiles where user_id = ${userId}`;
  if (!row) return null;
  return {
    enabled: row.enabled,
    reminderMinutes: row.reminder_minutes,
    zone: row.zone,
    dayStartMinutes: row.day_start_minutes,
    doneRule: row.done_rule,
    rev: row.rev,
    deleted: row.deleted,
  };
}

export async function findJob(db: Db, userId: string): Promise<ReminderJob | null> {
  const [row] = await db<
    { due_at: Date | null; last_sent_day: CalendarDay | null; profile_rev: number; claimed_until: Date | null }[]
  >`select due_at, last_sent_day, profile_rev, claimed_until from reminder_jobs where user_id = ${userId}`;
  if (!row) return null;
  return { dueAt: row.due_at, lastSentDay: row.last_sent_day, profileRev: row.profile_rev, claimedUntil: row.claimed_until };
}

/** The done marks of one practice day; null when the day has no live record. */
export async function findExerciseFlags(
  db: Db,
  userId: string,
  day: CalendarDay,
): Promise<{ mortality: boolean; gratitude: boolean } | null> {
  const [row] = await db<{ mortality: boolean; gratitude: boolean }[]>`
    select mortality, gratitude from exercises where user_id = ${userId} and day = ${day} and not deleted`;
  return row ?? null;
}

/**
 * The person's subscriptions that take `purpose`'s pushes: every one for the daily reminder
 * (whether it is on is the profile's to say), only those turned on for new-comment notices.
 */
export async function listSubscriptions(db: Db, userId: string, purpose: PushPurpose): Promise<StoredSubscription[]> {
  const everyBrowser = purpose === 'daily-reminder';
  return db<StoredSubscription[]>`
    select id, endpoint, p256dh, auth, failures, retry_after as "retryAfter"
    from push_subscriptions where user_id = ${userId} and (${everyBrowser} or hn_comments)
    order by saved_at, id`;
}

/** What one of this person's subscriptions takes beyond the daily reminder; null when it is not theirs or not saved. */
export async function findSubscription(db: Db, userId: string, endpoint: string): Promise<{ hnComments: boolean } | null> {
  const [row] = await db<{ hnComments: boolean }[]>`
    select hn_comments as "hnComments" from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint}`;
  return row ?? null;
}

/** This person's subscription no longer takes new-comment notices; false when they have no such subscription. */
export async function clearHnComments(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const rows = await db`
    update push_subscriptions set hn_comments = false where user_id = ${userId} and endpoint = ${endpoint} returning id`;
  return rows.length > 0;
}

/**
 * Saves a browser's subscription for this person. An endpoint belongs to one browser profile: if
 * another account had it (someone else signed in there before), it moves to this one only when
 * the keys are the same ones, which only that browser holds; an endpoint URL alone is no proof.
 * Returns false, changing nothing, when the endpoint is another account's under other keys.
 */
export async function upsertSubscription(db: Db, userId: string, subscription: NewSubscription): Promise<boolean> {
  // Saving for the daily reminder leaves the notices as they were; the notices another account
  // chose for this browser do not move with it.
  const rows = await db`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, hn_comments, saved_at)
    values (${userId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${subscription.hnComments}, clock_timestamp())
    on conflict (endpoint) do update
      set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
          hn_comments = excluded.hn_comments
            or (push_subscriptions.user_id = excluded.user_id and push_subscriptions.hn_comments),
          saved_at = excluded.saved_at, failures = 0, retry_after = null
      where push_subscriptions.user_id = excluded.user_id
         or (push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.auth = excluded.auth)
    returning id`;
  return rows.length > 0;
}

/** Keeps this person's `keep` most recently saved subscriptions and removes the rest; returns how many went. */
export async function trimSubscriptions(db: Db, userId: string, keep: number): Promise<number> {
  const rows = await db`
    delete from push_subscriptions
    where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId} order by saved_at desc, id desc limit ${keep}
    )
    returning id`;
  return rows.length;
}

/** A push went through: the subscription is tried whenever due again. */
export async function recordPushSuccess(db: Db, id: string): Promise<void> {
  await db`update push_subscriptions set failures = 0, retry_after = null where id = ${id} and failures > 0`;
}

/** A push failed: counts it and leaves the subscription alone until `retryAfter`. */
export async function recordPushFailure(db: Db, id: string, failures: number, retryAfter: Date): Promise<void> {
  await db`update push_subscriptions set failures = ${failures}, retry_after = ${retryAfter} where id = ${id}`;
}

/**
 * Removes one of this person's subscriptions unless it takes new-comment notices (it was turned on
 * for them, perhaps a moment ago); someone else's endpoint is left alone. Returns how many went.
 */
export async function deleteUnlessHnComments(db: Db, userId: string, endpoint: string): Promise<number> {
  const rows = await db`
    delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} and not hn_comments returning id`;
  return rows.length;
}

export async function deleteSubscriptionById(db: Db, id: string): Promise<void> {
  await db`delete from push_subscriptions where id = ${id}`;
}

/**
 * Writes the plan made from the profile at `profileRev`, unless an instance is sending this
 * person's reminder right now (it plans again itself when done). Returns whether it was written.
 */
export async function savePlan(
  db: Db,
  userId: string,
  plan: { dueAt: Date | null; profileRev: number },
  now: Date,
): Promise<boolean> {
  const rows = await db`
    insert into reminder_jobs (user_id, due_at, profile_rev)
    values (${userId}, ${plan.dueAt}, ${plan.profileRev})
    on conflict (user_id) do update
      set due_at = excluded.due_at, profile_rev = excluded.profile_rev
      where reminder_jobs.claimed_until is null or reminder_jobs.claimed_until <= ${now}
    returning user_id`;
  return rows.length > 0;
}

/**
 * People whose plan is out of date: reminders on without a job row, a profile changed since the
 * plan (another rev), or a planned job whose profile is gone.
 */
export async function findStalePlans(db: Db, limit: number): Promise<string[]> {
  const rows = await db<{ user_id: string }[]>`
    select p.user_id from profiles p
    left join reminder_jobs j on j.user_id = p.user_id
    where (j.user_id is null and p.reminder_enabled and not p.deleted)
       or (j.user_id is not null and j.profile_rev <> p.rev)
    union
    select j.user_id from reminder_jobs j
    where j.due_at is not null and not exists (select 1 from profiles p where p.user_id = j.user_id)
    limit ${limit}`;
  return rows.map((row) => row.user_id);
}

/**
 * Takes up to `limit` due jobs for this instance until `claimUntil`. Rows another instance is
 * taking at the same moment are skipped (SKIP LOCKED), and rows it holds are not due for us.
 */
export async function claimDueJobs(db: Db, now: Date, claimUntil: Date, limit: number): Promise<string[]> {
  const rows = await db<{ user_id: string }[]>`
    update reminder_jobs j set claimed_until = ${claimUntil}
    from (
      select user_id from reminder_jobs
      where due_at <= ${now} and (claimed_until is null or claimed_until <= ${now})
      order by due_at
      limit ${limit}
      for update skip locked
    ) due
    where j.user_id = due.user_id
    returning j.user_id`;
  return rows.map((row) => row.user_id);
}

/** Ends this instance's hold on a job with the next plan. */
export async function finishJob(
  db: Db,
  userId: string,
  result: { dueAt: Date | null; lastSentDay: CalendarDay | null; profileRev: number },
): Promise<void> {
  await db`
    update reminder_jobs
    set due_at = ${result.dueAt}, last_sent_day = ${result.lastSentDay}, profile_rev = ${result.profileRev},
        claimed_until = null
    where user_id = ${userId}`;
}
