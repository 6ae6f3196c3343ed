-- 0005: which exercises make a day "done" (the streaks and the reminders), the person's choice.
-- The values are DONE_RULES of pwa/core/practice/streaks.ts; 'both' is DEFAULT_DONE_RULE.
alter table profiles add column done_rule text not null default 'both'
  check (done_rule in ('both', 'gratitude', 'mortality', 'either'));
