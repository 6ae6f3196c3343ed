import { STORY_PROBLEM_MESSAGES, type StoryProblem } from './story';

/**
 * What each refusal of the tracker calls says, in one place: the server sends it as the error's
 * message and the screens can show it from the code alone (an answer from a cache or an older
 * server may come without one). INVALID_TRACKER_LINK's words depend on the link: see
 * `parseTrackerLink`. TRACKER_LIMIT is the screen's cue for the upgrade prompt.
 */
export type TrackerErrorCode = StoryProblem | 'TRACKER_LIMIT' | 'TRACKER_NOT_FOUND' | 'HN_UNAVAILABLE';

export const TRACKER_ERROR_MESSAGES: Readonly<Record<TrackerErrorCode, string>> = {
  ...STORY_PROBLEM_MESSAGES,
  TRACKER_LIMIT: 'The free plan tracks one post at a time. Upgrade to Pro for unlimited trackers, or delete your tracker first.',
  TRACKER_NOT_FOUND: 'You do not track this post. Add it on your tracker list first.',
  HN_UNAVAILABLE: 'Hacker News is not answering right now. Try again in a minute.',
};
