import { paths } from '../paths';

/**
 * An expert's site name: the `{siteName}` of `/ex/{siteName}`. Letters only (A-Z, a-z: an
 * address anyone can type and read aloud, with one obvious upper and lower case), at most 50,
 * unique regardless of case, and never a word the product's own addresses use. The form strips
 * every other character when the field is left; the server applies the same rules again.
 */

export const SITE_NAME_MAX = 50;

/** The name with every character that is not a letter A-Z or a-z removed. */
export function stripSiteName(raw: string): string {
  return raw.replace(/[^A-Za-z]/g, '');
}

/** What two names are compared by: `JaneDoe` and `janedoe` are one site. */
export function siteNameKey(name: string): string {
  return stripSiteName(name).toLowerCase();
}

/**
 * Words no expert may take: the first segment of every route of the product (so an expert page
 * can never be mistaken for one of its pages), and names that would look official.
 */
const ROUTE_WORDS: readonly string[] = Object.values(paths)
  .map((route) => siteNameKey(route.path.split('/')[1] ?? ''))
  .filter((word) => word !== '');

const OFFICIAL_WORDS = [
  'about', 'account', 'accounts', 'admin', 'administrator', 'api', 'app', 'assets', 'billing', 'blog', 'checkout',
  'contact', 'dashboard', 'ex', 'expert', 'experts', 'help', 'home', 'index', 'login', 'logout', 'mail', 'mailbox',
  'memento', 'moderator', 'null', 'official', 'owner', 'payments', 'pricing', 'privacy', 'root', 'security', 'settings',
  'signin', 'signout', 'signup', 'staff', 'static', 'status', 'stripe', 'localstripe', 'support', 'system', 'team',
  'terms', 'test', 'undefined', 'webhook', 'www',
] as const;

export const RESERVED_SITE_NAMES: ReadonlySet<string> = new Set([...ROUTE_WORDS, ...OFFICIAL_WORDS]);

export type SiteNameProblem = 'EMPTY' | 'TOO_LONG' | 'NOT_LETTERS' | 'RESERVED';

export const SITE_NAME_MESSAGES: Readonly<Record<SiteNameProblem, string>> = {
  EMPTY: 'Choose a site name: letters only, like JaneDoe.',
  TOO_LONG: `A site name has at most ${SITE_NAME_MAX} letters.`,
  NOT_LETTERS: 'A site name has letters only (A to Z): no spaces, digits or signs.',
  RESERVED: 'This site is unavailable, please try another',
};

/** The shown words when the server says a name is taken (or reserved): the specification's. */
export const SITE_NAME_UNAVAILABLE = 'This site is unavailable, please try another';

/** Why a name (as it will be stored: already stripped) cannot be used, or null when it can. */
export function siteNameProblem(name: string): SiteNameProblem | null {
  if (name === '') return 'EMPTY';
  if (stripSiteName(name) !== name) return 'NOT_LETTERS';
  if (name.length > SITE_NAME_MAX) return 'TOO_LONG';
  if (RESERVED_SITE_NAMES.has(siteNameKey(name))) return 'RESERVED';
  return null;
}
