-- 0003: accounts. Single-use nonces for Google sign-in: issued by GET /api/auth/nonce, put into
-- the ID token by Google, consumed by the first sign-in that presents them. Only a SHA-256 of
-- each nonce is stored, so the table is of no use to anyone who reads it.
create table auth_nonces (
  nonce_hash bytea primary key check (octet_length(nonce_hash) = 32),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  check (expires_at > created_at)
);
create index auth_nonces_expires_at_idx on auth_nonces (expires_at);
