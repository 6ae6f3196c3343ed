/**
 * Stripe's request bodies and query strings: `application/x-www-form-urlencoded` with nested keys.
 * `metadata[order]=7` is an object, `payment_method_types[]=card` and `expand[0]=x` are arrays
 * (the official SDK sends indexed arrays; curl examples use `[]`).
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][c]` → ['a', 'b', 'c']; `a[]` → ['a', '']. */
function splitKey(key: string): string[] {
  const first = key.indexOf('[');
  if (first <= 0) return [key];
  const parts = [key.slice(0, first)];
  const rest = key.slice(first);
  const pattern = /\[([^\]]*)\]/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(rest)) !== null) {
    parts.push(match[1] ?? '');
    consumed = pattern.lastIndex;
  }
  // A key like `a[b]c` is not Stripe's syntax: keep it whole rather than guess.
  return consumed === rest.length ? parts : [key];
}

function isIndex(part: string): boolean {
  return part === '' || /^\d+$/.test(part);
}

function assign(target: FormObject, parts: readonly string[], value: string): void {
  const [head, ...rest] = parts;
  if (head === undefined) return;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  const next = rest[0] ?? '';
  if (isIndex(next)) {
    const existing = target[head];
    const list: FormValue[] = Array.isArray(existing) ? existing : [];
    target[head] = list;
    assignInList(list, rest, value);
    return;
  }
  const existing = target[head];
  const child: FormObject = isFormObject(existing) ? existing : {};
  target[head] = child;
  assign(child, rest, value);
}

function assignInList(list: FormValue[], parts: readonly string[], value: string): void {
  const [index, ...rest] = parts;
  const position = index === '' || index === undefined ? list.length : Number(index);
  if (rest.length === 0) {
    list[position] = value;
    return;
  }
  const existing = list[position];
  const child: FormObject = isFormObject(existing) ? existing : {};
  list[position] = child;
  assign(child, rest, value);
}

export function isFormObject(value: FormValue | undefined): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

export function parseForm(body: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) assign(result, splitKey(key), value);
  return result;
}

/** A stable text of the parameters, for comparing an idempotent retry with its first request. */
export function canonicalForm(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalForm).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalForm(value[key] ?? '')}`).join(',')}}`;
}
