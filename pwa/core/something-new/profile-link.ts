/** Where a founder's @handle leads: the profile on the site the handles come from. */
export function founderProfileHref(handle: string): string {
  return `https://x.com/${encodeURIComponent(handle.replace(/^@/, ''))}`;
}
