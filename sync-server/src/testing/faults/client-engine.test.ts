import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHlc } from '#core/sync/hlc';
import { ensureClientId, readMeta } from '../../../../pwa/src/db/meta.ts';
import { readRecord } from '../../../../pwa/src/db/read-record.ts';
import { countRecords, listRecords } from '../../../../pwa/src/db/record-packs.ts';
import { UserDb } from '../../../../pwa/src/db/user-db.ts';
import { writeRecord } from '../../../../pwa/src/db/write-record.ts';
import { createSyncEngine, type SyncEngine } from '../../../../pwa/src/sync/engine.ts';
import { createHttpTransport } from '../../../../pwa/src/sync/http-transport.ts';
import { seededRandom } from '../../../../pwa/src/sync/testing/prng.ts';
import { serveApp } from '../app.ts';
import { useTestDatabase } from '../database.ts';
import type { TestServer } from '../http.ts';
import { createTestUser, type TestUser } from '../users.ts';

/** The PWA's real sync engine against the real server, without faults. */

const database = useTestDatabase();
let server: TestServer;
let counter = 0;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  server = await serveApp(database().sql);
});
afterAll(async () => {
  await server.close();
});

interface Device {
  readonly db: UserDb;
  readonly engine: SyncEngine;
  readonly now: () => number;
}

async function device(user: TestUser, skewMs: number): Promise<Device> {
  counter += 1;
  const db = new UserDb(`memento-engine-${counter}`);
  await db.open();
  await ensureClientId(db, seededRandom(counter));
  const now = () => Date.now() + skewMs;
  const transport = createHttpTransport({ getToken: () => user.token, baseUrl: server.url });
  const engine = createSyncEngine({ db, transport, now, random: seededRandom(counter), lock: (task) => task() });
  return { db, engine, now };
}

describe('the PWA sync engine against the server', () => {
  it('syncs a device whose clock is a day behind, and its edits after syncing win as they should', async () => {
    const user = await createTestUser(database().sql, 'engine-behind@example.com');
    const behind = await device(user, -DAY_MS);
    const right = await device(user, 0);

    // Offline first: stamped with the wrong clock, a day old.
    await writeRecord(behind.db, 'exercises', '2026-03-01', { gratitudeOne: 'written offline' }, behind.now());
    await behind.engine.syncNow();
    await writeRecord(right.db, 'exercises', '2026-03-01', { gratitudeOne: 'written on the laptop' }, right.now());
    await right.engine.syncNow();
    // The laptop's write is newer; the phone now learns it and the server's time.
    await behind.engine.syncNow();
    expect((await readRecord(behind.db, 'exercises', '2026-03-01'))?.values.gratitudeOne).toBe('written on the laptop');
    expect(Math.abs((await readMeta(behind.db, 'serverOffsetMs')) ?? 0)).toBeGreaterThan(DAY_MS - 60_000);

    // Edited on the phone after seeing the laptop's text: the edit is the newer one everywhere.
    await writeRecord(behind.db, 'exercises', '2026-03-01', { gratitudeOne: 'edited on the phone' }, behind.now());
    await behind.engine.syncNow();
    await right.engine.syncNow();
    for (const db of [behind.db, right.db]) {
      expect((await readRecord(db, 'exercises', '2026-03-01'))?.values.gratitudeOne).toBe('edited on the phone');
      expect(await readMeta(db, 'lastRejection')).toBeUndefined();
    }
  });

  it('syncs a device whose clock is a day ahead without a refusal', async () => {
    const user = await createTestUser(database().sql, 'engine-ahead@example.com');
    const ahead = await device(user, DAY_MS);
    const right = await device(user, 0);
    await writeRecord(ahead.db, 'profiles', 'me', { birthday: '1990-05-17' }, ahead.now());
    await expect(ahead.engine.syncNow()).resolves.toEqual({ pushed: 1, pulled: 1 });
    expect(await readMeta(ahead.db, 'lastRejection')).toBeUndefined();
    await right.engine.syncNow();
    const profile = await readRecord(right.db, 'profiles', 'me');
    expect(profile?.values).toEqual({ birthday: '1990-05-17' });
    expect(parseHlc(profile?.clocks.birthday ?? '')?.wall ?? 0).toBeGreaterThan(Date.now() + DAY_MS - 60_000);
  });

  it('pushes 1,000 writes queued offline and brings another device the same records', async () => {
    const user = await createTestUser(database().sql, 'engine-queue@example.com');
    const offline = await device(user, 0);
    const other = await device(user, 0);
    for (let index = 0; index < 1000; index += 1) {
      const day = new Date(Date.UTC(2023, 0, 1) + (index % 400) * DAY_MS).toISOString().slice(0, 10);
      await writeRecord(offline.db, 'exercises', day, { gratitudeOne: `note ${index}`, gratitude: true }, offline.now());
    }
    expect(await offline.db.outbox.count()).toBe(1000);
    const result = await offline.engine.syncNow();
    expect(result.pushed).toBe(1000);
    expect(await offline.db.outbox.count()).toBe(0);
    await other.engine.syncNow();
    expect(await countRecords(other.db, 'exercises')).toBe(400);
    expect(await listRecords(other.db, 'exercises')).toEqual(await listRecords(offline.db, 'exercises'));
  });
});
