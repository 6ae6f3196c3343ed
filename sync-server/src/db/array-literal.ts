/**
 * PostgreSQL array literals for the set-based statements of a push, which send a few thousand
 * elements at once (`unnest(${textArray(values)}::text[], …)`). The driver's own array parameters
 * quote every element, booleans and dates included, and run two regular-expression replacements
 * on each; here only text is quoted, and only text holding a quote or a backslash is escaped.
 * Pass the literal as an ordinary (text) parameter and cast it to the array type in the SQL.
 */

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** One quoted element: inside double quotes only `"` and `\` need a backslash. */
function quoted(value: string): string {
  return NEEDS_ESCAPE.test(value) ? `"${value.replace(ESCAPED, '\\$&')}"` : `"${value}"`;
}

/** A `text[]` (or `date[]`) literal; null elements are SQL NULL. */
export function textArray(values: readonly (string | null)[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] ?? null;
    if (index > 0) literal += ',';
    literal += value === null ? 'NULL' : quoted(value);
  }
  return `${literal}}`;
}

/** A `bool[]` literal. */
export function boolArray(values: readonly boolean[]): string {
  let literal = '{';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) literal += ',';
    literal += values[index] === true ? 't' : 'f';
  }
  return `${literal}}`;
}

/** An `int8[]` literal of safe integers. */
export function integerArray(values: readonly number[]): string {
  for (const value of values) if (!Number.isSafeInteger(value)) throw new Error(`Not a safe integer: ${value}`);
  return `{${values.join(',')}}`;
}
