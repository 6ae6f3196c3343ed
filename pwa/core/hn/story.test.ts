import { describe, expect, it } from 'vitest';
import { storyProblem } from './story';

describe('storyProblem', () => {
  it('accepts a live story, and names each other case', () => {
    expect(storyProblem({ id: 1, type: 'story', by: 'pg', title: 'Launch' })).toBeNull();
    expect(storyProblem(null)).toBe('STORY_NOT_FOUND');
    expect(storyProblem({ id: 1, type: 'story', deleted: true })).toBe('STORY_DELETED');
    expect(storyProblem({ id: 1, type: 'story', by: 'pg', dead: true })).toBe('STORY_DEAD');
    expect(storyProblem({ id: 1, type: 'comment', by: 'pg', parent: 2 })).toBe('NOT_A_STORY');
    expect(storyProblem({ id: 1, type: 'job', by: 'pg' })).toBe('NOT_A_STORY');
    expect(storyProblem({ id: 1, type: 'poll', by: 'pg' })).toBe('NOT_A_STORY');
  });
});
