import { z } from 'zod';
import {
  FOUNDER_BIO_MAX,
  FOUNDER_HANDLE as HANDLE,
  FOUNDER_NAME_MAX,
  type FounderProfile,
  type GetOneSomethingNewResponse,
  type SavedSomethingNew,
} from '../something-new/profiles-reply';

/**
 * Something New: founder profiles from a CSV (columns `twitter`, `name`, `bio`, `proflink`, as the
 * specification names a founder profile's fields), answered one at a time by
 * `GET /api/getOneSomethingNew`.
 */

// The limits, the handle's pattern and the types live in the zod-free reader of the replies
// (something-new/profiles-reply.ts), which the public page uses; a unit test holds it to these schemas.
export { FOUNDER_BIO_MAX, FOUNDER_NAME_MAX };
export type { FounderProfile, GetOneSomethingNewResponse, SavedSomethingNew };

/** A handle, with or without its leading '@' (stored and answered without it). */
export const founderHandleSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(z.string().regex(HANDLE, 'Expected a handle: letters, digits or _, at most 15'));

/** An http(s) address: what a picture or the shop may be (never javascript: and the like). */
const webUrlSchema = z.url({ protocol: /^https?$/, error: 'Expected an http(s) address' });
const isWebUrl = (value: string): boolean => webUrlSchema.safeParse(value).success;

/** One profile as the app shows it. `proflink`: the picture's address, or null for the drawn initials. */
export const founderProfileSchema = z.object({
  twitter: z.string().regex(HANDLE),
  name: z.string().min(1).max(FOUNDER_NAME_MAX),
  bio: z.string().max(FOUNDER_BIO_MAX),
  proflink: webUrlSchema.nullable(),
}) satisfies z.ZodType<FounderProfile>;

/** One CSV row (the cells under the header's names) checked and tidied into a profile. */
export const founderCsvRowSchema = z.object({
  twitter: founderHandleSchema,
  name: z.string().trim().min(1, 'The name is empty').max(FOUNDER_NAME_MAX, `The name is longer than ${FOUNDER_NAME_MAX}`),
  bio: z.string().trim().max(FOUNDER_BIO_MAX, `The bio is longer than ${FOUNDER_BIO_MAX}`),
  proflink: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || isWebUrl(value), 'The picture is not an http(s) address')
    .transform((value) => (value === '' ? null : value)),
}) satisfies z.ZodType<FounderProfile>;

/**
 * `GET /api/getOneSomethingNew?exclude={handle}`: `exclude` is the profile on screen, which the
 * answer never repeats (unless it is the only one).
 */
export const getOneSomethingNewQuerySchema = z.object({
  exclude: founderHandleSchema.optional(),
});
export type GetOneSomethingNewQuery = z.infer<typeof getOneSomethingNewQuerySchema>;

export const getOneSomethingNewResponseSchema = z.object({
  /** One profile as a list (the specification's shape; the first element is used); empty without data. */
  item: z.array(founderProfileSchema).max(1),
  /** The profiles are the fictional sample that ships with the product, not the operator's data. */
  sample: z.boolean(),
  /** Where to buy the dataset; null: write to the contact address instead. */
  datasetUrl: webUrlSchema.nullable(),
}) satisfies z.ZodType<GetOneSomethingNewResponse>;

/** What the device keeps for offline visits: the profiles last seen, newest first. */
export const savedSomethingNewSchema = z.object({
  recent: z.array(founderProfileSchema),
  sample: z.boolean(),
  datasetUrl: webUrlSchema.nullable(),
}) satisfies z.ZodType<SavedSomethingNew>;
