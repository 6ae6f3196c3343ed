import type { Express } from 'express';
import { createSql } from '../db/client.ts';
import { testApp } from './app.ts';

/** One endpoint the app answers: an upper-case HTTP method and the full path pattern (`/api/exercises/:day/versions`). */
export interface AppRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * The parts of Express 5's router (the `router` package) the walk reads. Its own types do not
 * describe them, so each one is checked at run time: a future Express that changes its insides
 * makes `listRoutes` throw, never silently list nothing.
 *
 * - a router (`app.router`, or a `Router()` mounted with `app.use`) has `stack`, a list of layers;
 * - a layer has `rawPath` (a string, or a list for `router.post(['/a', '/b'], …)`), and either
 *   `route` (an endpoint: `route.methods` is `{ get: true, … }`) or, for a mounted router,
 *   `handle.stack`; other layers are plain middleware.
 */
interface LayerShape {
  readonly rawPath: unknown;
  readonly route: unknown;
  readonly handle: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null;
}

function stackOf(router: unknown, where: string): LayerShape[] {
  if (!isRecord(router) || !Array.isArray(router.stack)) throw new Error(`listRoutes: ${where} has no router stack`);
  return router.stack.map((layer: unknown) => {
    if (!isRecord(layer) || !('rawPath' in layer)) throw new Error(`listRoutes: a layer of ${where} has no rawPath`);
    return { rawPath: layer.rawPath, route: layer.route, handle: layer.handle };
  });
}

/** The string paths of a layer; a RegExp path cannot be listed as a URL and is refused. */
function pathsOf(layer: LayerShape, where: string): string[] {
  const paths: unknown[] = Array.isArray(layer.rawPath) ? layer.rawPath : [layer.rawPath];
  return paths.map((path) => {
    if (typeof path !== 'string') throw new Error(`listRoutes: ${where} has a path that is not a string: ${String(path)}`);
    return path;
  });
}

function join(prefix: string, path: string): string {
  const joined = `${prefix.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

function walk(router: unknown, prefix: string, found: AppRoute[]): void {
  for (const layer of stackOf(router, prefix || '/')) {
    for (const path of pathsOf(layer, prefix || '/')) {
      if (isRecord(layer.route)) {
        const { methods } = layer.route;
        if (!isRecord(methods)) throw new Error(`listRoutes: the route ${join(prefix, path)} has no methods`);
        for (const [method, on] of Object.entries(methods)) {
          // `_all` marks `router.all(…)`: listed as ALL, for the caller to expand.
          if (on === true) found.push({ method: method === '_all' ? 'ALL' : method.toUpperCase(), path: join(prefix, path) });
        }
      } else if (isRecord(layer.handle) && Array.isArray(layer.handle.stack)) {
        walk(layer.handle, join(prefix, path), found);
      }
    }
  }
}

/**
 * Every endpoint of an Express 5 app, read from the app's own router table: the routes of
 * `app.get(…)` and of every router mounted with `app.use(path, router)`, at any depth, with the
 * mount paths joined in front. Middleware (body parsers, static files, the 404 answer) is not
 * an endpoint and is left out. Tests use it to cover endpoints added later without listing them.
 */
export function listRoutes(app: Express): AppRoute[] {
  const found: AppRoute[] = [];
  walk(app.router, '', found);
  const seen = new Set<string>();
  return found.filter(({ method, path }) => {
    const key = `${method} ${path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The names of a path's parameters: `['day']` for `/api/exercises/:day/versions`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
}

/** A path with each `:name` replaced by `fill(name)`, as it is (encode it first if it must be). */
export function fillPath(path: string, fill: (name: string) => string): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => fill(name));
}

/**
 * The endpoints of the product's own app (`createApp` with a test configuration), read when a
 * test file is collected, before any database exists: the app is built on a client that is
 * never connected (building it runs no query), and thrown away.
 */
export function productRoutes(): AppRoute[] {
  const unconnected = createSql('postgres://routes-only@127.0.0.1:9/never-connected', { max: 1 });
  try {
    return listRoutes(testApp(unconnected));
  } finally {
    void unconnected.end();
  }
}
