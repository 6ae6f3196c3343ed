/** Stripe's list envelope and cursor pagination (`limit`, `starting_after`, `ending_before`). */
import type Stripe from 'stripe';
import { invalidRequest } from './errors.ts';
import type { FormObject } from './form.ts';
import { optionalInteger, optionalString } from './params.ts';

export function listOf<T extends { readonly id: string }>(
  url: string,
  newestFirst: readonly T[],
  query: FormObject,
): Stripe.ApiList<T> {
  const limit = optionalInteger(query, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('Invalid limit: must be between 1 and 100', 'limit');
  const after = optionalString(query, 'starting_after');
  const before = optionalString(query, 'ending_before');
  let start = 0;
  let end = newestFirst.length;
  if (after !== undefined) {
    const index = newestFirst.findIndex((row) => row.id === after);
    if (index < 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
    start = index + 1;
  }
  if (before !== undefined) {
    const index = newestFirst.findIndex((row) => row.id === before);
    if (index < 0) throw invalidRequest(`No such object: '${before}'`, 'ending_before', 'resource_missing');
    end = index;
    start = Math.max(start, end - limit);
  }
  const page = newestFirst.slice(start, Math.min(end, start + limit));
  const hasMore = before === undefined ? start + page.length < end : start > 0;
  return { object: 'list', data: page, has_more: hasMore, url };
}
