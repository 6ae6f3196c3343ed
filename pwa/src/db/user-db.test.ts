import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { NODE_PATTERN } from '#core/sync/hlc';
import { assignClientId, readMeta, writeMeta } from './meta';
import { readWhileOpen } from './read-while-open';
import { countRecords } from './record-packs';
import { getSyncSession, setSyncSession } from './session-db';
import { openRelaxedConnection, openUserDb, userDbName } from './user-db';
import { writeRecord } from './write-record';

describe('the user database', () => {
  it('is one database per person, so two people on one device never mix', async () => {
    const ada = await openUserDb('ada');
    const bob = await openUserDb('bob');
    await writeRecord(ada, 'exercises', '2026-03-01', { gratitudeOne: 'ada' }, 1);
    expect(ada.name).toBe(userDbName('ada'));
    expect(await countRecords(bob, 'exercises')).toBe(0);
    expect(await bob.outbox.count()).toBe(0);
    ada.close();
    bob.close();
  });

  it('makes a client id once per database and keeps it across openings', async () => {
    const first = await openUserDb('cleo');
    const id = await readMeta(first, 'clientId');
    first.close();
    const again = await openUserDb('cleo');
    expect(id).toMatch(NODE_PATTERN);
    expect(await readMeta(again, 'clientId')).toBe(id);
    again.close();
  });

  it('commits every transaction with strict durability', async () => {
    const db = await openUserDb('dora');
    const durability = await db.transaction('r', db.meta, () => Dexie.currentTransaction.idbtrans.durability);
    expect(durability).toBe('strict');
    db.close();
  });

  it('opens a relaxed second connection to the same database only when asked', async () => {
    const db = await openUserDb('dina');
    const relaxed = await openRelaxedConnection(db);
    expect(relaxed.name).toBe(db.name);
    expect(await relaxed.transaction('rw', relaxed.meta, () => Dexie.currentTransaction.idbtrans.durability)).toBe('relaxed');
    expect(await db.transaction('rw', db.meta, () => Dexie.currentTransaction.idbtrans.durability)).toBe('strict');
    await writeMeta(relaxed, 'cursor', 3);
    expect(await readMeta(db, 'cursor')).toBe(3);
    relaxed.close();
    expect(db.isOpen()).toBe(true);
    db.close();
  });

  it('numbers pending writes from 1 under a new client id', async () => {
    const db = await openUserDb('eve');
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03']) {
      await writeRecord(db, 'exercises', day, { gratitude: true }, 1);
    }
    await db.outbox.where('seq').equals(1).delete();
    await assignClientId(db, 'fresh-client');
    expect((await db.outbox.orderBy('seq').toArray()).map((entry) => entry.seq)).toEqual([1, 2]);
    expect(await readMeta(db, 'nextSeq')).toBe(3);
    expect(await readMeta(db, 'clientId')).toBe('fresh-client');
    db.close();
  });

  it('reads a database closed at sign-out as nothing yet', async () => {
    const db = await openUserDb('gus');
    await expect(readWhileOpen(db, (open) => open.outbox.count())).resolves.toBe(0);
    db.close();
    await expect(readWhileOpen(db, (open) => open.outbox.count())).resolves.toBeUndefined();
    await expect(readWhileOpen(null, (open) => open.outbox.count())).resolves.toBeUndefined();
  });

  it('reads a damaged meta value as missing', async () => {
    const db = await openUserDb('finn');
    await db.meta.put({ key: 'cursor', value: 'twelve' });
    expect(await readMeta(db, 'cursor')).toBeUndefined();
    await writeMeta(db, 'cursor', 12);
    expect(await readMeta(db, 'cursor')).toBe(12);
    db.close();
  });
});

describe('the sync session', () => {
  it('stores who is signed in for the service worker, and forgets it', async () => {
    expect(await getSyncSession()).toBeNull();
    await setSyncSession({ userId: 'ada', token: 't0k3n' });
    expect(await getSyncSession()).toEqual({ userId: 'ada', token: 't0k3n' });
    await setSyncSession(null);
    expect(await getSyncSession()).toBeNull();
  });
});
