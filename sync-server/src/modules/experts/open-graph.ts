import { SITE_NAME_MAX, stripSiteName } from '#core/experts/site-name';
import { paths } from '#core/paths';
import type { Sql } from '../../db/client.ts';
import type { PageText } from '../../http/page-text.ts';
import { expertBySiteName, type ExpertRow } from './repo.ts';
import { publicOf } from './service.ts';

/**
 * `/ex/{siteName}` as its HTML arrives: the expert's own title, description (name, verb, bio) and
 * greeting in place of the product's, so a shared link previews who it is and the page shows it
 * before any script runs. Only for a known site name; any other address keeps the usual shell.
 */

/** The preview's words: `Jane Doe · Mentor`, and the bio (or what the page offers when there is none). */
export function expertMeta(expert: Pick<ExpertRow, 'yourName' | 'theVerb' | 'yourBio'>): { title: string; description: string } {
  const title = `${expert.yourName} · ${expert.theVerb}`;
  const bio = expert.yourBio.replace(/\s+/g, ' ').trim();
  const description = bio === '' ? `Hi, there! I'm ${expert.yourName}. I'm available to ${expert.theVerb.toLowerCase()}.` : bio;
  return { title, description };
}

export interface ExpertOpenGraphDeps {
  readonly sql: Sql;
  readonly publicOrigin: string;
}

/** `/ex/{siteName}`, as the route table names it; the name part is read by hand below. */
const PAGE_PREFIX = paths.expertPage.path.slice(0, paths.expertPage.path.indexOf(':'));

/** The site name of a page address, stripped; null for any other address. */
function siteNameOf(urlPath: string): string | null {
  if (!urlPath.startsWith(PAGE_PREFIX)) return null;
  const rest = urlPath.slice(PAGE_PREFIX.length).replace(/\/$/, '');
  if (rest === '' || rest.includes('/') || rest.length > 200) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    return null;
  }
  const siteName = stripSiteName(decoded);
  return siteName === '' || siteName.length > SITE_NAME_MAX ? null : siteName;
}

/** The expert page's own words for the app shell (see servePwa), or null for any other address. */
export function expertPageText({ sql, publicOrigin }: ExpertOpenGraphDeps): (urlPath: string) => Promise<PageText | null> {
  return async (urlPath) => {
    const siteName = siteNameOf(urlPath);
    if (siteName === null) return null;
    // The database out of reach: the usual shell, and the page says what it can once its script runs.
    const expert = await expertBySiteName(sql, siteName).catch(() => null);
    if (expert === null) return null;
    return {
      ...expertMeta(expert),
      heading: `Hi, there! I'm ${expert.yourName}`,
      url: new URL(paths.expertPage.href(expert.siteName), publicOrigin).href,
      // The page is then written whole, showing what /api/expert/page/{siteName} answers.
      data: { publicExpert: publicOf(expert) },
    };
  };
}
