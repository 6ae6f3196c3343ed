import { isPaid } from './account-type';

/** A free account tracks one launch post at a time; Pro has no limit. */
export const FREE_TRACKER_LIMIT = 1;

/** How many trackers an account may hold; `null` means no limit. */
export function trackerLimit(accountType: number): number | null {
  return isPaid(accountType) ? null : FREE_TRACKER_LIMIT;
}

export function canAddTracker(accountType: number, trackerCount: number): boolean {
  const limit = trackerLimit(accountType);
  return limit === null || trackerCount < limit;
}
