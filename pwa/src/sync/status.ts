import type { Rejection } from '../db/meta';
import type { SyncActivity } from './activity';

/**
 * The one sync status a person sees, derived from a few facts instead of booleans scattered
 * over the screens. Order matters: what needs the person's action comes first, then what
 * explains a delay, then the reassurance.
 */
export type SyncStatus =
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'error'; readonly message: string; readonly dismissible: boolean }
  | { readonly kind: 'offline'; readonly pending: number }
  | { readonly kind: 'syncing'; readonly pending: number }
  | { readonly kind: 'saved-locally'; readonly pending: number }
  | { readonly kind: 'synced'; readonly at: number };

export interface SyncStatusFacts {
  readonly signedIn: boolean;
  readonly online: boolean;
  readonly activity: SyncActivity;
  /** Local writes not yet acknowledged by the server. */
  readonly pending: number;
  readonly lastSyncedAt: number | undefined;
  readonly lastRejection: Rejection | undefined;
}

const RECORD_NAMES: Readonly<Record<string, (key: string) => string>> = {
  exercises: (key) => `the entry for ${key}`,
  profiles: () => 'your settings',
  gameProgress: () => 'your game progress',
  hnTriage: () => 'a comment you marked done or snoozed',
};

const REASON_TEXTS: Readonly<Record<Rejection['reason'], string>> = {
  INVALID_FIELDS: 'had a value the server does not accept',
  INVALID_KEY: 'was for a day the server does not accept',
  UNKNOWN_TABLE: 'needs a newer version of the app; reload to update',
  CLOCK_INVALID: "had a wrong time; check this device's date and time",
};

export function describeRejection(rejection: Rejection): string {
  const name = RECORD_NAMES[rejection.table]?.(rejection.key) ?? 'A change';
  return `A change could not be saved: ${name} ${REASON_TEXTS[rejection.reason]}.`;
}

export function deriveSyncStatus(facts: SyncStatusFacts): SyncStatus {
  const { activity, pending } = facts;
  if (!facts.signedIn || activity.failure?.kind === 'auth') return { kind: 'signed-out' };
  if (facts.lastRejection !== undefined) {
    return { kind: 'error', message: describeRejection(facts.lastRejection), dismissible: true };
  }
  if (activity.failure?.kind === 'fatal') {
    return {
      kind: 'error',
      message: `Sync paused: ${activity.failure.message}. Your changes are kept on this device.`,
      dismissible: false,
    };
  }
  if (!facts.online) return { kind: 'offline', pending };
  if (activity.syncing) return { kind: 'syncing', pending };
  // A retryable failure needs nothing from the person: the writes are safe and will go later.
  if (pending > 0 || facts.lastSyncedAt === undefined) return { kind: 'saved-locally', pending };
  return { kind: 'synced', at: facts.lastSyncedAt };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "2 min ago", "3 h ago", "yesterday", "4 days ago". */
export function formatAgo(thenMs: number, nowMs: number): string {
  // A device clock set back after the sync would give a negative age; call that "just now".
  const age = Math.max(0, nowMs - thenMs);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  const days = Math.floor(age / DAY);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/**
 * The words for a status: `main` changes only when the status does (it is announced to screen
 * readers), `detail` is the relative time, which changes every minute and is not announced.
 */
export interface SyncStatusText {
  readonly main: string;
  readonly detail: string | null;
}

export function describeSyncStatus(status: SyncStatus, nowMs: number): SyncStatusText {
  switch (status.kind) {
    case 'signed-out':
      return { main: 'Signed out — sign in to sync', detail: null };
    case 'error':
      return { main: status.message, detail: null };
    case 'offline':
      return { main: 'Offline — will sync', detail: null };
    case 'syncing':
      return { main: 'Syncing…', detail: null };
    case 'saved-locally':
      return { main: 'Saved on this device', detail: null };
    case 'synced':
      return { main: 'Synced', detail: formatAgo(status.at, nowMs) };
  }
}
