/**
 * What the build tells the server about each page (written by vite.config.ts, read by the
 * server's HTML serving): the scripts and stylesheets its route needs beyond the entry.
 */
export interface RouteAssets {
  readonly routes: readonly {
    /** A React Router path pattern: `/die/:bday`, `/hnrd/*`. */
    readonly path: string;
    readonly scripts: readonly string[];
    readonly styles: readonly string[];
  }[];
}

/** The file's name in the build's output folder. */
export const ROUTE_ASSETS_FILE = 'route-assets.json';

/**
 * Whether `pathname` matches the router's `pattern`: `:name` takes one non-empty segment, a
 * trailing `*` takes the rest (or nothing). Trailing slashes and letter case are ignored, as the
 * router ignores them.
 */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);
  const want = segments(pattern);
  const have = segments(pathname);
  for (let index = 0; index < want.length; index += 1) {
    const part = want[index];
    if (part === '*' && index === want.length - 1) return true;
    const given = have[index];
    if (given === undefined) return false;
    if (part?.startsWith(':')) continue;
    if (part !== given) return false;
  }
  return have.length === want.length;
}

/** The first route whose pattern matches the path: the same order the app's router lists them in. */
export function routeAssetsFor(assets: RouteAssets, urlPath: string): RouteAssets['routes'][number] | undefined {
  return assets.routes.find((route) => matchesRoutePattern(route.path, urlPath));
}

/**
 * The text of the stylesheets a route attaches, in their order, for writing into a page's HTML
 * (`read` gives a built file's text by its address, e.g. `/assets/page-x.css`). Null when a
 * stylesheet holds a closing style tag, which would end the element early.
 */
export function routeStylesText(route: RouteAssets['routes'][number] | undefined, read: (file: string) => string): string | null {
  const css = (route?.styles ?? []).map(read).join('\n');
  return /<\/style/i.test(css) ? null : css;
}

/**
 * The pages whose HTML the build writes in full (tooling/prerender), as a signed-out visitor's
 * first render shows it. Until the app has taken the written page over (it hydrates it:
 * pwa/src/main.tsx), the page is inert (the server marks it so and the app lifts it), so a press
 * or a keystroke never lands on a control with nothing behind it; the entry forms of the
 * calculators and the life chart show at once and take input a moment later. The game is written
 * as a new game and Something New waiting for its first profile (its card's place is kept, so the
 * profile takes it without moving the page); a device that keeps a game or profiles of its own
 * draws the page afresh (the route module's `fitsWrittenPage`). Pages with a parameter are not
 * among them: the server writes those it can (the date pages, see sync-server's static-pwa.ts).
 */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/life',
  '/mortality',
  '/weeksuntil',
  '/daysuntil',
  '/tools',
  '/privacy-policy',
  '/humansounds',
  '/expert',
  '/hnrd',
  '/bestgame',
  '/somethingnew',
];

/**
 * The prerendered pages: for each path, what goes inside the app's root element, the document
 * title (whole, as the tab shows it) and description the page sets, and the text of the
 * stylesheets its route attaches (written into its HTML, so its first paint waits for no request).
 */
export interface PrerenderedPages {
  readonly pages: readonly {
    readonly path: string;
    readonly html: string;
    readonly title: string;
    readonly description: string;
    readonly styles: string;
    /** The day the page was written on, as its render showed today (a calendar day, YYYY-MM-DD). */
    readonly day: string;
  }[];
}

/** A prerendered page's key: the address as the router sees it, letter case and a trailing slash ignored. */
export const prerenderedPageKey = (urlPath: string): string => urlPath.toLowerCase().replace(/(.)\/+$/, '$1');

/** The prerendered pages' file in the build's output folder. */
export const PRERENDERED_FILE = 'prerendered.json';

/**
 * The attribute of the <template> in index.html that holds the app's chunk announcements until
 * the first paint: the build writes it (vite.config.ts) and the server adds each page's chunks to
 * it (page-html.ts). pwa/src/boot.ts names it in its own text, as it is written into the page.
 */
export const HELD_CHUNKS_ATTRIBUTE = 'data-app-chunks';
