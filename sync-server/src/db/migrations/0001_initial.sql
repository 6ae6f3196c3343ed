-- 0001: the tables of the whole product, planned up front; modules fill them in.
-- Conventions: snake_case; ids are uuid unless an outside system gives them; every per-user row
-- goes away with its user; synced records carry field_clocks ({"column": "<hlc>"}), rev (the
-- user's change counter when the row last changed) and a deleted tombstone.
-- Runs on PostgreSQL 15+ (gen_random_uuid() is built in since 13).

-- People: signed in with Google (google_sub) or, in local mode, by e-mail alone.
create table users (
  id uuid primary key default gen_random_uuid(),
  google_sub text unique,
  email text not null check (email like '%_@_%' and length(email) <= 320),
  first_name text not null default '',
  avatar_url text,
  account_type smallint not null default 0 check (account_type >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Signed-in sessions; only a SHA-256 of the bearer token is stored.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  check (expires_at > created_at)
);
create index sessions_user_id_idx on sessions (user_id);
create index sessions_expires_at_idx on sessions (expires_at);

-- A device's sync identity and the last outbox seq applied from it (pushes are idempotent).
create table sync_clients (
  client_id text primary key check (length(client_id) between 1 and 64),
  user_id uuid not null references users (id) on delete cascade,
  last_seq bigint not null default 0 check (last_seq >= 0),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index sync_clients_user_id_idx on sync_clients (user_id);

-- Per-user change counter: every synced write takes the next rev; pull returns rows above a cursor.
create table user_revisions (
  user_id uuid primary key references users (id) on delete cascade,
  rev bigint not null default 0 check (rev >= 0)
);

-- One day of practice per user, keyed by the calendar day so two devices meet on one record.
create table exercises (
  user_id uuid not null references users (id) on delete cascade,
  day date not null,
  mortality boolean not null default false,
  gratitude boolean not null default false,
  gratitude_one text not null default '',
  gratitude_two text not null default '',
  gratitude_three text not null default '',
  field_clocks jsonb not null default '{}' check (jsonb_typeof(field_clocks) = 'object'),
  rev bigint not null check (rev > 0),
  deleted boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (user_id, day)
);
create index exercises_user_rev_idx on exercises (user_id, rev);

-- Journal texts that lost a last-writer-wins merge, kept so nothing typed is lost.
create table exercise_revisions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  day date not null,
  field text not null check (field in ('gratitude_one', 'gratitude_two', 'gratitude_three')),
  text text not null,
  hlc text not null,
  client_id text,
  created_at timestamptz not null default now(),
  foreign key (user_id, day) references exercises (user_id, day) on delete cascade
);
create index exercise_revisions_user_day_idx on exercise_revisions (user_id, day);

-- Per-user settings record (synced): birthday, when the day starts, reminders, streak freezes.
create table profiles (
  user_id uuid primary key references users (id) on delete cascade,
  birthday date check (birthday >= date '1900-01-01'),
  day_start_minutes integer not null default 0 check (day_start_minutes between 0 and 1439),
  reminder_enabled boolean not null default false,
  reminder_time integer check (reminder_time between 0 and 1439),
  reminder_zone text check (length(reminder_zone) between 1 and 64),
  streak_freezes jsonb not null default '[]' check (jsonb_typeof(streak_freezes) = 'array'),
  field_clocks jsonb not null default '{}' check (jsonb_typeof(field_clocks) = 'object'),
  rev bigint not null check (rev > 0),
  updated_at timestamptz not null default now()
);

-- The blob game's progress, synced as one record per user.
create table game_progress (
  user_id uuid primary key references users (id) on delete cascade,
  state jsonb not null default '{}' check (jsonb_typeof(state) = 'object'),
  field_clocks jsonb not null default '{}' check (jsonb_typeof(field_clocks) = 'object'),
  rev bigint not null check (rev > 0),
  updated_at timestamptz not null default now()
);

-- Web Push subscriptions of a user's browsers.
create table push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  endpoint text not null unique check (endpoint ~ '^https?://'),
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_id_idx on push_subscriptions (user_id);

-- The next reminder per user; workers take due rows with FOR UPDATE SKIP LOCKED.
create table reminder_jobs (
  user_id uuid primary key references users (id) on delete cascade,
  due_at timestamptz not null,
  last_sent_day date
);
create index reminder_jobs_due_at_idx on reminder_jobs (due_at);

-- Experts' public booking pages; the site name is unique ignoring case.
create table experts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references users (id) on delete cascade,
  site_name text not null check (site_name ~ '^[A-Za-z]{1,50}$'),
  your_name text not null check (length(your_name) <= 100),
  your_bio text not null default '' check (length(your_bio) <= 300),
  the_verb text not null default 'Consult' check (the_verb in ('Consult', 'Mentor', 'Tutor', 'Work')),
  help_list text not null default '',
  rate_cents integer not null check (rate_cents >= 0),
  stripe_account_id text unique,
  charges_enabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index experts_site_name_key on experts (lower(site_name));

-- One-time charges (pass, Human Sounds, an expert's hour, the first Pro charge); the amount
-- comes from the server's price list. Buyers may be signed out, so user_id is optional, and
-- the payment record outlives the account (set null).
create table orders (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('pass', 'sounds', 'expert', 'pro')),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  email text,
  name text,
  user_id uuid references users (id) on delete set null,
  expert_id uuid references experts (id) on delete set null,
  provider text not null check (provider in ('stripe', 'test')),
  provider_id text,
  idempotency_key text not null unique,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'refunded')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (kind <> 'expert' or expert_id is not null)
);
create unique index orders_provider_id_key on orders (provider, provider_id) where provider_id is not null;
create index orders_user_id_idx on orders (user_id) where user_id is not null;
create index orders_expert_id_idx on orders (expert_id) where expert_id is not null;

-- Pro plan subscriptions, mirrored from the payment provider (webhooks keep them current).
create table subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'test')),
  provider_customer_id text,
  provider_subscription_id text not null unique,
  status text not null check (
    status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')
  ),
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscriptions_user_id_idx on subscriptions (user_id);

-- Provider webhook events already handled (a redelivered event is skipped).
create table webhook_events (
  event_id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);

-- Secret download links of Human Sounds purchases; only a SHA-256 of the token is stored.
create table download_tokens (
  token_hash bytea primary key check (octet_length(token_hash) = 32),
  order_id uuid not null references orders (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index download_tokens_order_id_idx on download_tokens (order_id);

-- Hacker News posts a user tracks (synced records, keyed per user by the HN item id).
create table trackers (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  item_id bigint not null check (item_id > 0),
  link text not null,
  title text not null default '',
  done_comments jsonb not null default '[]' check (jsonb_typeof(done_comments) = 'array'),
  snoozed_comments jsonb not null default '{}' check (jsonb_typeof(snoozed_comments) = 'object'),
  field_clocks jsonb not null default '{}' check (jsonb_typeof(field_clocks) = 'object'),
  rev bigint not null check (rev > 0),
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, item_id)
);
create index trackers_user_rev_idx on trackers (user_id, rev);

-- Cache of Hacker News items with the time they were fetched.
create table hn_items (
  id bigint primary key check (id > 0),
  data jsonb not null,
  fetched_at timestamptz not null default now()
);
create index hn_items_fetched_at_idx on hn_items (fetched_at);

-- Visitors' paid sessions with an expert, and whether the scheduling e-mails went out.
create table bookings (
  id uuid primary key default gen_random_uuid(),
  expert_id uuid not null references experts (id) on delete cascade,
  visitor_name text not null,
  visitor_email text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'usd' check (currency ~ '^[a-z]{3}$'),
  status text not null default 'pending' check (status in ('pending', 'paid', 'failed', 'canceled')),
  provider_id text unique,
  emails_sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index bookings_expert_id_idx on bookings (expert_id, created_at desc);

-- Outgoing e-mail: written in the same transaction as its cause, sent (or shown) afterwards.
create table mail_outbox (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  provider_id text,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text
);
create index mail_outbox_unsent_idx on mail_outbox (created_at) where sent_at is null;

-- First-party analytics: event name, path and time; no personal data beyond the user id.
create table events (
  id bigserial primary key,
  name text not null check (length(name) between 1 and 100),
  path text check (length(path) <= 2048),
  user_id uuid references users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index events_created_at_idx on events (created_at);
create index events_user_id_idx on events (user_id) where user_id is not null;

-- Server-wide settings kept in the database, such as the VAPID key pair generated on first start.
create table app_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
