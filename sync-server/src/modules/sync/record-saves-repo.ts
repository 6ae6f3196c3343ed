import { boolArray, integerArray, textArray } from '../../db/array-literal.ts';
import type { TransactionSql } from '../../db/client.ts';
import { clocksByColumn, type StoredRecord } from './record-columns.ts';

const bool = (value: unknown, empty: boolean): boolean => (typeof value === 'boolean' ? value : empty);
const text = (value: unknown, empty: string): string => (typeof value === 'string' ? value : empty);

/** The fields of an exercise with a clock in field_clocks, in the order of exerciseRows' clock columns. */
const EXERCISE_CLOCK_FIELDS = ['mortality', 'gratitude', 'gratitudeOne', 'gratitudeTwo', 'gratitudeThree', 'deleted'] as const;

/** Exercise records as rows to insert: (user_id, day, …, rev, updated_at) selected from one array per column. */
function exerciseRows(tx: TransactionSql, userId: string, records: readonly StoredRecord[]) {
  // One pass over the records, one array per column; each field's clock is a column of its own
  // (null where never written). field_clocks is put together in SQL as JSON text (a clock is
  // digits, letters, '_' and '-': nothing to escape), which the database reads cheaper than it
  // builds and strips an object of six keys.
  const days: string[] = [];
  const mortality: boolean[] = [];
  const gratitude: boolean[] = [];
  const one: string[] = [];
  const two: string[] = [];
  const three: string[] = [];
  const deleted: boolean[] = [];
  const clocks = EXERCISE_CLOCK_FIELDS.map((): (string | null)[] => []);
  const revs: number[] = [];
  for (const { key, rev, state } of records) {
    const { values } = state;
    days.push(key);
    mortality.push(bool(values.mortality, false));
    gratitude.push(bool(values.gratitude, false));
    one.push(text(values.gratitudeOne, ''));
    two.push(text(values.gratitudeTwo, ''));
    three.push(text(values.gratitudeThree, ''));
    deleted.push(bool(values.deleted, false));
    EXERCISE_CLOCK_FIELDS.forEach((field, index) => clocks[index]?.push(state.clocks[field] ?? null));
    revs.push(rev);
  }
  const [mortalityClocks = [], gratitudeClocks = [], oneClocks = [], twoClocks = [], threeClocks = [], deletedClocks = []] = clocks;
  return tx`
    select ${userId}::uuid, r.day, r.mortality, r.gratitude, r.one, r.two, r.three, r.deleted,
      ('{' || concat_ws(',', '"mortality":"' || r.mortality_clock || '"', '"gratitude":"' || r.gratitude_clock || '"',
        '"gratitude_one":"' || r.one_clock || '"', '"gratitude_two":"' || r.two_clock || '"',
        '"gratitude_three":"' || r.three_clock || '"', '"deleted":"' || r.deleted_clock || '"') || '}')::jsonb,
      r.rev, now()
    from unnest(
      ${textArray(days)}::date[],
      ${boolArray(mortality)}::bool[],
      ${boolArray(gratitude)}::bool[],
      ${textArray(one)}::text[],
      ${textArray(two)}::text[],
      ${textArray(three)}::text[],
      ${boolArray(deleted)}::bool[],
      ${textArray(mortalityClocks)}::text[],
      ${textArray(gratitudeClocks)}::text[],
      ${textArray(oneClocks)}::text[],
      ${textArray(twoClocks)}::text[],
      ${textArray(threeClocks)}::text[],
      ${textArray(deletedClocks)}::text[],
      ${integerArray(revs)}::int8[]
    ) as r(day, mortality, gratitude, one, two, three, deleted,
      mortality_clock, gratitude_clock, one_clock, two_clock, three_clock, deleted_clock, rev)`;
}

/**
 * Inserts exercise records that have no row yet, in one statement. Only for days read under the
 * user's revision lock and found missing: every write of a user's exercises holds that lock, so
 * nothing can insert them in between (a plain insert spares the upsert's check per row).
 */
export async function insertExercises(tx: TransactionSql, userId: string, records: readonly StoredRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx`
    insert into exercises (user_id, day, mortality, gratitude, gratitude_one, gratitude_two, gratitude_three,
      deleted, field_clocks, rev, updated_at)
    ${exerciseRows(tx, userId, records)}`;
}

/** Writes exercise records back, all in one multi-row upsert. */
export async function saveExercises(tx: TransactionSql, userId: string, records: readonly StoredRecord[]): Promise<void> {
  if (records.length === 0) return;
  await tx`
    insert into exercises as e (user_id, day, mortality, gratitude, gratitude_one, gratitude_two, gratitude_three,
      deleted, field_clocks, rev, updated_at)
    ${exerciseRows(tx, userId, records)}
    on conflict (user_id, day) do update set
      mortality = excluded.mortality, gratitude = excluded.gratitude, gratitude_one = excluded.gratitude_one,
      gratitude_two = excluded.gratitude_two, gratitude_three = excluded.gratitude_three, deleted = excluded.deleted,
      field_clocks = excluded.field_clocks, rev = excluded.rev, updated_at = excluded.updated_at`;
}

export interface ProfileColumns {
  readonly birthday: string | null;
  readonly dayStartMinutes: number;
  readonly reminderEnabled: boolean;
  readonly reminderMinutes: number | null;
  readonly reminderZone: string | null;
  readonly streakFreezes: readonly string[];
  readonly doneRule: string;
  readonly deleted: boolean;
}

export async function saveProfile(
  tx: TransactionSql,
  userId: string,
  record: StoredRecord,
  columns: ProfileColumns,
): Promise<void> {
  await tx`
    insert into profiles (user_id, birthday, day_start_minutes, reminder_enabled, reminder_time, reminder_zone,
      streak_freezes, done_rule, deleted, field_clocks, rev, updated_at)
    values (${userId}, ${columns.birthday}::date, ${columns.dayStartMinutes}, ${columns.reminderEnabled},
      ${columns.reminderMinutes}, ${columns.reminderZone}, ${tx.json([...columns.streakFreezes])}, ${columns.doneRule}, ${columns.deleted},
      ${tx.json(clocksByColumn('profiles', record.state.clocks))}, ${record.rev}, now())
    on conflict (user_id) do update set
      birthday = excluded.birthday, day_start_minutes = excluded.day_start_minutes,
      reminder_enabled = excluded.reminder_enabled, reminder_time = excluded.reminder_time,
      reminder_zone = excluded.reminder_zone, streak_freezes = excluded.streak_freezes, done_rule = excluded.done_rule,
      deleted = excluded.deleted,
      field_clocks = excluded.field_clocks, rev = excluded.rev, updated_at = excluded.updated_at`;
}

export type GameState = Readonly<Record<string, string | number | boolean | null>>;

export async function saveGameProgress(
  tx: TransactionSql,
  userId: string,
  record: StoredRecord,
  columns: { readonly state: GameState; readonly deleted: boolean },
): Promise<void> {
  await tx`
    insert into game_progress (user_id, state, deleted, field_clocks, rev, updated_at)
    values (${userId}, ${tx.json({ ...columns.state })}, ${columns.deleted},
      ${tx.json(clocksByColumn('gameProgress', record.state.clocks))}, ${record.rev}, now())
    on conflict (user_id) do update set
      state = excluded.state, deleted = excluded.deleted, field_clocks = excluded.field_clocks,
      rev = excluded.rev, updated_at = excluded.updated_at`;
}
