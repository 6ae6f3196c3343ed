-- 0004: the reminder job, as the job loop uses it.
-- due_at is null while no reminder is planned (reminders off, no subscription, an unknown zone);
-- the row stays so last_sent_day keeps a day from being reminded twice when turned off and on.
-- profile_rev is the profiles.rev the plan was made from: a synced change of the reminder
-- settings shows up as a different rev, and the next pass plans again.
-- claimed_until: an instance sending a reminder holds the row until then; another instance
-- skips it (and takes it over only if the first one died mid-send).
alter table reminder_jobs alter column due_at drop not null;
alter table reminder_jobs add column profile_rev bigint not null default 0;
alter table reminder_jobs add column claimed_until timestamptz;
