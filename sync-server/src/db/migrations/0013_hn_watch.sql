-- 0013: the tracker's watch job (modules/hn/watch.ts): it checks tracked posts on a schedule and
-- tells each tracker's owner of new comments waiting for them.

-- One row per post someone tracks: when it is checked next. An instance takes due rows for a while
-- (claimed_until), so several instances never check the same post at once.
create table hn_watch (
  story_id bigint primary key check (story_id > 0),
  -- null: past the schedule (or gone from the site), no more checks.
  due_at timestamptz,
  claimed_until timestamptz,
  checked_at timestamptz
);
create index hn_watch_due_idx on hn_watch (due_at) where due_at is not null;

-- What each tracker's owner was last told: the newest comment of the thread then (0: it had
-- none), and when the last notification went out. Goes with the tracker.
create table hn_tracker_notices (
  tracker_id uuid primary key references trackers (id) on delete cascade,
  told_up_to bigint not null check (told_up_to >= 0),
  notified_at timestamptz
);

-- The watch job finds the live trackers of a post.
create index trackers_item_live_idx on trackers (item_id) where not deleted;
