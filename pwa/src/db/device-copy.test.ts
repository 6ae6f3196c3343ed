import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { pendingWritesOnDevice, removeDeviceCopy } from './device-copy';
import { readWhileOpen } from './read-while-open';
import { countRecords } from './record-packs';
import { openUserDb, userDbName } from './user-db';
import { writeRecord } from './write-record';

const exists = (userId: string) => Dexie.exists(userDbName(userId));

describe("the device's copy of a person's records", () => {
  it('is removed when nothing waits to sync, even with another connection (another tab) open', async () => {
    const tab = await openUserDb('eve');
    const otherTab = await openUserDb('eve');
    await writeRecord(tab, 'exercises', '2026-03-01', { gratitudeOne: 'tea' }, 1);
    await tab.outbox.clear();

    expect(await removeDeviceCopy('eve', 'if-synced')).toBe('removed');
    expect(await exists('eve')).toBe(false);
    // The other connections were closed for the deletion and stay closed: a late read finds
    // nothing instead of opening (and so creating) an empty database again.
    expect(otherTab.isOpen()).toBe(false);
    expect(await readWhileOpen(otherTab, (db) => countRecords(db, 'exercises'))).toBeUndefined();
    await expect(countRecords(otherTab, 'exercises')).rejects.toThrow(Dexie.DatabaseClosedError);
    expect(await exists('eve')).toBe(false);
  });

  it('is kept when a change still waits to sync, unless its removal is asked for anyway', async () => {
    const db = await openUserDb('finn');
    await writeRecord(db, 'exercises', '2026-03-01', { gratitudeOne: 'rain' }, 1);
    db.close();
    expect(await pendingWritesOnDevice('finn')).toBe(1);

    expect(await removeDeviceCopy('finn', 'if-synced')).toBe('kept-unsynced');
    expect(await exists('finn')).toBe(true);
    expect(await pendingWritesOnDevice('finn')).toBe(1);

    expect(await removeDeviceCopy('finn', 'always')).toBe('removed');
    expect(await exists('finn')).toBe(false);
  });

  it('counts nothing and creates nothing for a person with no database here', async () => {
    expect(await pendingWritesOnDevice('gus')).toBe(0);
    expect(await removeDeviceCopy('gus', 'if-synced')).toBe('absent');
    expect(await exists('gus')).toBe(false);
  });
});
