/**
 * After `vite build`: renders each page of PRERENDERED_PATHS as a signed-out visitor's first
 * render makes it, and writes the markup to the build's PRERENDERED_FILE, which the server puts
 * into those pages' HTML. The app's own modules are loaded through Vite (the same plugins and
 * CSS class names as the build) in a DOM of jsdom's, as the unit tests render them.
 *
 * A page that cannot be rendered here is left out with a warning: it is then served with the
 * plain shell, as before. `e2e/public-html.spec.ts` checks that the public pages do come whole.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';
import {
  PRERENDERED_FILE,
  PRERENDERED_PATHS,
  ROUTE_ASSETS_FILE,
  routeAssetsFor,
  routeStylesText,
  type PrerenderedPages,
  type RouteAssets,
} from '../../pwa/core/route-assets';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const outDir = join(repo, 'dist', 'pwa');

/** A browser-like global scope for the app's modules: a window at the site's root, nobody signed in. */
function installDom(): void {
  const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', { url: 'http://localhost/' });
  const { window } = dom;
  const globals: Record<string, unknown> = {
    window,
    document: window.document,
    navigator: window.navigator,
    location: window.location,
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    HTMLElement: window.HTMLElement,
    Node: window.Node,
    requestAnimationFrame: (callback: (time: number) => void) => setTimeout(() => callback(performance.now()), 16),
    cancelAnimationFrame: (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle),
    matchMedia: () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
  };
  for (const [name, value] of Object.entries(globals)) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  Object.defineProperty(window, 'matchMedia', { value: globals.matchMedia, configurable: true });
  // Pages scroll to the top when they open; there is nothing to scroll here.
  Object.defineProperty(window, 'scrollTo', { value: () => undefined, configurable: true });
}

interface PrerenderModule {
  prerender(pathname: string): Promise<Pick<PrerenderedPages['pages'][number], 'html' | 'title' | 'description' | 'day'>>;
}

function isPrerenderModule(value: unknown): value is PrerenderModule {
  return typeof value === 'object' && value !== null && typeof (value as { prerender?: unknown }).prerender === 'function';
}

/** The text of the stylesheets the page's route attaches (from the build's route list), in their order. */
function routeStyles(assets: RouteAssets, path: string): string {
  const css = routeStylesText(routeAssetsFor(assets, path), (file) => readFileSync(join(outDir, file), 'utf8'));
  if (css === null) throw new Error('its styles cannot be written into the HTML');
  return css;
}

installDom();
const assets = JSON.parse(readFileSync(join(outDir, ROUTE_ASSETS_FILE), 'utf8')) as RouteAssets;
const vite = await createServer({
  configFile: join(repo, 'vite.config.ts'),
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const loaded: unknown = await vite.ssrLoadModule('/src/prerender.tsx');
  if (!isPrerenderModule(loaded)) throw new Error('pwa/src/prerender.tsx exports no prerender()');
  const pages: PrerenderedPages['pages'][number][] = [];
  for (const path of PRERENDERED_PATHS) {
    try {
      const page = await loaded.prerender(path);
      // Style set through the CSSOM serialises as a style attribute, which the page's policy refuses.
      if (/<[^>]+\sstyle="/.test(page.html)) throw new Error('its markup has inline style attributes');
      pages.push({ ...page, path, styles: routeStyles(assets, path) });
    } catch (error) {
      console.warn(`prerender: ${path} is served with the plain shell: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const file: PrerenderedPages = { pages };
  writeFileSync(join(outDir, PRERENDERED_FILE), JSON.stringify(file));
  console.log(`prerender: ${String(pages.length)} of ${String(PRERENDERED_PATHS.length)} pages written to ${PRERENDERED_FILE}`);
} finally {
  await vite.close();
}
// The pages' effects may have left timers in the DOM (reminders, analytics); none of them has
// anything left to do here.
process.exit(0);
