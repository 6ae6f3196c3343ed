-- 0011: the launch tracker (modules/hn). trackers and hn_items come from 0001; hn_items.data
-- holds the site's item with its text already sanitised, so nothing unsafe is ever stored.

-- A post's thread as last read whole from the site: what the tracker list shows without asking
-- the site again. One row per post, shared by everyone who tracks it (it is public data).
create table hn_threads (
  story_id bigint primary key check (story_id > 0),
  title text not null,
  author text not null,
  score integer not null,
  comment_count integer not null check (comment_count >= 0),
  unanswered_count integer not null check (unanswered_count >= 0),
  replies_to_author_count integer not null check (replies_to_author_count >= 0),
  walked_at timestamptz not null
);

-- The score and comment count of a post each time it was read fresh from the site: the points
-- of Pro's time series.
create table hn_story_samples (
  story_id bigint not null check (story_id > 0),
  sampled_at timestamptz not null,
  score integer not null,
  comment_count integer not null check (comment_count >= 0),
  primary key (story_id, sampled_at)
);

-- The list reads a person's live trackers, newest first; the limit counts them.
create index trackers_user_live_idx on trackers (user_id, created_at desc) where not deleted;
