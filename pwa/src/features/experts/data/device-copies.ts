import { z } from 'zod';
import { bookingSchema, expertRecordSchema, type Booking, type ExpertRecord } from '#core/schemas/expert';
import { pageFormValuesSchema } from '../page-form';
import { deviceStorage } from '../../../lib/device-storage';
import { readCopy, removeCopy, writeCopy, type Store } from './local-copies';

/**
 * What the expert screens keep on this device (localStorage), so they open offline: the page
 * form as typed (and whether it waits for a connection to be sent); the public pages seen are
 * kept by page-copies.ts, which the visitor's page uses without the schema library.
 * The expert's own record and bookings live in the session's expert slice (expert-slice.ts).
 * Everything read back is checked with its schema; anything else counts as nothing kept.
 */

function read<T>(storage: Store | null, key: string, schema: z.ZodType<T>): T | null {
  return readCopy(storage, key, (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  });
}

export const pageFormDraftSchema = z.object({
  values: pageFormValuesSchema,
  /** 'Next' was pressed while offline: sent as soon as the connection returns. */
  pending: z.boolean(),
});
export type PageFormDraft = z.infer<typeof pageFormDraftSchema>;

const draftKey = (userId: string) => `memento.expert.draft.${userId}`;

export function readDraft(userId: string, storage: Store | null = deviceStorage()): PageFormDraft | null {
  return read(storage, draftKey(userId), pageFormDraftSchema);
}

export function saveDraft(userId: string, draft: PageFormDraft, storage: Store | null = deviceStorage()): void {
  writeCopy(storage, draftKey(userId), draft);
}

export function clearDraft(userId: string, storage: Store | null = deviceStorage()): void {
  removeCopy(storage, draftKey(userId));
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
