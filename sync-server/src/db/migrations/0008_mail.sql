-- 0008: the mail outbox as a queue (modules/mail).
-- body stays the plain-text part; html and reply_to are optional.
-- next_attempt_at: not tried before this instant (backoff after a failed try).
-- claimed_until: an instance is sending this row until then; past it, another may take it over.
-- failed_at: given up after too many tries or a permanent refusal; the row is kept.
-- delivered_via: where sent_at delivered it: 'smtp' (accepted by the SMTP server) or 'outbox'
-- (no SMTP_URL: the outbox is the mailbox, nothing left this machine).
alter table mail_outbox add column html text;
alter table mail_outbox add column reply_to text;
alter table mail_outbox add column next_attempt_at timestamptz not null default now();
alter table mail_outbox add column claimed_until timestamptz;
alter table mail_outbox add column failed_at timestamptz;
alter table mail_outbox add column delivered_via text check (delivered_via in ('smtp', 'outbox'));
alter table mail_outbox add constraint mail_outbox_delivered_check check ((sent_at is null) = (delivered_via is null));
drop index mail_outbox_unsent_idx;
create index mail_outbox_due_idx on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
create index mail_outbox_created_at_idx on mail_outbox (created_at desc);
