/**
 * What a text must be for the database to keep it as it was typed. PostgreSQL's text and jsonb
 * cannot hold U+0000, and UTF-8 has no encoding for half of a surrogate pair: the driver would
 * turn one into U+FFFD in a text column (the device and the server then disagree) and jsonb
 * refuses it outright. The server refuses both; the app never produces a lone surrogate.
 */
export type UnstorableText = 'NUL' | 'LONE_SURROGATE';

const HIGH = 0xd800;
const LOW = 0xdc00;
const END = 0xe000;

function problemOf(text: string): UnstorableText | null {
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0) return 'NUL';
    if (unit < HIGH || unit >= END) continue;
    const next = text.charCodeAt(index + 1);
    // A high surrogate followed by a low one is one character; anything else is half of one.
    if (unit < LOW && next >= LOW && next < END) index += 1;
    else return 'LONE_SURROGATE';
  }
  return null;
}

/** The first reason a value (any text in it, keys of objects included) cannot be stored, or null. */
export function unstorableText(value: unknown): UnstorableText | null {
  if (typeof value === 'string') return problemOf(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = unstorableText(item);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    // A loop over the keys, not Object.entries: this runs for every field of every request.
    for (const key in value) {
      const problem = problemOf(key) ?? unstorableText((value as Record<string, unknown>)[key]);
      if (problem !== null) return problem;
    }
  }
  return null;
}

/** Words for a refused text, for an error message. */
export const UNSTORABLE_TEXT_MESSAGES: Readonly<Record<UnstorableText, string>> = {
  NUL: 'A text holds the NUL character (U+0000), which cannot be stored.',
  LONE_SURROGATE: 'A text holds half of a surrogate pair (a broken character), which cannot be stored.',
};

/**
 * The text with every half of a surrogate pair replaced by U+FFFD, as the standard `toWellFormed`
 * does: what the app writes is then exactly what the server stores and sends back.
 */
export function wellFormed(text: string): string {
  if (problemOf(text.replaceAll('\u0000', '')) === null) return text;
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < HIGH || unit >= END) {
      out += text[index] ?? '';
      continue;
    }
    const next = text.charCodeAt(index + 1);
    if (unit < LOW && next >= LOW && next < END) {
      out += text.slice(index, index + 2);
      index += 1;
    } else {
      out += '\ufffd';
    }
  }
  return out;
}

/** `wellFormed` applied to every text in a value (object keys included), leaving the rest as it is. */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return wellFormed(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => wellFormedDeep(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormedDeep(item as unknown)])) as T;
  }
  return value;
}
