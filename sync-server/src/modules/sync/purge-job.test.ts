import { describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { createTestUser } from '../../testing/users.ts';
import { startTombstonePurge } from './purge-job.ts';
import { pullChanges } from './pull-service.ts';
import { TOMBSTONE_KEEP_DAYS } from './purge-service.ts';
import { pushMutations } from './push-service.ts';
import { clockAt, mutation, readPullReply } from './testing/http.ts';

const database = useTestDatabase();

describe('startTombstonePurge', () => {
  it('purges tombstones past the keeping time at start and raises the horizon', async () => {
    const { sql } = database();
    const user = await createTestUser(sql, 'purge@example.com');
    await pushMutations(sql, user.userId, { clientId: 'purger', mutations: [mutation(1, clockAt('purger'))] }, Date.now);
    await pushMutations(sql, user.userId, { clientId: 'purger', mutations: [mutation(2, clockAt('purger', 1), { fields: {}, deleted: true })] }, Date.now);
    const later = () => Date.now() + (TOMBSTONE_KEEP_DAYS + 1) * 86_400_000;

    const job = startTombstonePurge(sql, createLogger('silent'), { clock: later });
    await job.firstRun;
    job.stop();

    const query = { cursor: 1, limit: 10 };
    expect(readPullReply((await pullChanges(sql, user.userId, query, Date.now)).json).reset).toBe(true);
    expect(readPullReply((await pullChanges(sql, user.userId, { cursor: 0, limit: 10 }, Date.now)).json).changes).toEqual([]);
  });
});
