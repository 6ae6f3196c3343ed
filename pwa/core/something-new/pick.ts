/**
 * The next profile 'Get Random Profile' shows: any one at random except the one on screen, so
 * a press always brings someone new (the same one only when there is no other).
 * `random` returns a number in [0, 1), as Math.random does.
 */
export function pickAnother<T extends { readonly twitter: string }>(
  profiles: readonly T[],
  onScreen: string | undefined,
  random: () => number,
): T | null {
  const excluded = onScreen?.toLowerCase();
  const others = excluded === undefined ? profiles : profiles.filter((profile) => profile.twitter.toLowerCase() !== excluded);
  const pool = others.length > 0 ? others : profiles;
  if (pool.length === 0) return null;
  const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
  return pool[index] ?? null;
}

/** How many profiles seen last the device keeps for offline visits. */
export const RECENT_PROFILES_MAX = 12;

/** `recent` with `profile` first, any earlier copy of it removed, and at most `max` kept. */
export function rememberProfile<T extends { readonly twitter: string }>(
  recent: readonly T[],
  profile: T,
  max: number = RECENT_PROFILES_MAX,
): T[] {
  const key = profile.twitter.toLowerCase();
  return [profile, ...recent.filter((seen) => seen.twitter.toLowerCase() !== key)].slice(0, max);
}
