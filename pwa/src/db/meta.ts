import { z } from 'zod';
import { NODE_PATTERN } from '#core/sync/hlc';
import { clientIdSchema, REJECTION_REASONS } from '#core/sync/protocol';
import type { UserDb } from './user-db';

/**
 * The sync bookkeeping of one database, one row per key. Every value is parsed on the way out
 * and a damaged or missing one reads as undefined, so the callers' defaults apply instead of a
 * crash (a person cannot repair IndexedDB by hand).
 */

const hlcPartsSchema = z.object({
  wall: z.number().int().nonnegative(),
  counter: z.number().int().nonnegative(),
  node: z.string().regex(NODE_PATTERN),
});

export const rejectionSchema = z.object({
  seq: z.number().int(),
  table: z.string(),
  key: z.string(),
  reason: z.enum(REJECTION_REASONS),
  message: z.string(),
  /** Device time the rejection arrived (ms). */
  at: z.number(),
});
export type Rejection = z.infer<typeof rejectionSchema>;

const META_SCHEMAS = {
  /** This database's id towards the server and the node of its clocks; made once per database. */
  clientId: clientIdSchema,
  /** The seq the next local write gets; seqs have no gaps, which the server relies on. */
  nextSeq: z.number().int().positive(),
  /** The hybrid logical clock after the last local write or received change. */
  hlc: hlcPartsSchema,
  /**
   * The newest clock the server has taken that this device knows of: a pulled change's, or one of
   * its own writes the server applied. A clock found too far ahead goes back, but never below this.
   */
  acceptedHlc: hlcPartsSchema,
  /** Pass back to pull: every change up to this revision is in the local tables. */
  cursor: z.number().int().nonnegative(),
  /** Server time minus device time, so writes are stamped close to server time. */
  serverOffsetMs: z.number(),
  /** Device time of the end of the last complete sync (ms). */
  lastSyncedAt: z.number(),
  /** The last change the server refused, shown until the person dismisses it. */
  lastRejection: rejectionSchema,
} as const;

type MetaSchemas = typeof META_SCHEMAS;
export type MetaKey = keyof MetaSchemas;
export type MetaValue<K extends MetaKey> = z.output<MetaSchemas[K]>;

export async function readMeta<K extends MetaKey>(db: UserDb, key: K): Promise<MetaValue<K> | undefined> {
  const row = await db.meta.get(key);
  if (row === undefined) return undefined;
  const parsed = META_SCHEMAS[key].safeParse(row.value);
  // The schema of `key` produced it, so the value has the type of `key`; TypeScript cannot
  // follow a schema picked by a generic key.
  return parsed.success ? (parsed.data as MetaValue<K>) : undefined;
}

export async function writeMeta<K extends MetaKey>(db: UserDb, key: K, value: MetaValue<K>): Promise<void> {
  await db.meta.put({ key, value });
}

export async function deleteMeta(db: UserDb, key: MetaKey): Promise<void> {
  await db.meta.delete(key);
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ID_LENGTH = 21;

/** A random id that matches NODE_PATTERN; 21 characters of 64 give 126 bits. */
export function randomClientId(random: () => number): string {
  let id = '';
  for (let index = 0; index < ID_LENGTH; index += 1) {
    id += ID_ALPHABET[Math.floor(random() * ID_ALPHABET.length) % ID_ALPHABET.length] ?? '_';
  }
  return id;
}

/** A uniform number in [0, 1) from the platform's cryptographic source. */
export function cryptoRandom(): number {
  const [value = 0] = crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
}

/**
 * Gives the database a new client id and numbers the pending writes 1, 2, 3 … under it. A new
 * id is a new client to the server, which expects its first seq to be 1: without renumbering,
 * pending writes would start with a gap and the server would never take them.
 */
export async function assignClientId(db: UserDb, clientId: string): Promise<void> {
  await db.transaction('rw', db.meta, db.outbox, async () => {
    const pending = await db.outbox.orderBy('id').toArray();
    for (const [index, entry] of pending.entries()) {
      await db.outbox.update(entry.id, { seq: index + 1 });
    }
    await writeMeta(db, 'clientId', clientId);
    await writeMeta(db, 'nextSeq', pending.length + 1);
  });
}

/**
 * This database's client id, made on first use. Runs in one read-write transaction (or the
 * caller's, which Dexie reuses), so two tabs opening the same new database agree on one id.
 */
export async function ensureClientId(db: UserDb, random: () => number = cryptoRandom): Promise<string> {
  return db.transaction('rw', db.meta, db.outbox, async () => {
    const existing = await readMeta(db, 'clientId');
    if (existing !== undefined) return existing;
    const created = randomClientId(random);
    await assignClientId(db, created);
    return created;
  });
}
