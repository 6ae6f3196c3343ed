/**
 * The device's localStorage for the expert screens' copies, with the failures of storage (full,
 * blocked, damaged) turned into "nothing kept". No schema library here: each caller passes its
 * own reader, so the public page's copy is read without one.
 */

export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What is kept under `key`, read by `parse` (null: not readable); anything else counts as nothing kept. */
export function readCopy<T>(storage: Store | null, key: string, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = storage?.getItem(key);
    if (raw === null || raw === undefined) return null;
    return parse(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeCopy(storage: Store | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the screen still works while it is open.
  }
}

export function removeCopy(storage: Store | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
