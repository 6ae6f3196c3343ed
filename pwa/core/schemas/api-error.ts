import { z } from 'zod';
import { API_ERROR_CODES, type ApiErrorBody, type ApiErrorIssue } from '../api-errors';

export * from '../api-errors';

/**
 * The error contract as schemas, for the server's validation and the tests. The codes, the
 * status mapping and the app's reading of an error body (`parseApiErrorBody`) live in
 * `core/api-errors.ts`, which loads no schema library.
 */
export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);

export const apiErrorIssueSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
}) satisfies z.ZodType<ApiErrorIssue>;

export const apiErrorBodySchema = z.object({
  error: apiErrorCodeSchema,
  message: z.string().optional(),
  issues: z.array(apiErrorIssueSchema).optional(),
}) satisfies z.ZodType<ApiErrorBody>;
