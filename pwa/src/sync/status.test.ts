import { describe, expect, it } from 'vitest';
import { IDLE } from './activity';
import { deriveSyncStatus, describeSyncStatus, formatAgo, type SyncStatusFacts } from './status';

const NOW = Date.UTC(2026, 2, 1, 12);

const facts = (overrides: Partial<SyncStatusFacts> = {}): SyncStatusFacts => ({
  signedIn: true,
  online: true,
  activity: IDLE,
  pending: 0,
  lastSyncedAt: NOW - 120_000,
  lastRejection: undefined,
  ...overrides,
});

const words = (overrides: Partial<SyncStatusFacts>) => {
  const { main, detail } = describeSyncStatus(deriveSyncStatus(facts(overrides)), NOW);
  return detail === null ? main : `${main} ${detail}`;
};

describe('the sync status', () => {
  it('says when everything is on the server, and how long ago', () => {
    expect(words({})).toBe('Synced 2 min ago');
  });

  it('says writes are safe on the device while they wait', () => {
    expect(words({ pending: 2 })).toBe('Saved on this device');
    expect(words({ lastSyncedAt: undefined })).toBe('Saved on this device');
    // A failure that will be retried needs nothing from the person.
    expect(
      words({ pending: 1, activity: { syncing: false, failure: { kind: 'retryable', code: 'NETWORK', message: 'x' } } }),
    ).toBe('Saved on this device');
  });

  it('says when a sync is under way, and when there is no network', () => {
    expect(words({ activity: { syncing: true, failure: null } })).toBe('Syncing…');
    expect(words({ online: false, pending: 3 })).toBe('Offline — will sync');
  });

  it('puts a refused change first, in words a person understands', () => {
    const status = deriveSyncStatus(
      facts({
        online: false,
        lastRejection: {
          seq: 4,
          table: 'exercises',
          key: '2026-02-28',
          reason: 'INVALID_FIELDS',
          message: 'gratitudeOne: Too big',
          at: NOW,
        },
      }),
    );
    expect(status).toEqual({
      kind: 'error',
      message: 'A change could not be saved: the entry for 2026-02-28 had a value the server does not accept.',
      dismissible: true,
    });
  });

  it('reports a refused request without losing the reassurance', () => {
    expect(words({ activity: { syncing: false, failure: { kind: 'fatal', code: 'FORBIDDEN', message: 'Not allowed' } } })).toBe(
      'Sync paused: Not allowed. Your changes are kept on this device.',
    );
  });

  it('is signed out with nobody signed in or a rejected token', () => {
    expect(words({ signedIn: false })).toBe('Signed out — sign in to sync');
    expect(words({ activity: { syncing: false, failure: { kind: 'auth', code: 'INVALID_TOKEN', message: '' } } })).toBe(
      'Signed out — sign in to sync',
    );
  });

  it('tells ages in words', () => {
    expect(formatAgo(NOW - 10_000, NOW)).toBe('just now');
    expect(formatAgo(NOW + 10_000, NOW)).toBe('just now');
    expect(formatAgo(NOW - 59 * 60_000, NOW)).toBe('59 min ago');
    expect(formatAgo(NOW - 3 * 3_600_000, NOW)).toBe('3 h ago');
    expect(formatAgo(NOW - 25 * 3_600_000, NOW)).toBe('yesterday');
    expect(formatAgo(NOW - 4 * 86_400_000, NOW)).toBe('4 days ago');
  });
});
