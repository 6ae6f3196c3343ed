import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  PRERENDERED_FILE,
  prerenderedPageKey,
  ROUTE_ASSETS_FILE,
  routeAssetsFor,
  routeStylesText,
  type RouteAssets,
} from '#core/route-assets';

/** The policy source that allows one inline stylesheet or script: 'sha256-<base64>' of its exact text. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The build writes the app shell's own stylesheet into index.html as a <style> element, so the
 * first paint waits for no request. The content security policy allows no inline style, except
 * an element whose exact text has a hash the policy names: these are those hashes.
 */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = '']) => hashSource(css));
}

/**
 * The build writes the boot script into index.html too (vite.config.ts `startAfterFirstPaint`):
 * the hashes of the shell's inline scripts, which the policy allows and nothing else inline.
 * A script element with a `src` has no text of its own and needs none.
 */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map(([, code = '']) => hashSource(code));
}

/**
 * The inline script sources of every page (they are the shell's, the same for all), read again
 * when index.html changes (a new build while the server runs); none while there is no build.
 */
export function shellScriptSources(publicDir: string): () => readonly string[] {
  const indexFile = path.join(publicDir, 'index.html');
  let cached: { readonly stamp: number; readonly scripts: readonly string[] } | undefined;
  return () => {
    try {
      const stamp = modified(indexFile);
      if (cached?.stamp !== stamp) cached = { stamp, scripts: stamp === 0 ? [] : inlineScriptSources(fs.readFileSync(indexFile, 'utf8')) };
      return cached.scripts;
    } catch {
      return [];
    }
  };
}

/** The hash of each prerendered page's own styles (see page-text.ts `withPrerenderedPage`), by page. */
function prerenderedStyleSources(file: string): Map<string, string[]> {
  if (!fs.existsSync(file)) return new Map();
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const pages = typeof parsed === 'object' && parsed !== null ? (parsed as { pages?: unknown }).pages : undefined;
  const sources = new Map<string, string[]>();
  for (const page of Array.isArray(pages) ? (pages as unknown[]) : []) {
    const { path: pagePath, styles } = (page ?? {}) as { path?: unknown; styles?: unknown };
    if (typeof pagePath === 'string' && typeof styles === 'string' && styles !== '') sources.set(prerenderedPageKey(pagePath), [hashSource(styles)]);
  }
  return sources;
}

const modified = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/** The build's route list, or none (no build, or one that wrote none). */
function readRouteAssets(file: string): RouteAssets {
  if (!fs.existsSync(file)) return { routes: [] };
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const routes = typeof parsed === 'object' && parsed !== null ? (parsed as { routes?: unknown }).routes : undefined;
  return { routes: Array.isArray(routes) ? (routes as RouteAssets['routes']) : [] };
}

/**
 * The inline style sources of the page at a path: the shell's, a prerendered page's own, and its
 * route's stylesheets as one text (a date page written whole by the server carries them:
 * page-html.ts). Read again when the build's files change (a new build while the server runs);
 * none while there is no build.
 */
export function shellStyleSources(publicDir: string): (urlPath: string) => readonly string[] {
  const indexFile = path.join(publicDir, 'index.html');
  const pagesFile = path.join(publicDir, PRERENDERED_FILE);
  const routesFile = path.join(publicDir, ROUTE_ASSETS_FILE);
  let cached:
    | {
        readonly stamp: string;
        readonly shell: readonly string[];
        readonly pages: ReadonlyMap<string, readonly string[]>;
        readonly assets: RouteAssets;
        readonly routes: Map<string, readonly string[]>;
      }
    | undefined;
  return (urlPath) => {
    try {
      const stamp = [indexFile, pagesFile, routesFile].map((file) => String(modified(file))).join(':');
      if (cached?.stamp !== stamp) {
        cached = {
          stamp,
          shell: inlineStyleSources(fs.readFileSync(indexFile, 'utf8')),
          pages: prerenderedStyleSources(pagesFile),
          assets: readRouteAssets(routesFile),
          routes: new Map(),
        };
      }
      const route = routeAssetsFor(cached.assets, urlPath);
      let routeSources = cached.routes.get(route?.path ?? '');
      if (routeSources === undefined) {
        const css = routeStylesText(route, (file) => fs.readFileSync(path.join(publicDir, file), 'utf8'));
        routeSources = css === null || css === '' ? [] : [hashSource(css)];
        cached.routes.set(route?.path ?? '', routeSources);
      }
      const own = cached.pages.get(prerenderedPageKey(urlPath)) ?? [];
      return [...new Set([...cached.shell, ...own, ...routeSources])];
    } catch {
      return [];
    }
  };
}
