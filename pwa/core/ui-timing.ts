/** How long the interface waits before doing things on its own; shared by every screen. */

/** A toast hides itself after this long (it also hides when clicked). */
export const TOAST_TIMEOUT_MS = 3_000;

/** The persisted client state is written back at most once in this interval. */
export const PERSIST_DEBOUNCE_MS = 1_000;
