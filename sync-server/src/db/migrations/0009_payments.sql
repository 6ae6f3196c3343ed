-- 0009: payments (modules/payments).
-- orders.status gains 'requires_action' (the bank asked the buyer to authenticate); 'pending'
-- stays the state before the provider's answer. Nothing is deleted: failed and refunded orders stay.
alter table orders drop constraint orders_status_check;
alter table orders add constraint orders_status_check
  check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'refunded'));

-- Buyers of THE PASS, told by e-mail when the next product ships. One row per address (lower
-- case); the first paid order that put it there is kept.
create table next_product_notices (
  email text primary key check (email = lower(email)),
  user_id uuid references users (id) on delete set null,
  order_id uuid not null references orders (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index next_product_notices_user_id_idx on next_product_notices (user_id) where user_id is not null;
