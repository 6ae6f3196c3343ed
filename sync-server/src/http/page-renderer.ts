import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CalendarDay } from '#core/dates/calendar-day';
import { prerenderedPageKey } from '#core/route-assets';
import type { WrittenPageData } from '#core/written-page-data';

/** The build's page renderer (pwa/src/page-render.tsx, built by `npm run build` into dist/render). */
interface PageRenderModule {
  renderPage(request: { readonly pathname: string; readonly day: CalendarDay; readonly origin: string; readonly data?: WrittenPageData }): Promise<string>;
}

function isPageRenderModule(value: unknown): value is PageRenderModule {
  return typeof value === 'object' && value !== null && typeof (value as { renderPage?: unknown }).renderPage === 'function';
}

/** The build's folder for the renderer, beside the browser's files (`npm run build`), and its file there. */
export const RENDER_DIR = 'render';
export const PAGE_RENDER_FILE = 'page-render.js';

/** Pages kept once written: a day's worth of the addresses people open most (some 30 KB each, 15 MB at most). */
const KEPT_PAGES = 500;

export interface PageRenderer {
  /**
   * The markup of the app's first render of `urlPath` on `day`, for a browser at `origin`, showing
   * `data` (the records the page is about); null when there is no built renderer, or the page
   * could not be written whole (the caller serves the shell with the page's words instead, and
   * the app draws the page).
   */
  render(urlPath: string, day: CalendarDay, origin: string, data?: WrittenPageData): Promise<string | null>;
}

export interface PageRendererOptions {
  /** Told, with why, when an address could not be written (once a day and origin: the outcome is kept too). */
  readonly onError?: (urlPath: string, error: unknown) => void;
}

/**
 * Markup that React wrote only in part: a component threw, and its boundary left the page to the
 * browser ("Switched to client rendering"). Or one with a style attribute, which the pages'
 * content security policy refuses.
 */
function unusable(html: string): string | null {
  if (html.includes('<template data-msg=') || html.includes('<!--$!-->')) return 'a component failed to render on the server';
  if (/<[^>]+\sstyle="/.test(html)) return 'the markup has inline style attributes';
  return null;
}

/**
 * The build's page renderer, loaded the first time a page asks. The last pages written are kept,
 * so an address opened again that day costs no render. A module loads once per process: after a
 * new build while the server runs, its pages are served with their words only (markup from the
 * old build would not match the new build's styles) until the server restarts.
 */
export function builtPageRenderer(renderDir: string, { onError }: PageRendererOptions = {}): PageRenderer {
  const file = path.join(renderDir, PAGE_RENDER_FILE);
  let loaded: Promise<{ readonly mtimeMs: number; readonly module: PageRenderModule | null } | null> | undefined;
  const kept = new Map<string, string | null>();

  const load = async (): Promise<PageRenderModule | null> => {
    loaded ??= fs.stat(file).then(
      async ({ mtimeMs }) => {
        const imported: unknown = await import(pathToFileURL(file).href).catch((error: unknown) => {
          onError?.(file, error);
          return null;
        });
        return { mtimeMs, module: isPageRenderModule(imported) ? imported : null };
      },
      () => null,
    );
    const current = await loaded;
    // No build yet: look again next time, the build may be under way.
    if (current === null) loaded = undefined;
    if (current === null || current.module === null) return null;
    const now = await fs.stat(file).catch(() => null);
    return now?.mtimeMs === current.mtimeMs ? current.module : null;
  };

  return {
    async render(urlPath, day, origin, data) {
      const module = await load();
      if (module === null) return null;
      // The records are part of the key: an expert who edits their page gets it written again.
      const key = `${day} ${origin} ${prerenderedPageKey(urlPath)} ${data === undefined ? '' : JSON.stringify(data)}`;
      const known = kept.get(key);
      if (known !== undefined) return known;
      let html: string | null;
      try {
        html = await module.renderPage({ pathname: urlPath, day, origin, ...(data === undefined ? {} : { data }) });
        const problem = unusable(html);
        if (problem !== null) {
          onError?.(urlPath, new Error(problem));
          html = null;
        }
      } catch (error) {
        onError?.(urlPath, error);
        html = null;
      }
      if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value ?? key);
      kept.set(key, html);
      return html;
    },
  };
}
