import { z } from 'zod';
import { siteNameKey } from '#core/experts/site-name';
import { bookingSchema, expertRecordSchema, publicExpertSchema, type Booking, type ExpertRecord, type PublicExpert } from '#core/schemas/expert';
import { pageFormValuesSchema } from '../page-form';

/**
 * What the expert screens keep on this device (localStorage), so they open offline: the page
 * form as typed (and whether it waits for a connection to be sent), and the public pages seen.
 * The expert's own record and bookings live in the session's expert slice (expert-slice.ts).
 * Everything read back is checked with its schema; anything else counts as nothing kept.
 */

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function localStore(): Store | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

function read<T>(storage: Store | null, key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = storage?.getItem(key);
    if (raw === null || raw === undefined) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(storage: Store | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the screen still works while it is open.
  }
}

function remove(storage: Store | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export const pageFormDraftSchema = z.object({
  values: pageFormValuesSchema,
  /** 'Next' was pressed while offline: sent as soon as the connection returns. */
  pending: z.boolean(),
});
export type PageFormDraft = z.infer<typeof pageFormDraftSchema>;

const draftKey = (userId: string) => `memento.expert.draft.${userId}`;

export function readDraft(userId: string, storage: Store | null = localStore()): PageFormDraft | null {
  return read(storage, draftKey(userId), pageFormDraftSchema);
}

export function saveDraft(userId: string, draft: PageFormDraft, storage: Store | null = localStore()): void {
  write(storage, draftKey(userId), draft);
}

export function clearDraft(userId: string, storage: Store | null = localStore()): void {
  remove(storage, draftKey(userId));
}

const pageKey = (siteName: string) => `memento.expert.page.${siteNameKey(siteName)}`;

/** The last copy of a public page this device saw. */
export function readPageCopy(siteName: string, storage: Store | null = localStore()): PublicExpert | null {
  return read(storage, pageKey(siteName), publicExpertSchema);
}

export function savePageCopy(page: PublicExpert, storage: Store | null = localStore()): void {
  write(storage, pageKey(page.siteName), page);
}

export function forgetPageCopy(siteName: string, storage: Store | null = localStore()): void {
  remove(storage, pageKey(siteName));
}

/** The expert slice (session state): the last known record and bookings, for the dashboard offline. */
export const expertSliceSchema = z.object({
  record: expertRecordSchema.nullable(),
  bookings: z.array(bookingSchema),
  /** When the server last answered (ISO). */
  savedAt: z.string(),
});
export type ExpertSliceCopy = z.infer<typeof expertSliceSchema>;

export function readExpertSlice(slice: Record<string, unknown>): ExpertSliceCopy | null {
  const parsed = expertSliceSchema.safeParse(slice);
  return parsed.success ? parsed.data : null;
}

export function expertSliceOf(record: ExpertRecord | null, bookings: readonly Booking[], now: Date): ExpertSliceCopy {
  return { record, bookings: [...bookings], savedAt: now.toISOString() };
}
