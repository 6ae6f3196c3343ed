import { afterAll, beforeAll } from 'vitest';
import type { Change } from '#core/sync/protocol';
import { serveApp } from '../../../testing/app.ts';
import { useTestDatabase, type TestDatabase } from '../../../testing/database.ts';
import type { TestServer } from '../../../testing/http.ts';
import { createTestUser, type TestUser } from '../../../testing/users.ts';
import { pull } from './http.ts';

export interface AppServer {
  /** The served app's base URL; read it inside a test (the server starts before the first). */
  readonly url: string;
  readonly database: () => TestDatabase;
  /** A new account, its e-mail starting with the file's prefix. */
  readonly newUser: () => Promise<TestUser>;
  /** A new device id. */
  readonly newClient: () => string;
  /** The user's live and deleted records as a pull from 0 reports them, by table/key. */
  readonly recordsOf: (user: TestUser) => Promise<Map<string, Change>>;
}

/**
 * The whole app on a test database for one test file, spoken to over real HTTP: the setup every
 * sync and record-call test file shares.
 */
export function useAppServer(prefix: string): AppServer {
  const database = useTestDatabase();
  let served: TestServer | undefined;
  let counter = 0;
  beforeAll(async () => {
    served = await serveApp(database().sql);
  });
  afterAll(async () => {
    await served?.close();
  });
  const app: AppServer = {
    get url() {
      if (served === undefined) throw new Error('The test server is not running yet');
      return served.url;
    },
    database,
    newUser: () => createTestUser(database().sql, `${prefix}-${(counter += 1)}@example.com`),
    newClient: () => `client-${(counter += 1)}`,
    recordsOf: async (user) => {
      const { body } = await pull(app.url, user, { cursor: 0 });
      return new Map(body.changes.map((change) => [`${change.table}/${change.key}`, change]));
    },
  };
  return app;
}
