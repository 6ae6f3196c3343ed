import { isHlc, type Hlc } from '#core/sync/hlc';
import type { FieldState } from '#core/sync/merge';
import type { SyncedTable } from '#core/sync/protocol';

/**
 * How the synced records of the protocol sit in the tables of 0001/0002: which column holds
 * which protocol field. `field_clocks` is keyed by column name, as 0001 planned; the protocol
 * speaks camelCase field names. Deletion is one more field (`deleted`) with its own clock.
 */

export const DELETED_FIELD = 'deleted';

export interface StoredRecord {
  readonly table: SyncedTable;
  readonly key: string;
  /** The user's revision when the record last changed; 0 for a record not stored yet. */
  readonly rev: number;
  /** Values and clocks by protocol field name; only fields ever written, plus `deleted`. */
  readonly state: FieldState;
}

interface ColumnSpec {
  readonly field: string;
  readonly column: string;
}

const column = (field: string, name: string = field): ColumnSpec => ({ field, column: name });

export const RECORD_COLUMNS: Readonly<Record<SyncedTable, readonly ColumnSpec[]>> = {
  exercises: [
    column('mortality'),
    column('gratitude'),
    column('gratitudeOne', 'gratitude_one'),
    column('gratitudeTwo', 'gratitude_two'),
    column('gratitudeThree', 'gratitude_three'),
    column(DELETED_FIELD),
  ],
  profiles: [
    column('birthday'),
    column('dayStartMinutes', 'day_start_minutes'),
    column('reminderEnabled', 'reminder_enabled'),
    column('reminderMinutes', 'reminder_time'),
    column('reminderZone', 'reminder_zone'),
    column('streakFreezes', 'streak_freezes'),
    column('doneRule', 'done_rule'),
    column(DELETED_FIELD),
  ],
  gameProgress: [column('state'), column(DELETED_FIELD)],
  hnTriage: [
    column('state'),
    column('snoozedUntil', 'snoozed_until'),
    column('triagedAt', 'triaged_at'),
    column(DELETED_FIELD),
  ],
};

/** Values or clocks without the `deleted` field: what the protocol calls the record's fields. */
export function withoutDeleted<T>(fields: Readonly<Record<string, T>>): Record<string, T> {
  // A plain loop: every change of every pull goes through here.
  const kept: Record<string, T> = {};
  for (const [field, value] of Object.entries(fields)) if (field !== DELETED_FIELD) kept[field] = value;
  return kept;
}

/** Whether a record's state is a tombstone. */
export const isDeleted = (state: FieldState): boolean => state.values[DELETED_FIELD] === true;

/** The column of a journal text field, as journal_versions names it. */
export function columnOf(table: SyncedTable, field: string): string | undefined {
  return RECORD_COLUMNS[table].find((spec) => spec.field === field)?.column;
}

/** The protocol field of a column. */
export function fieldOf(table: SyncedTable, name: string): string | undefined {
  return RECORD_COLUMNS[table].find((spec) => spec.column === name)?.field;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A record as read from its row: `values` and `clocks` are JSON objects keyed by column.
 * Fields without a clock were never written; their columns hold defaults and are left out.
 */
export function recordFromColumns(table: SyncedTable, key: string, rev: number, values: unknown, clocks: unknown): StoredRecord {
  const stateValues: Record<string, unknown> = {};
  const stateClocks: Record<string, Hlc> = {};
  if (isObject(values) && isObject(clocks)) {
    for (const { field, column: name } of RECORD_COLUMNS[table]) {
      const clock = clocks[name];
      if (typeof clock !== 'string' || !isHlc(clock)) continue;
      stateValues[field] = values[name];
      stateClocks[field] = clock;
    }
  }
  return { table, key, rev, state: { values: stateValues, clocks: stateClocks } };
}

/** The clocks of a record keyed by column, for `field_clocks`. */
export function clocksByColumn(table: SyncedTable, clocks: Readonly<Record<string, Hlc>>): Record<string, string> {
  const byColumn: Record<string, string> = {};
  for (const { field, column: name } of RECORD_COLUMNS[table]) {
    const clock = clocks[field];
    if (clock !== undefined) byColumn[name] = clock;
  }
  return byColumn;
}
