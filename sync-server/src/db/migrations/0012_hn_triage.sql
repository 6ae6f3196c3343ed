-- 0012: the launch tracker's triage of waiting comments, a synced record (protocol table
-- `hnTriage`, pwa/core/schemas/hn-triage.ts) like exercises: one row per (user, post, comment),
-- merged field by field by clock, deletion being one more field. The synced kinds each have a
-- table of their own (there is no generic records table), so this is one more.
--
-- The trackers table of 0001 planned done_comments and snoozed_comments on the tracker row; they
-- stay unused: a triage is the person's own decision about one comment, it must merge per
-- comment (two devices triaging two comments of one post both win), and it outlives the
-- tracker being deleted and added again.
create table hn_triage (
  user_id uuid not null references users (id) on delete cascade,
  post_id bigint not null check (post_id > 0),
  comment_id bigint not null check (comment_id > 0),
  -- Columns of fields never written keep their defaults; field_clocks tells which were.
  state text not null default 'open' check (state in ('open', 'done', 'snoozed')),
  snoozed_until timestamptz,
  triaged_at timestamptz,
  deleted boolean not null default false,
  field_clocks jsonb not null default '{}' check (jsonb_typeof(field_clocks) = 'object'),
  rev bigint not null check (rev > 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, post_id, comment_id)
);

-- A pull reads a user's records above a revision; the purge finds old tombstones.
create index hn_triage_user_rev_idx on hn_triage (user_id, rev);
create index hn_triage_tombstones_idx on hn_triage (updated_at) where deleted;
