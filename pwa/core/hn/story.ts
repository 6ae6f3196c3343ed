import type { HnItem } from '../schemas/hn';

/**
 * Whether an item from the site can be tracked: it must exist, be a story (launch posts, Show
 * HN and Ask HN are all stories; a comment, job or poll is not) and still be up. Each refusal has
 * its own code, so the screen can say which.
 */
export type StoryProblem = 'STORY_NOT_FOUND' | 'STORY_DELETED' | 'STORY_DEAD' | 'NOT_A_STORY';

export const STORY_PROBLEM_MESSAGES: Readonly<Record<StoryProblem, string>> = {
  STORY_NOT_FOUND: 'Hacker News has no post with that id. Check the number after id= in the link.',
  STORY_DELETED: 'That post was deleted on Hacker News, so there is nothing to track.',
  STORY_DEAD: 'That post is dead on Hacker News (flagged or killed), so there is nothing to track.',
  NOT_A_STORY: 'That link is to a comment or another kind of item, not a post. Open the post itself and copy its link.',
};

/** `null` when the item is a live story; `item` is null when the site has no such id. */
export function storyProblem(item: HnItem | null): StoryProblem | null {
  if (item === null) return 'STORY_NOT_FOUND';
  if (item.deleted === true) return 'STORY_DELETED';
  if (item.dead === true) return 'STORY_DEAD';
  if (item.type !== 'story') return 'NOT_A_STORY';
  return null;
}
