import { describe, expect, it } from 'vitest';
import { readCharityRaised } from '../human-sounds/raised-reply';
import { readApiErrorBody } from '../api-errors';
import { apiErrorBodySchema } from './api-error';
import { charityRaisedSchema } from './human-sounds';

/** What the schema answers, in the hand check's shape: the value read, or null. */
const viaSchema = (schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }, value: unknown): unknown => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const raised = { salesCents: 1200, matchCents: 1200, totalCents: 2400, matchLimitCents: 100_000, asOf: '2026-11-24T09:00:00.000Z' };

describe('hand-written checks agree with their schemas', () => {
  it.each<[string, unknown]>([
    ['a full answer', raised],
    ['an answer with an extra key', { ...raised, extra: 1 }],
    ['zero raised', { ...raised, salesCents: 0, matchCents: 0, totalCents: 0 }],
    ['a negative amount', { ...raised, salesCents: -1 }],
    ['a fraction of a cent', { ...raised, matchCents: 1.5 }],
    ['an amount as text', { ...raised, totalCents: '2400' }],
    ['a zero match limit', { ...raised, matchLimitCents: 0 }],
    ['an unsafe integer', { ...raised, salesCents: 2 ** 60 }],
    ['no date', { ...raised, asOf: undefined }],
    ['null', null],
    ['an array', [raised]],
    ['text', 'raised'],
  ])('charity raised: %s', (_name, value) => {
    expect(readCharityRaised(value)).toEqual(viaSchema(charityRaisedSchema, value));
  });

  it.each<[string, unknown]>([
    ['a bare code', { error: 'NOT_FOUND' }],
    ['a code and message', { error: 'TRACKER_LIMIT', message: 'One tracker on the free plan' }],
    ['issues', { error: 'INVALID_REQUEST', issues: [{ path: ['body', 0, 'name'], message: 'Required' }] }],
    ['extra keys at both levels', { error: 'INVALID_REQUEST', extra: true, issues: [{ path: [], message: 'x', code: 'y' }] }],
    ['an unknown code', { error: 'NEW_CODE_FROM_A_NEWER_SERVER' }],
    ['a code from the prototype', { error: 'toString' }],
    ['a message that is not text', { error: 'NOT_FOUND', message: 404 }],
    ['a null message', { error: 'NOT_FOUND', message: null }],
    ['issues not a list', { error: 'INVALID_REQUEST', issues: {} }],
    ['an issue without a path', { error: 'INVALID_REQUEST', issues: [{ message: 'x' }] }],
    ['a path with a boolean', { error: 'INVALID_REQUEST', issues: [{ path: [true], message: 'x' }] }],
    ['an HTML page', '<html>Bad gateway</html>'],
    ['null', null],
    ['an array', [{ error: 'NOT_FOUND' }]],
  ])('API error body: %s', (_name, value) => {
    expect(readApiErrorBody(value)).toEqual(viaSchema(apiErrorBodySchema, value));
  });
});
