/**
 * This browser's localStorage, or null where even reaching it throws (storage switched off for the
 * site, some private modes). Every copy the app keeps on the device goes through here; each
 * caller decides what "nothing kept" means for it.
 */
export function deviceStorage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}
