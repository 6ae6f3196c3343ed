import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { createTestUser } from '../../testing/users.ts';
import { clockAt, mutation, pull, push } from './testing/http.ts';

// Scaling out: the server keeps no state of its own, so a device may reach any instance behind
// a load balancer. Two instances on one database (the real PostgreSQL in CI).
const database = useTestDatabase();
let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await serveApp(database().sql);
  second = await serveApp(database().sql);
});
afterAll(async () => {
  await first.close();
  await second.close();
});

describe('two server instances on one database', () => {
  it('sync a device through either: each write applied once, each instance serving the same changes', async () => {
    const user = await createTestUser(database().sql, 'two.instances@example.test');
    const device = 'device-two-instances';
    const at = (offset: number) => clockAt(device, offset);

    const one = await push(first.url, user, device, [
      mutation(1, at(1), { key: '2026-03-01', fields: { gratitudeOne: 'tea' } }),
      mutation(2, at(2), { key: '2026-03-02', fields: { gratitudeOne: 'snow' } }),
    ]);
    expect(one.body).toMatchObject({ lastAppliedSeq: 2, rejected: [] });

    // The next batch reaches the other instance; it repeats seq 2 (a retry after a lost answer).
    const two = await push(second.url, user, device, [
      mutation(2, at(2), { key: '2026-03-02', fields: { gratitudeOne: 'snow' } }),
      mutation(3, at(3), { key: '2026-03-01', fields: { gratitudeTwo: 'friends' } }),
    ]);
    expect(two.body).toMatchObject({ lastAppliedSeq: 3, rejected: [] });

    const fromFirst = await pull(first.url, user, { cursor: 0, clientId: device });
    const fromSecond = await pull(second.url, user, { cursor: 0, clientId: device });
    expect(fromSecond.body.changes).toEqual(fromFirst.body.changes);
    expect(fromFirst.body.lastAppliedSeq).toBe(3);
    const values = Object.fromEntries(fromFirst.body.changes.map((change) => [change.key, change.values]));
    expect(values).toEqual({
      '2026-03-01': { gratitudeOne: 'tea', gratitudeTwo: 'friends' },
      '2026-03-02': { gratitudeOne: 'snow' },
    });

    // Each write counted once: three records written in three revisions, not four.
    const [revisions] = await database().sql<{ rev: number }[]>`select rev from user_revisions where user_id = ${user.userId}`;
    expect(revisions?.rev).toBe(3);
  });
});
