import { describe, expect, it } from 'vitest';
import { deleteTrackerRequestSchema, getViewParamsSchema, hnItemSchema } from './hn';

describe('tracker references', () => {
  it('name a tracker by its id or by its post’s id, in a body or a path', () => {
    expect(getViewParamsSchema.parse({ id: '8863' })).toEqual({ id: { postId: 8863 } });
    expect(deleteTrackerRequestSchema.parse({ id: 8863 })).toEqual({ id: { postId: 8863 } });
    expect(getViewParamsSchema.parse({ id: '0B5E55ED-0000-4000-8000-00000000BEEF' })).toEqual({ id: { trackerId: '0b5e55ed-0000-4000-8000-00000000beef' } });
  });

  it.each([['0'], ['-1'], ['8863.5'], ['abc'], [''], [0], [1.5], ['99999999999999999999']])('refuse %j', (id) => {
    expect(getViewParamsSchema.safeParse({ id }).success).toBe(false);
    expect(deleteTrackerRequestSchema.safeParse({ id }).success).toBe(false);
  });
});

describe('the site’s items', () => {
  it('read a deleted comment, which has neither author nor text', () => {
    expect(hnItemSchema.parse({ id: 5, deleted: true, parent: 1, time: 1_700_000_000, type: 'comment' })).toMatchObject({ id: 5, deleted: true });
  });
});
