import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { pageHtmlSource, type HeadHook, type PageTextSource } from './page-html.ts';
import { datePageText, serverToday } from './page-text.ts';
import { builtPageRenderer, RENDER_DIR } from './page-renderer.ts';
import { servePrecompressed } from './precompressed.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** A path that names a file (its last segment has an extension) or lies under the hashed assets. */
function looksLikeFile(urlPath: string): boolean {
  if (urlPath === '/assets' || urlPath.startsWith('/assets/')) return true;
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return last.includes('.');
}

const missingBuild = (res: express.Response) =>
  res
    .status(503)
    .type('text/plain')
    .set('Cache-Control', 'no-store')
    .send('The app has not been built yet. Run `npm run build`, then reload this page.\n');

export interface ServePwaOptions {
  /**
   * Whether the build's source maps are served. They hold the full source; production keeps them
   * to itself (the build still writes them, for the developers' own profiling).
   */
  readonly sourceMaps: boolean;
  /** Per-page extra <head> tags (see `HeadHook`), e.g. a page's own Open Graph tags. */
  readonly headHooks?: readonly HeadHook[];
  /** The words of pages beyond the date pages (e.g. an expert's page), written into the shell; with their records (`data`), the page is written whole. */
  readonly pageText?: PageTextSource;
  /** Where the site is published (https://memento.example): the origin its written pages spell out. */
  readonly publicOrigin: string;
  /** Told when a date page could not be written whole (it is served with its words in the shell). */
  readonly onRenderError?: (urlPath: string, error: unknown) => void;
}

/** Host names that reach only the machine itself: a developer's browser or a test's. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * The origin the browser opened a page at, which a written page's full addresses must match for
 * the app to take it over: the published one (a proxy in front may have ended TLS), or the
 * request's own on this machine's loopback (a developer's or a test's address). A Host header
 * naming anything else is not echoed into a page: it gets the published origin.
 */
function browserOrigin(req: express.Request, publicOrigin: string): string {
  const host = req.get('host') ?? '';
  return LOOPBACK.test(host) ? `${req.protocol}://${host}` : publicOrigin;
}

/**
 * Serves the built PWA. Hashed files under /assets never change, so browsers keep them for a
 * year; everything else (index.html, sw.js, the manifest, icons) is revalidated on every load so
 * a new release is picked up. Any other navigation gets the app shell and the app's router
 * decides what to show.
 */
export function servePwa(publicDir: string, { sourceMaps, headHooks = [], pageText, publicOrigin, onRenderError }: ServePwaOptions): Router {
  const router = Router();
  const notFound: RequestHandler = (_req, res) => {
    res.status(404).type('text/plain').send('Not found\n');
  };
  if (!sourceMaps) router.get(/\.map$/, notFound);
  const assetsDir = path.join(path.resolve(publicDir), 'assets') + path.sep;
  // The build's page renderer sits beside the browser's files (dist/render beside dist/pwa), where
  // no request can fetch it.
  const renderer = builtPageRenderer(path.join(path.dirname(path.resolve(publicDir)), RENDER_DIR), { onError: onRenderError });
  // The date pages carry their own title and description, and the whole page the app shows, before
  // any script runs; written for the server's today, which the app corrects at once on a device
  // whose day differs.
  const pages = pageHtmlSource(publicDir, {
    headHooks,
    pageText: async (urlPath) => datePageText(urlPath, serverToday()) ?? (await pageText?.(urlPath)) ?? null,
    // Written whole: the date pages, and a page whose words came with their records (an expert's).
    writtenPage: async (urlPath, origin, text) => {
      const day = serverToday();
      if (text.data === undefined && datePageText(urlPath, day) === null) return null;
      const html = await renderer.render(urlPath, day, origin, text.data);
      return html === null ? null : { html, day };
    },
  });

  const cacheControl = (filePath: string) => (filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
  router.use(servePrecompressed(publicDir, cacheControl));
  router.use(
    express.static(publicDir, {
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', cacheControl(filePath));
      },
    }),
  );

  const appShell: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || looksLikeFile(req.path)) {
      next();
      return;
    }
    // The shell with this page's own chunks announced (and any hook's tags), so the browser
    // fetches them alongside the entry instead of after it has run.
    pages.render(req.path, browserOrigin(req, publicOrigin)).then(
      (html) => {
        res.status(200).type('html').set('Cache-Control', REVALIDATE).send(html);
      },
      (error: unknown) => {
        if (res.headersSent) return;
        if (error instanceof Error && 'code' in error && error.code === 'ENOENT') missingBuild(res);
        else next(error);
      },
    );
  };
  router.use(appShell);

  router.use(notFound);
  return router;
}
