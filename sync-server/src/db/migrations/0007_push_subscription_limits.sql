-- 0007: push subscriptions that cannot hold up anyone else's reminder.
-- saved_at: when the browser last saved it (a person keeps their newest ten; see
-- MAX_SUBSCRIPTIONS_PER_USER). failures / retry_after: pushes that failed in a row, and the
-- instant before which the job does not try this subscription again (backoff); a success or a
-- new save clears both.
alter table push_subscriptions add column saved_at timestamptz;
update push_subscriptions set saved_at = created_at;
alter table push_subscriptions alter column saved_at set not null;
alter table push_subscriptions alter column saved_at set default now();
alter table push_subscriptions add column failures integer not null default 0 check (failures >= 0);
alter table push_subscriptions add column retry_after timestamptz;
-- Subscriptions saved before the limit: each person keeps their newest ten.
delete from push_subscriptions where id in (
  select id from (
    select id, row_number() over (partition by user_id order by saved_at desc, id desc) as n from push_subscriptions
  ) ranked
  where n > 10
);
