-- 0002: what the sync server needs beyond the planned tables.
--
-- Deletion is a field like any other: `deleted` merges last-writer-wins with the clock of the
-- write that set it (kept in field_clocks under "deleted"), so a later write brings a record
-- back and every replica agrees whatever order the writes arrived in. Profiles and game progress
-- get the flag too. Tombstones are kept for a while (see purgeTombstones); the newest revision
-- purged per user is the horizon below which a cursor can no longer catch up.

alter table profiles add column deleted boolean not null default false;
alter table game_progress add column deleted boolean not null default false;

-- A synced birthday is any real calendar day the protocol accepts (pwa/core/schemas/records.ts);
-- a database rule stricter than the protocol would turn a valid write into a failed push.
-- The record call updateBirthday checks a plausible year itself.
alter table profiles drop constraint if exists profiles_birthday_check;

alter table user_revisions add column tombstone_horizon bigint not null default 0 check (tombstone_horizon >= 0);

-- Tombstones old enough to purge, found without scanning live rows.
create index exercises_tombstones_idx on exercises (updated_at) where deleted;
create index profiles_tombstones_idx on profiles (updated_at) where deleted;
create index game_progress_tombstones_idx on game_progress (updated_at) where deleted;

-- Journal texts as each device last wrote them: per (user, day, field, device) the text with the
-- newest clock. "Newest per device" does not depend on arrival order, so it can be kept by an
-- upsert, and a person who wrote on two devices can always find both texts (GET
-- /api/exercises/:day/versions shows those that differ from the current one). The planned
-- exercise_revisions table (one row per losing text, no key per device) is left unused.
create table journal_versions (
  user_id uuid not null,
  day date not null,
  field text not null check (field in ('gratitude_one', 'gratitude_two', 'gratitude_three')),
  node text not null check (length(node) between 1 and 64),
  hlc text not null,
  text text not null,
  primary key (user_id, day, field, node),
  foreign key (user_id, day) references exercises (user_id, day) on delete cascade
);
