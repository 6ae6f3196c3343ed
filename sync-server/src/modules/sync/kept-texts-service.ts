import { hlcNode, isHlc, type Hlc } from '#core/sync/hlc';
import { keepNewest, type FieldState, type KeptText } from '#core/sync/merge';
import { JOURNAL_TEXT_FIELDS, type JournalTextField } from '#core/schemas/records';
import type { Sql } from '../../db/client.ts';
import { readKeptTexts, type KeptTextKey, type KeptTextRow } from './kept-texts-repo.ts';
import { columnOf, fieldOf, type StoredRecord } from './record-columns.ts';
import { recordId, type RecordWrite } from './record-writes.ts';

/** The journal text fields with their columns (journal_versions names a field by its column). */
const JOURNAL_COLUMNS = JOURNAL_TEXT_FIELDS.map((field) => {
  const column = columnOf('exercises', field);
  if (column === undefined) throw new Error(`No column for the journal field ${field}`);
  return { field, column };
});

interface KeptTextChanges {
  /** Texts to keep (each replaces its device's kept text only when newer). */
  readonly keep: KeptTextRow[];
  /** (day, column, node) rows to remove: that device now holds the current text. */
  readonly drop: KeptTextKey[];
}

/**
 * What the kept journal texts become after a batch. The table holds, per (day, field, device),
 * the newest text that device wrote, except where that text is the current one (it is in the
 * exercise row already). Both parts depend only on the set of writes, never on their order, so
 * replicas and replays agree; and a push from the device that already holds the current text
 * (the usual case) changes nothing here. Only fields the batch wrote can change:
 * - every text of the batch, and the current text it replaced, is a candidate for its device;
 * - the device of the final current text keeps nothing (its newest text is the current one);
 * - when the current text moved to another device, that device's older kept text goes.
 */
export function keptTextChanges(
  before: ReadonlyMap<string, StoredRecord>,
  after: ReadonlyMap<string, StoredRecord>,
  writes: readonly RecordWrite[],
): KeptTextChanges {
  /** Per `${day}/${column}`: the field and, per device, its newest candidate text. */
  const fields = new Map<string, { day: string; field: JournalTextField; column: string; newest: Map<string, KeptTextRow> }>();
  const consider = (day: string, field: JournalTextField, column: string, hlc: Hlc, text: string) => {
    const node = hlcNode(hlc);
    const id = `${day}/${column}`;
    let entry = fields.get(id);
    if (entry === undefined) {
      entry = { day, field, column, newest: new Map() };
      fields.set(id, entry);
    }
    const existing = entry.newest.get(node);
    if (keepNewest(existing, { node, hlc, text }) !== existing) entry.newest.set(node, { day, column, node, hlc, text });
  };
  for (const write of writes) {
    if (write.table !== 'exercises') continue;
    for (const { field, column } of JOURNAL_COLUMNS) {
      const text = write.fields[field];
      if (typeof text === 'string') consider(write.key, field, column, write.hlc, text);
    }
  }
  const currentNode = (state: FieldState | undefined, field: JournalTextField) => {
    const clock = state?.clocks[field];
    return clock === undefined ? undefined : hlcNode(clock);
  };
  const keep: KeptTextRow[] = [];
  const drop: KeptTextKey[] = [];
  for (const { day, field, column, newest } of fields.values()) {
    const id = recordId('exercises', day);
    const previous = before.get(id)?.state;
    const previousClock = previous?.clocks[field];
    const previousText = previous?.values[field];
    if (previousClock !== undefined && typeof previousText === 'string') consider(day, field, column, previousClock, previousText);
    const finalNode = currentNode(after.get(id)?.state, field);
    const previousNode = currentNode(previous, field);
    if (previousNode !== undefined && finalNode !== undefined && previousNode !== finalNode) drop.push({ day, column, node: finalNode });
    for (const candidate of newest.values()) if (candidate.node !== finalNode) keep.push(candidate);
  }
  return { keep, drop };
}

/**
 * The kept journal texts of one day per field: each device's newest text, except the device
 * holding the current text (read that from the record). The server's writes are under SERVER_NODE.
 */
export async function keptTextsOf(sql: Sql, userId: string, day: string): Promise<Map<JournalTextField, KeptText[]>> {
  const kept = new Map<JournalTextField, KeptText[]>(JOURNAL_TEXT_FIELDS.map((field) => [field, []]));
  for (const row of await readKeptTexts(sql, userId, day)) {
    const field = JOURNAL_TEXT_FIELDS.find((name) => name === fieldOf('exercises', row.column));
    if (field === undefined || !isHlc(row.hlc)) continue;
    kept.get(field)?.push({ node: row.node, hlc: row.hlc, text: row.text });
  }
  return kept;
}
