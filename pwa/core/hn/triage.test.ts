import { describe, expect, it } from 'vitest';
import { hnTriageFieldsSchema, hnTriageWriteSchema, parseTriageKey, SNOOZE_MAX_MS, triageKey } from '../schemas/hn-triage';
import { formatHlc } from '../sync/hlc';
import { EMPTY_STATE, mergeWrite, type FieldState } from '../sync/merge';
import { SYNCED_TABLES, validateMutation } from '../sync/protocol';
import {
  applyTriage,
  doneFields,
  isSetAside,
  nextReturn,
  openFields,
  snoozedFields,
  snoozeUntil,
  undoFields,
  type Triage,
} from './triage';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-24T15:00:00.000Z');
const comment = (id: number) => ({ id, by: `user${String(id)}` });

describe('which comments wait and which are set aside', () => {
  const comments = [comment(1), comment(2), comment(3), comment(4), comment(5)];

  it('hides done comments and those snoozed into the future, and keeps the server’s order for the rest', () => {
    const triages = new Map<number, Triage>([
      [2, doneFields(NOW - 2 * HOUR)],
      [3, snoozedFields(NOW + HOUR, NOW - HOUR)],
      [4, openFields(NOW - 3 * HOUR)],
    ]);
    const { waiting, setAside } = applyTriage(comments, triages, NOW);
    expect(waiting.map((c) => c.id)).toEqual([1, 4, 5]);
    // The most recently triaged first.
    expect(setAside.map((entry) => entry.comment.id)).toEqual([3, 2]);
  });

  it('brings a snoozed comment back the moment its time comes, in its place', () => {
    const triages = new Map<number, Triage>([[3, snoozedFields(NOW + HOUR, NOW)]]);
    expect(applyTriage(comments, triages, NOW + HOUR - 1).waiting.map((c) => c.id)).toEqual([1, 2, 4, 5]);
    expect(applyTriage(comments, triages, NOW + HOUR).waiting.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    expect(applyTriage(comments, triages, NOW + HOUR).setAside).toEqual([]);
  });

  it('shows nothing of a triage whose comment no longer waits (the author answered it)', () => {
    const triages = new Map<number, Triage>([[99, doneFields(NOW)]]);
    expect(applyTriage(comments, triages, NOW)).toEqual({ waiting: comments, setAside: [] });
  });

  it('treats a partial or odd record as still waiting rather than hiding a comment by mistake', () => {
    expect(isSetAside(undefined, NOW)).toBe(false);
    expect(isSetAside({}, NOW)).toBe(false);
    expect(isSetAside({ state: 'snoozed' }, NOW)).toBe(false);
    expect(isSetAside({ state: 'snoozed', snoozedUntil: null }, NOW)).toBe(false);
    expect(isSetAside({ state: 'done' }, NOW)).toBe(true);
  });

  it('knows when the next snoozed comment comes back, to show it then', () => {
    const triages: Triage[] = [snoozedFields(NOW + 3 * HOUR, NOW), snoozedFields(NOW + HOUR, NOW), snoozedFields(NOW - 1, NOW - HOUR), doneFields(NOW)];
    expect(nextReturn(triages, NOW)).toBe(NOW + HOUR);
    expect(nextReturn([doneFields(NOW)], NOW)).toBeNull();
  });
});

describe('snooze choices', () => {
  it('an hour is an hour, a week is seven days', () => {
    expect(snoozeUntil('hour', NOW, 'America/New_York')).toBe(NOW + HOUR);
    expect(snoozeUntil('week', NOW, 'America/New_York')).toBe(NOW + 7 * 24 * HOUR);
  });

  it('tomorrow morning is 8 am on the person’s clocks the next day, or the same date in the small hours', () => {
    // 10 am in New York (UTC-5) → 8 am the next day.
    expect(new Date(snoozeUntil('morning', NOW, 'America/New_York')).toISOString()).toBe('2026-11-25T13:00:00.000Z');
    // 11:30 pm in Tokyo → 8 am Tokyo, the next date.
    expect(new Date(snoozeUntil('morning', Date.parse('2026-11-24T14:30:00.000Z'), 'Asia/Tokyo')).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    // 1 am in New York → 8 am the same date, seven hours later.
    const oneAm = Date.parse('2026-11-24T06:00:00.000Z');
    expect(snoozeUntil('morning', oneAm, 'America/New_York') - oneAm).toBe(7 * HOUR);
  });

  it('follows the clocks across a daylight-saving change', () => {
    // The night New York falls back (1 Nov 2026): 8 am is 25 hours after 7 am the day before.
    const sevenAm = Date.parse('2026-10-31T11:00:00.000Z');
    expect(new Date(snoozeUntil('morning', sevenAm, 'America/New_York')).toISOString()).toBe('2026-11-01T13:00:00.000Z');
  });
});

describe('undo', () => {
  it('puts back what the comment had before, or opens it', () => {
    expect(undoFields(undefined, NOW)).toEqual(openFields(NOW));
    expect(undoFields(openFields(NOW - HOUR), NOW)).toEqual(openFields(NOW));
    expect(undoFields(doneFields(NOW - HOUR), NOW)).toEqual(doneFields(NOW));
    expect(undoFields(snoozedFields(NOW + HOUR, NOW - HOUR), NOW)).toEqual(snoozedFields(NOW + HOUR, NOW));
    // A snooze that has run out since is not brought back.
    expect(undoFields(snoozedFields(NOW - 1, NOW - HOUR), NOW)).toEqual(openFields(NOW));
  });
});

describe('the hnTriage record', () => {
  it('is keyed by post and comment, and only such keys are accepted', () => {
    expect(triageKey(8863, 9001)).toBe('8863:9001');
    expect(parseTriageKey('8863:9001')).toEqual({ postId: 8863, commentId: 9001 });
    for (const key of ['8863', '0:1', '1:0', '08863:1', '1:2:3', '1:-2', ' 1:2', '1:2.5', '99999999999999999:1', '']) {
      expect(parseTriageKey(key), key).toBeNull();
      expect(SYNCED_TABLES.hnTriage.key.safeParse(key).success, key).toBe(false);
    }
  });

  it('accepts every decision a device writes, and refuses inconsistent or out-of-range ones', () => {
    for (const fields of [doneFields(NOW), openFields(NOW), snoozedFields(NOW + SNOOZE_MAX_MS, NOW)]) {
      expect(hnTriageFieldsSchema.safeParse(fields).success).toBe(true);
    }
    for (const fields of [
      { state: 'snoozed', snoozedUntil: null, triagedAt: NOW },
      { state: 'done', snoozedUntil: NOW + HOUR, triagedAt: NOW },
      snoozedFields(NOW + SNOOZE_MAX_MS + 1, NOW),
      snoozedFields(NOW, NOW),
      { ...doneFields(NOW), state: 'archived' },
      { ...doneFields(NOW), triagedAt: 1.5 },
      { ...doneFields(NOW), extra: true },
    ]) {
      expect(hnTriageWriteSchema.safeParse(fields).success, JSON.stringify(fields)).toBe(false);
    }
  });

  it('is refused by the protocol with the reason the device is shown', () => {
    const hlc = formatHlc({ wall: NOW, counter: 0, node: 'phone' });
    const base = { seq: 1, table: 'hnTriage', hlc };
    expect(validateMutation({ ...base, key: '8863:9001', fields: doneFields(NOW) })).toMatchObject({ ok: true, table: 'hnTriage' });
    expect(validateMutation({ ...base, key: '8863', fields: doneFields(NOW) })).toMatchObject({ ok: false, reason: 'INVALID_KEY' });
    expect(validateMutation({ ...base, key: '8863:9001', fields: { state: 'later' } })).toMatchObject({ ok: false, reason: 'INVALID_FIELDS' });
  });

  it('merges two devices’ decisions to the later one, whole, in either order', () => {
    const phone = { fields: snoozedFields(NOW + HOUR, NOW), hlc: formatHlc({ wall: NOW, counter: 0, node: 'phone' }) };
    const laptop = { fields: doneFields(NOW + 5), hlc: formatHlc({ wall: NOW + 5, counter: 0, node: 'laptop' }) };
    const apply = (writes: (typeof phone)[]): FieldState => writes.reduce((state, write) => mergeWrite(state, write).state, EMPTY_STATE);
    const one = apply([phone, laptop]);
    const other = apply([laptop, phone]);
    expect(one).toEqual(other);
    expect(one.values).toEqual(doneFields(NOW + 5));
  });
});
