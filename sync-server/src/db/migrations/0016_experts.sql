-- 0016: expert pages (modules/experts). The experts and bookings tables of 0001 take the shape
-- the feature needs.

-- 'What I can help with:' is a list of short items (pwa/core/experts/fields.ts).
alter table experts alter column help_list drop default;
alter table experts alter column help_list type text[]
  using case when help_list = '' then '{}'::text[] else string_to_array(help_list, E'\n') end;
alter table experts alter column help_list set default '{}';
alter table experts add constraint experts_help_list_size check (cardinality(help_list) <= 10);

-- A booking is made once its payment is confirmed (from the webhook), so it starts paid; the
-- expert marks it scheduled or refunds it, and a refund asked of the provider is 'refunding'
-- until it is confirmed. Nothing is deleted.
alter table bookings drop constraint bookings_status_check;
alter table bookings alter column status set default 'paid';
alter table bookings add constraint bookings_status_check check (status in ('paid', 'scheduled', 'refunding', 'refunded'));
alter table bookings
  add column order_id uuid unique references orders (id) on delete restrict,
  add column fee_cents integer not null default 0 check (fee_cents >= 0),
  add column paid_at timestamptz not null default now(),
  add column scheduled_at timestamptz,
  add column refund_reason text check (refund_reason in ('expert', 'automatic')),
  add column refund_id text,
  add column refunded_at timestamptz,
  add column updated_at timestamptz not null default now(),
  add constraint bookings_refund_reason_set check ((status in ('refunding', 'refunded')) = (refund_reason is not null));
-- The automatic refund's scan: paid bookings by age, and refunds still waiting for the provider.
create index bookings_open_paid_at_idx on bookings (paid_at) where status in ('paid', 'refunding');
