import { JOURNAL_TEXT_MAX } from '#core/schemas/records';

/** How the gratitude field speaks about JOURNAL_TEXT_MAX. */

/** The counter appears once a text is this long (90 % of the bound): before, it would only be noise. */
export const JOURNAL_COUNTER_FROM = Math.floor(JOURNAL_TEXT_MAX * 0.9);

const count = new Intl.NumberFormat('en-US');

export const showsCounter = (length: number): boolean => length >= JOURNAL_COUNTER_FROM;

/** Characters that may still go in, the selection (which an insertion replaces) counted as room. */
export function journalTextRoom(length: number, selected: number): number {
  return Math.max(0, JOURNAL_TEXT_MAX - length + selected);
}

/** Why a paste or drop of `inserted` characters was refused where only `room` fit. */
export function refusedInsertMessage(inserted: number, room: number): string {
  const what = `Nothing was added: that text has ${count.format(inserted)} characters`;
  const space = room === 0 ? 'this entry has no room left' : `this entry has room for ${count.format(room)} more`;
  return `${what} and ${space} (at most ${count.format(JOURNAL_TEXT_MAX)} characters). Shorten it and try again.`;
}

/** What the field says once a text holds all it may. */
export function fullMessage(): string {
  return `This entry is full: ${count.format(JOURNAL_TEXT_MAX)} characters is the most one entry can hold.`;
}
