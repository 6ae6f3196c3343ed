import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * A fact about the device that stays the same while the page is open (its share sheet, its date
 * picker, the year), read during a render. A page written ahead of the device (on the server, or
 * by the build) and the app's first render over it show `written`; the render after shows the
 * device's own, where that differs.
 */
export function useDeviceFact<T>(read: () => T, written: () => T): T {
  return useSyncExternalStore(noChanges, read, written);
}
