import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type CalendarDay } from '../dates/calendar-day';
import { day } from '../dates/test-days';
import { wallTimeAt, zoneOffsetMinutes } from '../dates/zone-time';
import { practiceDay } from './practice-day';
import { nextReminder, reminderSlot, reminderToSend, type ReminderInput } from './reminders';

const at = (iso: string): number => Date.parse(iso);
const iso = (instant: number): string => new Date(instant).toISOString();
const EIGHT_PM = 20 * 60;

interface Case {
  readonly name: string;
  readonly zone: string;
  readonly reminder: number;
  readonly dayStart?: number;
  readonly now: string;
  readonly lastSent?: string;
  readonly done?: boolean;
  readonly day: string;
  readonly due: string;
}

const CASES: readonly Case[] = [
  // An ordinary day: today's reminder later today, or tomorrow's once sent or done.
  { name: 'later today', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-10T12:00:00Z', day: '2026-03-10', due: '2026-03-11T00:00:00.000Z' },
  { name: 'already sent today: tomorrow', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-10T12:00:00Z', lastSent: '2026-03-10', day: '2026-03-11', due: '2026-03-12T00:00:00.000Z' },
  { name: 'done today: tomorrow', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-10T12:00:00Z', done: true, day: '2026-03-11', due: '2026-03-12T00:00:00.000Z' },
  { name: 'sent yesterday: today', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-10T12:00:00Z', lastSent: '2026-03-09', day: '2026-03-10', due: '2026-03-11T00:00:00.000Z' },
  // Passed while the device slept, not sent, not done: due at once.
  { name: 'missed today: now', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-11T01:30:00Z', day: '2026-03-10', due: '2026-03-11T01:30:00.000Z' },
  { name: 'missed today but done: tomorrow', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-11T01:30:00Z', done: true, day: '2026-03-11', due: '2026-03-12T00:00:00.000Z' },
  // New York, spring forward on 8 March 2026: 02:30 does not exist, so 03:00 EDT (07:00Z).
  { name: 'New York 02:30 on the spring-forward day', zone: 'America/New_York', reminder: 150, now: '2026-03-07T12:00:00Z', lastSent: '2026-03-07', day: '2026-03-08', due: '2026-03-08T07:00:00.000Z' },
  { name: 'New York 02:30 the day after', zone: 'America/New_York', reminder: 150, now: '2026-03-08T12:00:00Z', lastSent: '2026-03-08', day: '2026-03-09', due: '2026-03-09T06:30:00.000Z' },
  { name: 'New York 20:00 before the change (EST)', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-07T12:00:00Z', day: '2026-03-07', due: '2026-03-08T01:00:00.000Z' },
  { name: 'New York 20:00 on the change (EDT)', zone: 'America/New_York', reminder: EIGHT_PM, now: '2026-03-08T12:00:00Z', day: '2026-03-08', due: '2026-03-09T00:00:00.000Z' },
  // New York, fall back on 1 November 2026: 01:30 happens twice; the first (EDT, 05:30Z) fires.
  { name: 'New York 01:30 on the fall-back day', zone: 'America/New_York', reminder: 90, now: '2026-10-31T12:00:00Z', lastSent: '2026-10-31', day: '2026-11-01', due: '2026-11-01T05:30:00.000Z' },
  { name: 'New York 01:30 again (EST) after sending: tomorrow', zone: 'America/New_York', reminder: 90, now: '2026-11-01T06:30:00Z', lastSent: '2026-11-01', day: '2026-11-02', due: '2026-11-02T06:30:00.000Z' },
  // Berlin: clocks go forward at 02:00 on 29 March and back at 03:00 on 25 October 2026.
  { name: 'Berlin 20:00 before spring forward (CET)', zone: 'Europe/Berlin', reminder: EIGHT_PM, now: '2026-03-28T08:00:00Z', day: '2026-03-28', due: '2026-03-28T19:00:00.000Z' },
  { name: 'Berlin 20:00 after spring forward (CEST)', zone: 'Europe/Berlin', reminder: EIGHT_PM, now: '2026-03-29T08:00:00Z', day: '2026-03-29', due: '2026-03-29T18:00:00.000Z' },
  { name: 'Berlin 02:30 on the spring-forward day', zone: 'Europe/Berlin', reminder: 150, now: '2026-03-28T08:00:00Z', lastSent: '2026-03-28', day: '2026-03-29', due: '2026-03-29T01:00:00.000Z' },
  { name: 'Berlin 02:30 on the fall-back day', zone: 'Europe/Berlin', reminder: 150, now: '2026-10-24T08:00:00Z', lastSent: '2026-10-24', day: '2026-10-25', due: '2026-10-25T00:30:00.000Z' },
  { name: 'Berlin 20:00 after fall back (CET)', zone: 'Europe/Berlin', reminder: EIGHT_PM, now: '2026-10-25T08:00:00Z', day: '2026-10-25', due: '2026-10-25T19:00:00.000Z' },
  // Lord Howe Island moves its clocks by 30 minutes: 02:00 -> 02:30 on 4 October, 02:00 -> 01:30 on 5 April 2026.
  { name: 'Lord Howe 20:00 in winter (+10:30)', zone: 'Australia/Lord_Howe', reminder: EIGHT_PM, now: '2026-07-01T00:00:00Z', day: '2026-07-01', due: '2026-07-01T09:30:00.000Z' },
  { name: 'Lord Howe 20:00 in summer (+11)', zone: 'Australia/Lord_Howe', reminder: EIGHT_PM, now: '2026-01-10T00:00:00Z', day: '2026-01-10', due: '2026-01-10T09:00:00.000Z' },
  { name: 'Lord Howe 02:15 on the spring-forward day', zone: 'Australia/Lord_Howe', reminder: 135, now: '2026-10-03T02:00:00Z', lastSent: '2026-10-03', day: '2026-10-04', due: '2026-10-03T15:30:00.000Z' },
  { name: 'Lord Howe 01:45 on the fall-back day', zone: 'Australia/Lord_Howe', reminder: 105, now: '2026-04-04T02:00:00Z', lastSent: '2026-04-04', day: '2026-04-05', due: '2026-04-04T14:45:00.000Z' },
  { name: 'Lord Howe 01:45 again after sending: tomorrow', zone: 'Australia/Lord_Howe', reminder: 105, now: '2026-04-04T15:15:00Z', lastSent: '2026-04-05', day: '2026-04-06', due: '2026-04-05T15:15:00.000Z' },
  // Kolkata keeps +05:30 all year.
  { name: 'Kolkata 20:00', zone: 'Asia/Kolkata', reminder: EIGHT_PM, now: '2026-03-08T00:00:00Z', day: '2026-03-08', due: '2026-03-08T14:30:00.000Z' },
  { name: 'Kolkata 20:00 after sending', zone: 'Asia/Kolkata', reminder: EIGHT_PM, now: '2026-11-01T15:00:00Z', lastSent: '2026-11-01', day: '2026-11-02', due: '2026-11-02T14:30:00.000Z' },
  // With a 4 am day start a 1 am reminder belongs to the day that is ending.
  { name: '1 am reminder with a 4 am day start, in the evening', zone: 'America/New_York', reminder: 60, dayStart: 240, now: '2026-03-10T23:00:00Z', day: '2026-03-10', due: '2026-03-11T05:00:00.000Z' },
  { name: '1 am reminder with a 4 am day start, at 00:30', zone: 'America/New_York', reminder: 60, dayStart: 240, now: '2026-03-11T04:30:00Z', day: '2026-03-10', due: '2026-03-11T05:00:00.000Z' },
  { name: '1 am reminder with a 4 am day start, sent', zone: 'America/New_York', reminder: 60, dayStart: 240, now: '2026-03-11T05:30:00Z', lastSent: '2026-03-10', day: '2026-03-11', due: '2026-03-12T05:00:00.000Z' },
];

function inputOf(c: Case): ReminderInput {
  return {
    reminderMinutes: c.reminder,
    timeZone: c.zone,
    dayStartMinutes: c.dayStart,
    now: at(c.now),
    lastSentDay: c.lastSent === undefined ? null : day(c.lastSent),
    todayDone: c.done ?? false,
  };
}

describe('nextReminder', () => {
  it.each(CASES)('$name', (c) => {
    const next = nextReminder(inputOf(c));
    expect({ day: next.day, due: iso(next.due) }).toEqual({ day: c.day, due: c.due });
  });

  it('refuses an unknown zone and times outside a day', () => {
    const base: ReminderInput = { reminderMinutes: EIGHT_PM, timeZone: 'UTC', now: 0, lastSentDay: null, todayDone: false };
    expect(() => nextReminder({ ...base, timeZone: 'Nowhere/Special' })).toThrow(RangeError);
    expect(() => nextReminder({ ...base, reminderMinutes: 1440 })).toThrow(RangeError);
    expect(() => nextReminder({ ...base, dayStartMinutes: -1 })).toThrow(RangeError);
  });
});

describe('reminderToSend', () => {
  const base: ReminderInput = { reminderMinutes: EIGHT_PM, timeZone: 'Europe/Berlin', now: at('2026-06-01T17:59:00Z'), lastSentDay: null, todayDone: false };

  it.each<[string, Partial<ReminderInput>, string | null]>([
    ['a minute early: nothing', {}, null],
    ['on the minute: today', { now: at('2026-06-01T18:00:00Z') }, '2026-06-01'],
    ['late, not sent: today', { now: at('2026-06-01T21:00:00Z') }, '2026-06-01'],
    ['late, sent: nothing', { now: at('2026-06-01T21:00:00Z'), lastSentDay: day('2026-06-01') }, null],
    ['late, done: nothing', { now: at('2026-06-01T21:00:00Z'), todayDone: true }, null],
  ])('%s', (_name, change, expected) => {
    expect(reminderToSend({ ...base, ...change })).toBe(expected);
  });
});

describe('reminderSlot', () => {
  it('puts a reminder before the day start on the next date, inside the same practice day', () => {
    const slot = reminderSlot(day('2026-03-10'), 60, 'America/New_York', 240);
    expect(iso(slot)).toBe('2026-03-11T05:00:00.000Z');
    expect(practiceDay(slot, 'America/New_York', 240)).toBe('2026-03-10');
  });
});

// --- Properties ---------------------------------------------------------------------------

const ZONES = ['America/New_York', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'America/Santiago', 'Pacific/Chatham'];

describe('properties of reminders', () => {
  // Six weeks from these starts cross a clock change in every zone above that has them (northern
  // March and October-November, southern April and September-October).
  const starts = ['2026-02-25', '2026-03-20', '2026-03-28', '2026-09-01', '2026-10-15'].map((d) => Date.parse(`${d}T00:00:00Z`));

  it('sends exactly one reminder per day at the chosen time, through the clock changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 1439 }),
        fc.constantFrom(0, 0, 240, 300),
        fc.constantFrom(...starts),
        fc.integer({ min: 0, max: 5 * 1440 }),
        fc.array(fc.integer({ min: 0, max: 180 }), { minLength: 42, maxLength: 42 }),
        (timeZone, reminderMinutes, dayStartMinutes, start, startMinute, wakeDelays) => {
          // The first answer may be "now" for a reminder already missed; settle it, then follow the slots.
          let now = start + startMinute * 60_000;
          let lastSentDay: CalendarDay | null = practiceDay(now, timeZone, dayStartMinutes);
          let previousDue = now;
          for (const delay of wakeDelays) {
            const next = nextReminder({ reminderMinutes, timeZone, dayStartMinutes, now, lastSentDay, todayDone: false });
            expect(next.day).toBe(addDays(lastSentDay, 1));
            expect(next.due).toBeGreaterThan(previousDue);
            expect(next.due).toBeGreaterThanOrEqual(now);
            // At the chosen wall time, or where the clocks resumed after skipping it.
            const wall = wallTimeAt(next.due, timeZone);
            const skipped = zoneOffsetMinutes(next.due - 1000, timeZone) < zoneOffsetMinutes(next.due, timeZone);
            if (!skipped) expect(wall.minutes).toBe(reminderMinutes);
            // Once sent, asking again after the scheduler wakes (up to three hours later,
            // through a repeated hour) never gives the same day again.
            lastSentDay = next.day;
            previousDue = next.due;
            now = next.due + delay * 60_000;
            const again = nextReminder({ reminderMinutes, timeZone, dayStartMinutes, now, lastSentDay, todayDone: false });
            expect(again.day).not.toBe(next.day);
            now = Math.min(now, again.due);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('never reminds for a done or already-reminded day, and never in the past', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 0, max: 720 }),
        fc.integer({ min: Date.parse('2025-01-01T00:00:00Z') / 60_000, max: Date.parse('2027-01-01T00:00:00Z') / 60_000 }),
        fc.boolean(),
        fc.option(fc.integer({ min: -3, max: 2 })),
        (timeZone, reminderMinutes, dayStartMinutes, minute, todayDone, sentOffset) => {
          const now = minute * 60_000;
          const today = practiceDay(now, timeZone, dayStartMinutes);
          const lastSentDay = sentOffset === null ? null : addDays(today, sentOffset);
          const next = nextReminder({ reminderMinutes, timeZone, dayStartMinutes, now, lastSentDay, todayDone });
          expect(next.due).toBeGreaterThanOrEqual(now);
          if (todayDone) expect(next.day).not.toBe(today);
          if (lastSentDay !== null) expect(next.day > lastSentDay).toBe(true);
          expect(next.day >= today).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
