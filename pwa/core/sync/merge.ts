import { compareHlc, type Hlc } from './hlc';

/**
 * Records merge field by field: each field carries the clock of the write that set it, and the
 * write with the greatest clock wins. Because the greatest clock is the same whatever order the
 * writes arrive in, every replica that has seen the same writes holds the same record.
 */

export type FieldValues = Readonly<Record<string, unknown>>;
export type FieldClocks = Readonly<Record<string, Hlc>>;

export interface FieldState {
  readonly values: FieldValues;
  readonly clocks: FieldClocks;
}

export interface FieldWrite {
  readonly fields: FieldValues;
  readonly hlc: Hlc;
}

export interface MergeResult {
  readonly state: FieldState;
  /** Fields whose value or clock changed; empty when the write lost on every field. */
  readonly changed: readonly string[];
}

export const EMPTY_STATE: FieldState = { values: {}, clocks: {} };

export function mergeWrite(current: FieldState, write: FieldWrite): MergeResult {
  const values: Record<string, unknown> = { ...current.values };
  const clocks: Record<string, Hlc> = { ...current.clocks };
  const changed: string[] = [];
  for (const [field, value] of Object.entries(write.fields)) {
    const clock = clocks[field];
    if (clock !== undefined && compareHlc(write.hlc, clock) <= 0) continue;
    values[field] = value;
    clocks[field] = write.hlc;
    changed.push(field);
  }
  return { state: { values, clocks }, changed };
}

/** Merges two states of the same record (for example the server's and a pulled copy). */
export function mergeStates(a: FieldState, b: FieldState): FieldState {
  let state = a;
  for (const [field, hlc] of Object.entries(b.clocks)) {
    state = mergeWrite(state, { fields: { [field]: b.values[field] }, hlc }).state;
  }
  return state;
}

/**
 * A text another device wrote is worth keeping when it lost: per record, field and device the
 * newest text that device wrote is kept. "Newest per device" does not depend on arrival order,
 * so replicas agree on what is kept, and a person who wrote on two devices can always find both.
 */
export interface KeptText {
  readonly node: string;
  readonly hlc: Hlc;
  readonly text: string;
}

export function keepNewest(existing: KeptText | undefined, candidate: KeptText): KeptText {
  if (existing === undefined || compareHlc(candidate.hlc, existing.hlc) > 0) return candidate;
  return existing;
}

/** Kept texts worth showing next to the current value: other devices' texts that differ from it. */
export function earlierVersions(kept: readonly KeptText[], current: { text: string; hlc: Hlc | undefined }): KeptText[] {
  return kept
    .filter((version) => version.hlc !== current.hlc && version.text !== current.text && version.text.trim() !== '')
    .sort((x, y) => compareHlc(y.hlc, x.hlc));
}
