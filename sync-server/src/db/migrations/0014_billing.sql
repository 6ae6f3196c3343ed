-- 0014: the paid plan (modules/billing). The provider (Stripe, or the local Stripe in test mode)
-- holds customers, subscriptions and invoices; these tables mirror what its verified webhooks
-- said, and users.account_type follows them.

-- One provider customer per person, made on their first checkout. `busy_until` is a short lease
-- taken while a subscription is being started, so two submits at once cannot start two plans.
create table billing_customers (
  user_id uuid primary key references users (id) on delete cascade,
  provider text not null check (provider in ('stripe', 'test')),
  provider_customer_id text not null,
  busy_until timestamptz,
  created_at timestamptz not null default now(),
  unique (provider, provider_customer_id)
);

-- What the plan's rules need beyond 0001's columns: the current period's start and when the renewal
-- that began it was paid (a cancellation within 48 h of that refunds it), the failed renewal's grace
-- end, and the provider's test clock (test mode: the rules then read the clock's time).
alter table subscriptions
  add column current_period_start timestamptz,
  add column renewed_at timestamptz,
  add column latest_invoice_id text,
  add column grace_until timestamptz,
  add column test_clock text,
  add column ended_at timestamptz;
-- One live plan per person is kept by the server before it starts one (billing/subscribe):
-- webhooks may arrive in any order, so the mirror itself must accept a second row meanwhile.

-- Hosted checkouts made for a person: an open one is offered again instead of a second, and a
-- session is shown only to the person it was made for.
create table billing_checkouts (
  session_id text primary key,
  user_id uuid not null references users (id) on delete cascade,
  url text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index billing_checkouts_user_idx on billing_checkouts (user_id, created_at desc);

-- Paid invoices of the plan: one receipt each, and the payment a refund within 48 h goes back to.
-- Kept when the account goes (set null), like orders.
create table billing_invoices (
  invoice_id text primary key,
  user_id uuid references users (id) on delete set null,
  provider text not null check (provider in ('stripe', 'test')),
  provider_subscription_id text not null,
  amount_paid_cents integer not null check (amount_paid_cents >= 0),
  billing_reason text,
  paid_at timestamptz not null,
  refunded_at timestamptz,
  created_at timestamptz not null default now()
);
create index billing_invoices_user_idx on billing_invoices (user_id) where user_id is not null;
