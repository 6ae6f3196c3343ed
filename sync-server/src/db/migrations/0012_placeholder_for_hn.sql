-- 0012 is taken by the HN tracker's branches (hn-triage, hn-notify), which had not landed when
-- the paid plan's 0013 was written. This empty step only keeps the sequence whole on the billing
-- branch: DELETE THIS FILE when a real 0012 is merged (the loader refuses two version-12 files).
select 1;
