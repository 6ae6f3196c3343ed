-- 0015: which pushes a browser's subscription takes beyond the daily reminder.
-- The daily reminder stays one setting per person (profiles.reminder_enabled): every browser of
-- theirs that can receive pushes gets it. The launch tracker's new-comment notices are chosen per
-- browser (a laptop may take them, the phone not), so turning them on never turns the daily
-- reminder on, and turning either off never takes the other away from a browser. Subscriptions
-- saved before this were all made for the daily reminder: none of them asked for notices.
alter table push_subscriptions add column hn_comments boolean not null default false;
