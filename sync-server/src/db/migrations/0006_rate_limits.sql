-- 0006: rate-limit counters. They live in the database, not in a server's memory, so every
-- instance on this database counts against the same limit. A bucket's window opens at its first
-- hit and lasts the limit's length; the next hit after it opens a new one.
create table rate_limit_hits (
  bucket text primary key,
  window_start timestamptz not null,
  hits integer not null check (hits > 0)
);
create index rate_limit_hits_window_start_idx on rate_limit_hits (window_start);
