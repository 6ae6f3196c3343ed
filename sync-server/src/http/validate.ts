import type { Request } from 'express';
import type { z } from 'zod';
import type { ApiErrorIssue } from '#core/schemas/api-error';
import { ApiError } from './api-error.ts';

function toIssues(error: z.ZodError): ApiErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
    message: issue.message,
  }));
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, part: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ApiError('INVALID_REQUEST', `The request ${part} is not valid.`, { issues: toIssues(result.error) });
}

/** The request body checked against a schema shared with the app; throws INVALID_REQUEST (400) otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.body, 'body');
}

/** The query string checked against a schema; values arrive as strings, so use `z.coerce` for numbers. */
export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.query, 'query');
}

/** The route parameters checked against a schema. */
export function parseParams<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseWith(schema, req.params, 'path');
}
