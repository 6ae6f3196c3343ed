import type { Hlc } from '#core/sync/hlc';
import { textArray } from '../../db/array-literal.ts';
import type { Queryable, TransactionSql } from '../../db/client.ts';

export interface KeptTextKey {
  readonly day: string;
  /** The journal column: gratitude_one, gratitude_two or gratitude_three. */
  readonly column: string;
  readonly node: string;
}

export interface KeptTextRow extends KeptTextKey {
  readonly hlc: Hlc;
  readonly text: string;
}

/**
 * Keeps each device's newest text per day and field: a row is replaced only by a newer clock
 * (compared byte-wise, as the protocol orders clocks, whatever the database's collation).
 * `texts` must hold at most one row per (day, column, node).
 */
export async function keepTexts(tx: TransactionSql, userId: string, texts: readonly KeptTextRow[]): Promise<void> {
  if (texts.length === 0) return;
  await tx`
    insert into journal_versions as v (user_id, day, field, node, hlc, text)
    select ${userId}, r.day, r.field, r.node, r.hlc, r.text
    from unnest(
      ${textArray(texts.map((row) => row.day))}::date[],
      ${textArray(texts.map((row) => row.column))}::text[],
      ${textArray(texts.map((row) => row.node))}::text[],
      ${textArray(texts.map((row) => row.hlc))}::text[],
      ${textArray(texts.map((row) => row.text))}::text[]
    ) as r(day, field, node, hlc, text)
    on conflict (user_id, day, field, node) do update set hlc = excluded.hlc, text = excluded.text
    where excluded.hlc collate "C" > v.hlc collate "C"`;
}

export async function dropKeptTexts(tx: TransactionSql, userId: string, keys: readonly KeptTextKey[]): Promise<void> {
  if (keys.length === 0) return;
  await tx`
    delete from journal_versions as v
    using unnest(
      ${textArray(keys.map((key) => key.day))}::date[],
      ${textArray(keys.map((key) => key.column))}::text[],
      ${textArray(keys.map((key) => key.node))}::text[]
    ) as r(day, field, node)
    where v.user_id = ${userId} and v.day = r.day and v.field = r.field and v.node = r.node`;
}

export interface KeptTextOfDay {
  readonly column: string;
  readonly node: string;
  readonly hlc: string;
  readonly text: string;
}

export async function readKeptTexts(db: Queryable, userId: string, day: string): Promise<KeptTextOfDay[]> {
  return db<KeptTextOfDay[]>`
    select field as column, node, hlc, text from journal_versions where user_id = ${userId} and day = ${day}`;
}
