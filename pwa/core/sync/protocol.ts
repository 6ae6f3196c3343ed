import { z } from 'zod';
import { hlcWall, isHlc, NODE_PATTERN, type Hlc } from './hlc';
import {
  calendarDaySchema,
  exerciseFieldsSchema,
  gameProgressFieldsSchema,
  profileFieldsSchema,
} from '../schemas/records';
import { hnTriageWriteSchema, triageKeySchema } from '../schemas/hn-triage';

/**
 * The sync protocol between a device and the server. A device appends every local write to an
 * outbox as a mutation with a per-device sequence number; push sends mutations in order, pull
 * returns what changed since a cursor. Both sides validate with these schemas.
 */

export const hlcSchema = z.string().refine(isHlc, { message: 'Expected a hybrid logical clock' });
export const clientIdSchema = z.string().regex(NODE_PATTERN, 'A client id is 1-64 letters, digits, _ or -');

/** The single record of a kind that a person has exactly one of. */
export const SINGLETON_KEY = 'me';

/** Each synced table: how its keys look and which fields a mutation may set. */
export const SYNCED_TABLES = {
  exercises: { key: calendarDaySchema, fields: exerciseFieldsSchema.partial() },
  profiles: { key: z.literal(SINGLETON_KEY), fields: profileFieldsSchema.partial() },
  gameProgress: { key: z.literal(SINGLETON_KEY), fields: gameProgressFieldsSchema.partial() },
  hnTriage: { key: triageKeySchema, fields: hnTriageWriteSchema },
} as const;
export type SyncedTable = keyof typeof SYNCED_TABLES;
export function isSyncedTable(value: unknown): value is SyncedTable {
  return typeof value === 'string' && Object.hasOwn(SYNCED_TABLES, value);
}
export const syncedTableSchema = z.enum(Object.keys(SYNCED_TABLES) as [SyncedTable, ...SyncedTable[]]);

export const PUSH_BATCH_MAX = 1000;
export const PULL_PAGE_MAX = 2000;
/**
 * A pull page also stops before its field data (the journal texts, a profile's streak freezes,
 * the game's state, counted in UTF-8 bytes) passes this many bytes: 2,000 long journal days
 * would otherwise make one reply of 120 MB. A page always carries at least one record, so a
 * record bigger than this still comes through, alone. A page cut short says `hasMore`.
 */
export const PULL_PAGE_BYTES = 4 * 1024 * 1024;

/**
 * A mutation is checked in two steps: the envelope here (a bad envelope rejects the whole push),
 * and its table, key and fields per mutation with `validateMutation` (a bad one is rejected on its
 * own and the queue moves on).
 */
export const mutationSchema = z.object({
  seq: z.number().int().positive(),
  table: z.string().max(64),
  key: z.string().max(128),
  fields: z.record(z.string(), z.unknown()),
  hlc: hlcSchema,
  deleted: z.boolean().optional(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  clientId: clientIdSchema,
  mutations: z.array(mutationSchema).max(PUSH_BATCH_MAX),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/** A device clock may run ahead of the server's by this much; further ahead, its writes would win for days. */
export const MAX_CLOCK_AHEAD_MS = 48 * 60 * 60 * 1000;

/** Whether the server refuses a write stamped `hlc` at its time `serverNow` (CLOCK_INVALID): too far ahead, or unreadable. */
export function clockTooFarAhead(hlc: Hlc, serverNow: number): boolean {
  const wall = hlcWall(hlc);
  return wall === undefined || wall > serverNow + MAX_CLOCK_AHEAD_MS;
}

export const REJECTION_REASONS = ['UNKNOWN_TABLE', 'INVALID_KEY', 'INVALID_FIELDS', 'CLOCK_INVALID'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const pushResponseSchema = z.object({
  /** Every mutation up to this sequence number is applied (or rejected) and can leave the outbox. */
  lastAppliedSeq: z.number().int().nonnegative(),
  rejected: z.array(z.object({ seq: z.number().int(), reason: z.enum(REJECTION_REASONS), message: z.string() })),
  serverTime: z.number(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

export const changeSchema = z.object({
  table: syncedTableSchema,
  key: z.string(),
  values: z.record(z.string(), z.unknown()),
  clocks: z.record(z.string(), hlcSchema),
  deleted: z.boolean(),
  rev: z.number().int().positive(),
});
export type Change = z.infer<typeof changeSchema>;

export const pullQuerySchema = z.object({
  cursor: z.coerce.number().int().nonnegative().default(0),
  limit: z.coerce.number().int().positive().max(PULL_PAGE_MAX).default(PULL_PAGE_MAX),
  clientId: clientIdSchema.optional(),
  /**
   * The device is pulling everything from 0 to replace its copy (after a reset): every cursor
   * of that pass is below the tombstone horizon, and a reset mid-pass would start it over
   * forever. Absent means false. Accepts a boolean or the query-string words true/false/1/0.
   */
  full: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((word) => word === 'true' || word === '1')])
    .optional(),
});

export const pullResponseSchema = z.object({
  changes: z.array(changeSchema),
  /** Pass back as `cursor` on the next pull. */
  cursor: z.number().int().nonnegative(),
  hasMore: z.boolean(),
  /** The cursor is older than the tombstones kept: drop the local copy (not the outbox) and pull from 0. */
  reset: z.boolean(),
  lastAppliedSeq: z.number().int().nonnegative().nullable(),
  serverTime: z.number(),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;

/**
 * A pull reply with more to come names its `cursor` in this header too, so a device can ask for
 * the next page as soon as the headers arrive, while it still reads and checks this page's body.
 * Only a hint: the body's cursor is the one that counts, and a device that disagrees with the
 * header (or finds none) asks again with the body's.
 */
export const PULL_NEXT_CURSOR_HEADER = 'X-Pull-Next-Cursor';

export type MutationCheck =
  | { readonly ok: true; readonly table: SyncedTable; readonly fields: Record<string, unknown> }
  | { readonly ok: false; readonly reason: RejectionReason; readonly message: string };

/** Checks one mutation's table, key and fields; a failure names the reason the device is shown. */
export function validateMutation(mutation: Mutation): MutationCheck {
  const parsedTable = syncedTableSchema.safeParse(mutation.table);
  if (!parsedTable.success) {
    return { ok: false, reason: 'UNKNOWN_TABLE', message: `No table named ${mutation.table}` };
  }
  const table = parsedTable.data;
  const spec = SYNCED_TABLES[table];
  if (!spec.key.safeParse(mutation.key).success) {
    return { ok: false, reason: 'INVALID_KEY', message: `Not a valid key for ${table}: ${mutation.key}` };
  }
  const fields = spec.fields.safeParse(mutation.fields);
  if (!fields.success) {
    const detail = fields.error.issues.map((issue) => `${issue.path.join('.') || 'fields'}: ${issue.message}`).join('; ');
    return { ok: false, reason: 'INVALID_FIELDS', message: detail };
  }
  return { ok: true, table, fields: fields.data };
}
