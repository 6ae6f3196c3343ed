import type { Request } from 'express';
import type { z } from 'zod';
import type { ApiErrorIssue } from '#core/schemas/api-error';
import { UNSTORABLE_TEXT_MESSAGES, unstorableText } from '#core/schemas/storable-text';
import { ApiError } from './api-error.ts';

function toIssues(error: z.ZodError): ApiErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    message: issue.message,
  }));
}

export interface ParseOptions {
  /**
   * The handler checks the texts of each item itself, so that one bad item is refused alone
   * (a sync push rejects that mutation and goes on with the rest).
   */
  readonly textsCheckedPerItem?: boolean;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, part: string, options: ParseOptions = {}): z.output<S> {
  // Before the schema: whatever a request carries ends up in a text or jsonb column somewhere.
  const problem = options.textsCheckedPerItem === true ? null : unstorableText(value);
  if (problem !== null) throw new ApiError('INVALID_TEXT', UNSTORABLE_TEXT_MESSAGES[problem]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError('INVALID_REQUEST', `The request ${part} is not valid.`, { issues: toIssues(result.error) });
}

/**
 * The request body checked against a schema shared with the app; throws INVALID_REQUEST (400)
 * otherwise, and INVALID_TEXT (400) for a text the database cannot store.
 */
export function parseBody<S extends z.ZodType>(schema: S, req: Request, options?: ParseOptions): z.output<S> {
  return parseWith(schema, req.body, 'body', options);
}

/** The query string checked against a schema; values arrive as strings, so use `z.coerce` for numbers. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.query, 'query');
}

/** The route parameters checked against a schema. */
export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.params, 'path');
}
