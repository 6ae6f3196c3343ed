import { addDays } from '../dates/calendar-day';
import { instantAtWallTime, wallTimeAt } from '../dates/zone-time';
import type { HnTriageFields } from '../schemas/hn-triage';

/**
 * Triage of the comments that wait for a post's author: the person may mark one done, or snooze
 * it until later. A triaged comment leaves the waiting list and sits in a small "done and
 * snoozed" list, from where it can be put back; a snoozed one comes back by itself when its
 * time passes. "Now" is always a parameter.
 *
 * Two devices triaging the same comment merge as every synced record does: the later write (by
 * hybrid logical clock) wins. A device writes all fields of a triage at once, so the record
 * always holds one person's last decision whole, never a mix of two.
 */

/** A triage as the device reads it back: any field may be missing from an older or partial record. */
export type Triage = Partial<HnTriageFields>;

/** Whether the comment is out of the waiting list at `nowMs`: done, or snoozed until later. */
export function isSetAside(triage: Triage | undefined, nowMs: number): boolean {
  if (triage === undefined) return false;
  if (triage.state === 'done') return true;
  return triage.state === 'snoozed' && typeof triage.snoozedUntil === 'number' && triage.snoozedUntil > nowMs;
}

export interface SetAsideComment<C> {
  readonly comment: C;
  readonly triage: Triage;
}

export interface TriagedComments<C> {
  /** Still waiting, in the order given (the server's: oldest first). */
  readonly waiting: readonly C[];
  /** Done or snoozed now, the most recently triaged first. */
  readonly setAside: readonly SetAsideComment<C>[];
}

/**
 * Splits the comments that wait for the author into those still shown and those set aside.
 * A triage of a comment that no longer waits (the author has answered it since) shows nowhere.
 */
export function applyTriage<C extends { readonly id: number }>(
  comments: readonly C[],
  triages: ReadonlyMap<number, Triage>,
  nowMs: number,
): TriagedComments<C> {
  const waiting: C[] = [];
  const setAside: SetAsideComment<C>[] = [];
  for (const comment of comments) {
    const triage = triages.get(comment.id);
    if (triage !== undefined && isSetAside(triage, nowMs)) setAside.push({ comment, triage });
    else waiting.push(comment);
  }
  setAside.sort((a, b) => (b.triage.triagedAt ?? 0) - (a.triage.triagedAt ?? 0));
  return { waiting, setAside };
}

/** The next moment a snoozed comment comes back, after `nowMs`; null when none will. */
export function nextReturn(triages: Iterable<Triage>, nowMs: number): number | null {
  let next: number | null = null;
  for (const triage of triages) {
    const until = triage.state === 'snoozed' ? triage.snoozedUntil : null;
    if (typeof until === 'number' && until > nowMs && (next === null || until < next)) next = until;
  }
  return next;
}

/** The snoozes offered: an hour, until tomorrow morning, a week. */
export const SNOOZE_CHOICES = ['hour', 'morning', 'week'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

export const SNOOZE_CHOICE_LABELS: Readonly<Record<SnoozeChoice, string>> = {
  hour: '1 hour',
  morning: 'Tomorrow morning',
  week: '1 week',
};

const HOUR_MS = 3_600_000;
/** "Morning" is 8 am on the person's clocks. */
export const MORNING_MINUTES = 8 * 60;
/**
 * Before this time of night, "tomorrow morning" is the coming morning of the same date: at
 * 1 am, "tomorrow" means after the night's sleep, not 31 hours later.
 */
const NIGHT_ENDS_MINUTES = 5 * 60;

/** When a snooze chosen at `nowMs` ends, with "morning" read on the clocks of `timeZone`. */
export function snoozeUntil(choice: SnoozeChoice, nowMs: number, timeZone: string): number {
  switch (choice) {
    case 'hour':
      return nowMs + HOUR_MS;
    case 'week':
      return nowMs + 7 * 24 * HOUR_MS;
    case 'morning': {
      const wall = wallTimeAt(nowMs, timeZone);
      const day = wall.minutes < NIGHT_ENDS_MINUTES ? wall.day : addDays(wall.day, 1);
      return instantAtWallTime(day, MORNING_MINUTES, timeZone).instant;
    }
  }
}

/** The fields a device writes for each decision: always all of them, so a record is never half one decision. */
export function doneFields(nowMs: number): HnTriageFields {
  return { state: 'done', snoozedUntil: null, triagedAt: nowMs };
}

export function snoozedFields(untilMs: number, nowMs: number): HnTriageFields {
  return { state: 'snoozed', snoozedUntil: untilMs, triagedAt: nowMs };
}

/** Put back in the waiting list (Restore, or the Undo of a first triage). */
export function openFields(nowMs: number): HnTriageFields {
  return { state: 'open', snoozedUntil: null, triagedAt: nowMs };
}

/**
 * The fields that undo a decision: the triage the comment had before it, written again (a
 * snooze that has ended since comes back as open), or open when it had none.
 */
export function undoFields(before: Triage | undefined, nowMs: number): HnTriageFields {
  if (before?.state === 'done') return doneFields(nowMs);
  if (before?.state === 'snoozed' && typeof before.snoozedUntil === 'number' && isSetAside(before, nowMs)) {
    return snoozedFields(before.snoozedUntil, nowMs);
  }
  return openFields(nowMs);
}
