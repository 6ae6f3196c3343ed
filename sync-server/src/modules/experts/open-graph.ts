import fs from 'node:fs/promises';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { SITE_NAME_MAX, stripSiteName } from '#core/experts/site-name';
import { paths } from '#core/paths';
import type { Sql } from '../../db/client.ts';
import { expertBySiteName, type ExpertRow } from './repo.ts';

/**
 * Link previews of `/ex/{siteName}`: the app shell with the expert's own title and description
 * (name, verb, bio) in place of the product's, so a shared page shows who it is before any script
 * runs. Only for a known site name; any other address, or no build, goes on to the usual shell.
 */

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The tags this replaces: the title, the description and their Open Graph twins. */
const REPLACED = [
  /<title>[\s\S]*?<\/title>\s*/i,
  /<meta\s[^>]*name="description"[^>]*>\s*/i,
  /<meta\s[^>]*property="og:title"[^>]*>\s*/i,
  /<meta\s[^>]*property="og:description"[^>]*>\s*/i,
  /<meta\s[^>]*property="og:url"[^>]*>\s*/i,
];

/** The preview's words: `Jane Doe · Mentor`, and the bio (or what the page offers when there is none). */
export function expertMeta(expert: Pick<ExpertRow, 'yourName' | 'theVerb' | 'yourBio' | 'siteName'>): { title: string; description: string } {
  const title = `${expert.yourName} · ${expert.theVerb}`;
  const bio = expert.yourBio.replace(/\s+/g, ' ').trim();
  const description = bio === '' ? `Hi, there! I'm ${expert.yourName}. I'm available to ${expert.theVerb.toLowerCase()}.` : bio;
  return { title, description };
}

/** The shell's head with the expert's tags in place of the product's. */
export function withExpertMeta(html: string, expert: Pick<ExpertRow, 'yourName' | 'theVerb' | 'yourBio' | 'siteName'>, publicOrigin: string): string {
  const { title, description } = expertMeta(expert);
  const url = new URL(paths.expertPage.href(expert.siteName), publicOrigin).href;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ].join('\n    ');
  const stripped = REPLACED.reduce((page, pattern) => page.replace(pattern, ''), html);
  return stripped.replace(/<\/head>/i, `    ${tags}\n  </head>`);
}

export interface ExpertOpenGraphDeps {
  readonly sql: Sql;
  readonly publicDir: string;
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

/** Middleware before the usual app shell (app.ts): only GETs of an expert page's address stop here. */
export function expertOpenGraph({ sql, publicDir, publicOrigin }: ExpertOpenGraphDeps): RequestHandler {
  const indexFile = path.join(publicDir, 'index.html');
  return (req, res, next) => {
    const siteName = req.method === 'GET' || req.method === 'HEAD' ? siteNameOf(req.path) : null;
    if (siteName === null) {
      next();
      return;
    }
    void (async () => {
      const expert = await expertBySiteName(sql, siteName);
      if (expert === null) return null;
      const html = await fs.readFile(indexFile, 'utf8');
      return withExpertMeta(html, expert, publicOrigin);
    })().then(
      (html) => {
        if (html === null) next();
        else res.status(200).type('html').set('Cache-Control', 'no-cache').send(html);
      },
      // No build yet, or the database out of reach: the usual shell (or its own error) instead.
      () => next(),
    );
  };
}
