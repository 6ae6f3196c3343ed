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

/**
 * How deep a request may nest objects and arrays. The deepest the app sends is a push's game
 * state (envelope, mutations, one mutation, fields, state: 5); JSON.parse takes thousands of
 * levels, and every recursive walk after it (the text check, zod, the driver's serializer)
 * would run out of stack on them and answer 500.
 */
export const MAX_NESTING = 32;

/** Whether a parsed JSON value nests objects or arrays deeper than `max`: a loop, not recursion. */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const pending: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > max) return true;
    for (const item of Object.values(next.value)) pending.push({ value: item, depth });
  }
  return false;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, part: string, options: ParseOptions = {}): z.output<S> {
  if (nestsDeeperThan(value, MAX_NESTING)) {
    throw new ApiError('INVALID_REQUEST', `The request ${part} nests objects or arrays more than ${MAX_NESTING} deep.`);
  }
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
