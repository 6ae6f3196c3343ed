-- 0010: Human Sounds (modules/human-sounds).
-- download_tokens (0001) already holds the SHA-256 of each secret download token, any number per
-- order. What the library adds: the charity total is one sum over the paid library orders, read
-- on every catalogue visit, so those rows get an index of their own that carries the amounts.
create index orders_paid_sounds_idx on orders (kind) include (amount_cents) where status = 'succeeded';

-- A token is only ever made for a library order; the check keeps a pass or an expert's order
-- from being opened as a library by mistake.
alter table download_tokens add column kind text not null default 'sounds' check (kind = 'sounds');
alter table orders add constraint orders_id_kind_key unique (id, kind);
alter table download_tokens add constraint download_tokens_order_kind_fkey
  foreign key (order_id, kind) references orders (id, kind) on delete cascade;
