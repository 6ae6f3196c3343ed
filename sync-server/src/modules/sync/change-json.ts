import type { Queryable } from '../../db/client.ts';
import type { SyncedTable } from '#core/sync/protocol';
import { DELETED_FIELD, RECORD_COLUMNS } from './record-columns.ts';

/**
 * A pull's changes as JSON text made by the database, one `Change` of the protocol per row, so
 * the server sends a page without reading it into objects and writing them out again (on a first
 * sync of 10,000 records that was about 40 % of the server's time, see pull-repo.ts).
 *
 * The text says what toChange said of a record read into JavaScript: a field is in `values` and
 * `clocks` when field_clocks has a clock for its column (a clock is only ever stored from a
 * checked mutation or formatHlc, so the key's presence is the same test as the clock's shape,
 * and the database answers it without a regular expression, which cost more than the rest);
 * a record whose `deleted` column is true and has a clock is a tombstone, with only the clock of
 * its deletion. Field names are the protocol's (RECORD_COLUMNS), in its order.
 *
 * Only constant SQL made from RECORD_COLUMNS and the expressions below goes into the text.
 */

/** Per table: its key as SQL, and the SQL of each column's value as the protocol sends it. */
interface TableJson {
  readonly key: string;
  /** SQL of a column's value, where the column itself is not already that (dates, instants). */
  readonly values?: Readonly<Record<string, string>>;
}

const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::int8`;

const TABLES: Readonly<Record<SyncedTable, TableJson>> = {
  exercises: { key: `to_char(day, 'YYYY-MM-DD')` },
  profiles: { key: `'me'::text`, values: { birthday: `to_char(birthday, 'YYYY-MM-DD')` } },
  gameProgress: { key: `'me'::text`, values: { state: 'game_progress.state' } },
  hnTriage: {
    key: `post_id::text || ':' || comment_id::text`,
    values: { snoozed_until: epochMs('snoozed_until'), triaged_at: epochMs('triaged_at') },
  },
};

/** A SQL string literal of constant text (the names above: letters, digits, '_', '"', ':'). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** `{"table":…,"key":…,"values":{…},"clocks":{…},"deleted":…,"rev":…}` of one row of `table`, as SQL. */
function changeText(table: SyncedTable): string {
  const { key, values = {} } = TABLES[table];
  const fields = RECORD_COLUMNS[table].filter((spec) => spec.field !== DELETED_FIELD);
  const written = (column: string) => `field_clocks ? ${literal(column)}`;
  const member = (field: string) => literal(`${JSON.stringify(field)}:`);
  const valueMembers = fields.map(
    ({ field, column }) => `case when ${written(column)} then ${member(field)} || coalesce(to_json(${values[column] ?? column})::text, 'null') end`,
  );
  const clockMembers = fields.map(({ field, column }) => `case when ${written(column)} then ${member(field)} || (field_clocks -> ${literal(column)})::text end`);
  const deleted = literal(DELETED_FIELD);
  return `${literal(`{"table":${JSON.stringify(table)},"key":`)} || to_json(${key})::text || case
      when deleted and ${written(DELETED_FIELD)}
        then ${literal(`,"values":{},"clocks":{${JSON.stringify(DELETED_FIELD)}:`)} || (field_clocks -> ${deleted})::text || '},"deleted":true'
      else ',"values":{' || concat_ws(',', ${valueMembers.join(', ')}) || '},"clocks":{' || concat_ws(',', ${clockMembers.join(', ')}) || '},"deleted":false'
    end || ',"rev":' || rev::text || '}'`;
}

const CHANGE_TEXT: Readonly<Record<SyncedTable, string>> = {
  exercises: changeText('exercises'),
  profiles: changeText('profiles'),
  gameProgress: changeText('gameProgress'),
  hnTriage: changeText('hnTriage'),
};

/** `rev` and `change` (the JSON text of the row's Change), to select from the table of `table`. */
export function changeColumns(db: Queryable, table: SyncedTable) {
  return db.unsafe(`rev, ${CHANGE_TEXT[table]} as change`);
}
