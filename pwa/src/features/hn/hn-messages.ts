import { STORY_PROBLEM_MESSAGES, type StoryProblem } from '#core/hn/story';
import { TRACKER_LINK_MESSAGES } from '#core/hn/link';
import type { ApiErrorCode } from '#core/schemas/api-error';
import { ApiError } from '../../lib/api-client';

/**
 * The tracker's failures in words that say what to do next. Codes come from the server (see
 * #core/schemas/hn); the link and story sentences are the shared ones, so the device and the
 * server never word the same refusal differently.
 */

const STORY_CODES = new Set<ApiErrorCode>(['STORY_NOT_FOUND', 'STORY_DELETED', 'STORY_DEAD', 'NOT_A_STORY']);

function isStoryProblem(code: ApiErrorCode): code is StoryProblem {
  return STORY_CODES.has(code);
}

const LINK_SENTENCES = new Set<string>(Object.values(TRACKER_LINK_MESSAGES));

export const FREE_LIMIT_MESSAGE = 'The free plan includes one tracker at a time. Upgrade to Pro for unlimited trackers, or delete your tracker first.';
export const ADD_NEEDS_CONNECTION = 'Adding a tracker needs a connection. You’re offline: try again once you’re back online.';
export const DELETE_NEEDS_CONNECTION = 'Deleting a tracker needs a connection. You’re offline: try again once you’re back online.';
const HN_DOWN = 'Hacker News is not answering right now. Try again in a minute.';
const UNREACHABLE = 'The server could not be reached. Check your connection and try again.';
const OUR_SIDE = 'Something went wrong on our side. Try again in a minute.';

/** Whether the refusal is the free plan's limit (the screen shows the upgrade prompt). */
export function isTrackerLimit(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'TRACKER_LIMIT';
}

/** Why a request failed, for the tracker's screens. `offline` is the sentence for having no network. */
export function trackerProblem(error: unknown, offline: string): string {
  if (!(error instanceof ApiError)) return OUR_SIDE;
  if (error.kind === 'offline') return offline;
  if (error.kind === 'network') return UNREACHABLE;
  if (error.kind === 'bad-reply' || error.code === null) return OUR_SIDE;
  const { code } = error;
  if (isStoryProblem(code)) return STORY_PROBLEM_MESSAGES[code];
  switch (code) {
    case 'INVALID_TRACKER_LINK':
      // The server says which rule the link broke, in the shared words; anything else is the general one.
      return LINK_SENTENCES.has(error.message) ? error.message : TRACKER_LINK_MESSAGES.NOT_AN_ITEM_LINK;
    case 'TRACKER_LIMIT':
      return FREE_LIMIT_MESSAGE;
    case 'TRACKER_NOT_FOUND':
      return 'You don’t track this post (it may have been deleted on another device). Add it again from your trackers.';
    case 'HN_UNAVAILABLE':
      return HN_DOWN;
    case 'RATE_LIMITED':
      return 'Too many requests in a short time. Wait a minute and try again.';
    case 'INVALID_TOKEN':
      return 'Your session has ended. Log in again to see your trackers.';
    default:
      return OUR_SIDE;
  }
}

/**
 * Whether the server's answer settles the matter (the tracker or post is gone), as opposed to a
 * passing failure (offline, no answer, Hacker News or our server down) after which the copy on
 * this device is still the best there is.
 */
export function isFinalAnswer(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'server' || error.status === null) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}
