import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataDir } from './data-dir-lock.ts';

export interface EmbeddedPostgres {
  /** A postgres:// URL of the socket server, for `createSql(url, { max: 1 })`. */
  readonly url: string;
  readonly pglite: PGlite;
  close(): Promise<void>;
}

export type EmbeddedSource =
  | { readonly dir: string }
  /** In memory, empty or started from a dump of another instance (`pglite.dumpDataDir()`). */
  | { readonly memory: true; readonly from?: Blob };

/**
 * Starts PGlite (PostgreSQL compiled to WebAssembly, in this process) and its socket server on a
 * free loopback port, so the application talks to it with the same client and SQL as to a real
 * PostgreSQL server.
 */
export async function startEmbeddedPostgres(source: EmbeddedSource): Promise<EmbeddedPostgres> {
  let unlock: (() => Promise<void>) | undefined;
  if ('dir' in source) {
    await fs.mkdir(source.dir, { recursive: true });
    unlock = await lockDataDir(`${source.dir}.lock`);
  }
  let pglite: PGlite | undefined;
  try {
    pglite = await PGlite.create('dir' in source ? { dataDir: source.dir } : { loadDataDir: source.from });
    const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0 });
    await server.start();
    const db = pglite;
    return {
      url: `postgres://postgres@${server.getServerConn()}/postgres`,
      pglite: db,
      async close() {
        await server.stop();
        await db.close();
        await unlock?.();
      },
    };
  } catch (error) {
    await pglite?.close();
    await unlock?.();
    throw error;
  }
}
