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
