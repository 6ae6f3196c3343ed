import fs from 'node:fs/promises';
import path from 'node:path';
import {
  HELD_CHUNKS_ATTRIBUTE,
  PRERENDERED_FILE,
  prerenderedPageKey,
  ROUTE_ASSETS_FILE,
  routeAssetsFor,
  routeStylesText,
  type PrerenderedPages,
  type RouteAssets,
} from '#core/route-assets';
import { escapeHtml, pageTitle, withPageText, withPrerenderedPage, type PageText, type PrerenderedPage } from './page-text.ts';

export { escapeHtml } from './page-text.ts';

/**
 * Extra tags for one page's <head>, from its path (the raw `req.path`, still percent-encoded).
 * Returns '' (or a promise of it, e.g. after a database read) when it has nothing to add; a
 * rejection becomes the request's error. Any text it writes must go through `escapeHtml`. The
 * tags of all hooks follow the route's own preloads, in the hooks' order.
 *
 * Example, Open Graph tags for /ex/{siteName}:
 *   const expertMeta: HeadHook = async (urlPath) => {
 *     const site = ...; // from the path, then the database
 *     return site ? `<meta property="og:title" content="${escapeHtml(site.title)}">` : '';
 *   };
 * passed as `servePwa(dir, { sourceMaps, headHooks: [expertMeta] })` in app.ts.
 */
export type HeadHook = (urlPath: string) => string | Promise<string>;


/**
 * The <link> tags announcing a page's own chunks: its scripts as module preloads, its stylesheets
 * as preloads (the app attaches them when the page renders); with `stylesInline` (a page whose
 * styles come inside its HTML), as disabled stylesheets. They go where the app's entry is
 * announced (see `holdForApp`): the browser fetches them once it has painted the page.
 *
 * The preloads ask for a low priority: they serve the app, and nothing the page paints waits on
 * them; any image or stylesheet the page needs comes first.
 */
export function preloadTags(route: RouteAssets['routes'][number] | undefined, { stylesInline = false } = {}): string {
  if (route === undefined) return '';
  const scripts = route.scripts.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${escapeHtml(file)}">`);
  // Styles already written into the page stand as disabled stylesheets, which the browser does
  // not fetch: the app's loader finds them attached and fetches them no second time either.
  const styles = route.styles.map((file) =>
    stylesInline
      ? `<link rel="stylesheet" crossorigin href="${escapeHtml(file)}" disabled>`
      : `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${escapeHtml(file)}">`,
  );
  return [...scripts, ...styles].join('');
}

/** Where index.html announces the app's chunks: a template the boot script moves into the page after the first paint. */
const HELD_CHUNKS = `<template ${HELD_CHUNKS_ATTRIBUTE}>`;

/**
 * `html` with `tags` added to the app's held announcements (vite.config.ts `startAfterFirstPaint`),
 * or at the end of its <head> when it holds none (a shell built without the boot script).
 */
export function holdForApp(html: string, tags: string): string {
  const held = html.indexOf(HELD_CHUNKS);
  const end = held < 0 ? -1 : html.indexOf('</template>', held);
  if (tags === '' || end < 0) return addToHead(html, tags);
  return `${html.slice(0, end)}${tags}${html.slice(end)}`;
}

/** `html` with `tags` added at the end of its <head> (unchanged when there are none). */
export function addToHead(html: string, tags: string): string {
  if (tags === '') return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}${tags}${html.slice(at)}`;
}

function isRouteAssets(value: unknown): value is RouteAssets {
  return typeof value === 'object' && value !== null && Array.isArray((value as { routes?: unknown }).routes);
}

function isPrerenderedPages(value: unknown): value is PrerenderedPages {
  return typeof value === 'object' && value !== null && Array.isArray((value as { pages?: unknown }).pages);
}

/**
 * A page as this server writes it: every text there. A build older than the server may lack a
 * field (the written day came later): such a page is served with the plain shell instead.
 */
function isWholePage(page: unknown): page is PrerenderedPages['pages'][number] {
  if (typeof page !== 'object' || page === null) return false;
  const fields = page as Readonly<Record<string, unknown>>;
  return ['path', 'html', 'title', 'description', 'styles', 'day'].every((name) => typeof fields[name] === 'string');
}

/** The build's prerendered pages by address, or none when the build has not written them. */
async function readPrerendered(publicDir: string): Promise<ReadonlyMap<string, PrerenderedPage>> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(path.join(publicDir, PRERENDERED_FILE), 'utf8'));
    const pages: readonly unknown[] = isPrerenderedPages(parsed) ? parsed.pages : [];
    return new Map(pages.filter(isWholePage).map((page) => [prerenderedPageKey(page.path), page] as const));
  } catch {
    return new Map();
  }
}

/** The build's route list, or none when the build has not written one (an older build, a test's folder). */
async function readRouteAssets(publicDir: string): Promise<RouteAssets> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(path.join(publicDir, ROUTE_ASSETS_FILE), 'utf8'));
    return isRouteAssets(parsed) ? parsed : { routes: [] };
  } catch {
    return { routes: [] };
  }
}

export interface PageHtmlSource {
  /**
   * The app shell for `urlPath`, with its route's preloads and the hooks' tags; rejects like
   * fs.readFile. `origin` is where the browser opened the page (for a page written here).
   */
  render(urlPath: string, origin?: string): Promise<string>;
}

/** A page's own title and description from its path (e.g. after a database read); null when it has none. */
export type PageTextSource = (urlPath: string) => PageText | null | Promise<PageText | null>;

/** A page this server writes whole: the app's markup and the day it shows as today. */
export interface WrittenPage {
  readonly html: string;
  readonly day: string;
}

/**
 * The page at a path written whole for a browser at `origin` (with its words, and the records in
 * them: `text.data`), or null to serve its words in the shell.
 */
export type WrittenPageSource = (urlPath: string, origin: string, text: PageText) => Promise<WrittenPage | null>;

export interface PageHtmlOptions {
  readonly headHooks?: readonly HeadHook[];
  /** A page's own title and description, written into the shell (see `withPageText`); null keeps the shell's. */
  readonly pageText?: PageTextSource;
  /** For a page with its own words, its whole markup (the date pages: see static-pwa.ts); null: the words alone. */
  readonly writtenPage?: WrittenPageSource;
}

/**
 * The app shell (index.html) made for one page: the build's own page where it wrote one, the
 * page written here where it can be, else the shell with the page's words. The files are read
 * again when they change (a new build while the server runs), else served from memory.
 */
export function pageHtmlSource(publicDir: string, { headHooks = [], pageText, writtenPage }: PageHtmlOptions = {}): PageHtmlSource {
  const indexFile = path.join(publicDir, 'index.html');
  let cached:
    | {
        readonly mtimeMs: number;
        readonly html: string;
        readonly assets: RouteAssets;
        readonly prerendered: ReadonlyMap<string, PrerenderedPage>;
        /** Each route's stylesheets' text, read the first time a page written here needs it. */
        readonly styles: Map<string, Promise<string | null>>;
      }
    | undefined;
  const load = async () => {
    const { mtimeMs } = await fs.stat(indexFile);
    if (cached?.mtimeMs !== mtimeMs) {
      const [html, assets, prerendered] = await Promise.all([fs.readFile(indexFile, 'utf8'), readRouteAssets(publicDir), readPrerendered(publicDir)]);
      cached = { mtimeMs, html, assets, prerendered, styles: new Map() };
    }
    return cached;
  };
  /** The route's stylesheets as one text to write into the page; null when they cannot be. */
  const stylesOf = (styles: Map<string, Promise<string | null>>, route: RouteAssets['routes'][number] | undefined) => {
    const key = route?.path ?? '';
    let text = styles.get(key);
    if (text === undefined) {
      text = Promise.all((route?.styles ?? []).map(async (file) => [file, await fs.readFile(path.join(publicDir, file), 'utf8')] as const)).then(
        (files) => routeStylesText(route, (file) => new Map(files).get(file) ?? ''),
        () => null,
      );
      styles.set(key, text);
    }
    return text;
  };
  return {
    async render(urlPath, origin = '') {
      const { html, assets, prerendered, styles } = await load();
      const route = routeAssetsFor(assets, urlPath);
      const hooked = await Promise.all(headHooks.map(async (hook) => hook(urlPath)));
      const text = (await pageText?.(urlPath)) ?? null;
      const written = text !== null && writtenPage !== undefined && origin !== '' ? await writtenPage(urlPath, origin, text) : null;
      const writtenStyles = written !== null ? await stylesOf(styles, route) : null;
      let whole: PrerenderedPage | undefined;
      if (text === null) whole = prerendered.get(prerenderedPageKey(urlPath));
      else if (written !== null && writtenStyles !== null) {
        whole = { ...written, title: pageTitle(text), description: text.description, styles: writtenStyles, url: text.url, data: text.data };
      }
      const preloads = preloadTags(route, { stylesInline: whole !== undefined && whole.styles !== '' });
      const page = whole !== undefined ? withPrerenderedPage(html, whole) : text !== null ? withPageText(html, text) : html;
      return addToHead(holdForApp(page, preloads), hooked.join(''));
    },
  };
}
