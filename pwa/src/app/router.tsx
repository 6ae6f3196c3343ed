import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { AppLoading } from '../components/layout/app-loading';
import { trackPageLoad } from '../components/layout/page-loads';
import { lazyRetrying } from '../lib/lazy-retrying';
import { paths } from '#core/paths';
import { RootLayout } from './root-layout';
import { ROUTE_MODULES } from './route-modules';
import { RouteErrorBoundary } from './route-error';

interface PageModule {
  readonly Component: ComponentType;
  /**
   * For a page the build writes (PRERENDERED_PATHS): false when this device keeps something that
   * changes the page's first render (a saved game, say), which the written page cannot show. The
   * app then draws the page afresh instead of taking the written one over. Absent: it always fits.
   */
  readonly fitsWrittenPage?: () => boolean;
}

interface LazyPage {
  readonly Page: ComponentType;
  /** The module's own `fitsWrittenPage`, once the module is in; true before. */
  readonly fitsWrittenPage: () => boolean;
  /** Fetches the module now; resolves once it is in, so the page then renders without suspending. */
  readonly preload: () => Promise<unknown>;
}

/**
 * A route module's page, fetched the first time it is shown. One per module: routes that share a
 * module render the same component, so moving between them keeps the page mounted. A module that
 * is already in (see `preloadPage`) renders at once instead of through React.lazy, which would
 * show the loading mark for a frame and hold the page back while React paces revealed content.
 * A page whose code could not be fetched is fetched again the next time it is shown.
 */
function page(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  let fits: (() => boolean) | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.Component;
        fits = module.fitsWrittenPage;
        return module;
      },
      (error: unknown) => {
        // A failed fetch (offline before the first visit, a new deploy) may succeed next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazyRetrying(() => trackPageLoad(preload()).then((module) => module.Component));
  function Page() {
    // Decided once per mount: switching from Lazy to the loaded component would remount the page.
    const [Ready] = useState(() => loaded);
    return Ready === undefined ? <Lazy /> : <Ready />;
  }
  return { Page, preload, fitsWrittenPage: () => fits?.() ?? true };
}

// Each route module is a chunk of its own, named after its file, fetched when first shown.
const routeModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** One lazy page per route module, so routes sharing a module keep the page mounted. */
const pageOfModule = new Map<string, LazyPage>();
function pageOf(module: string): LazyPage {
  let lazyPage = pageOfModule.get(module);
  if (lazyPage === undefined) {
    const load = routeModules[`./routes/${module}.tsx`];
    if (load === undefined) throw new Error(`No route module ./routes/${module}.tsx`);
    lazyPage = page(load);
    pageOfModule.set(module, lazyPage);
  }
  return lazyPage;
}

/** Every page path and the module that shows it. */
const pages: readonly (readonly [path: string, page: LazyPage])[] = ROUTE_MODULES.map(([path, module]) => [path, pageOf(module)]);

/**
 * The route table, in React Router's declarative mode: nothing here needs loaders or actions,
 * and leaving out the data router keeps its code out of the first download. Each page's module
 * (from ./routes, which only compose feature components) loads when first shown; the service
 * worker precaches them all, so every route opens offline. Until the first page's code is in,
 * the loading mark shows; later page changes keep the current page (with the progress bar)
 * until the next one is ready.
 */
export function AppRouter({ children }: { readonly children?: ReactNode }) {
  return (
    <BrowserRouter>
      <AppRoutes>{children}</AppRoutes>
    </BrowserRouter>
  );
}

/**
 * The pages inside whichever router holds the address: the browser's, or the build's prerender
 * (pwa/src/prerender.tsx). `children` render beside the page, inside its loading boundary: a
 * page the server sent is taken over boundary by boundary, and they come in with the page, not
 * before it.
 */
export function AppRoutes({ children }: { readonly children?: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<AppLoading />}>
        {children}
        <Routes>
          <Route element={<RootLayout />}>
            {pages.map(([path, { Page }]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="*" element={<Navigate to={paths.notFound.href()} replace />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Starts fetching the code of the page at `pathname` and resolves once it is in (or has failed:
 * the page then loads, or shows its error, as any later page does). Rendering after this shows
 * the first page whole, in one go.
 */
export async function preloadPage(pathname: string): Promise<void> {
  await pageAt(pathname)
    ?.preload()
    .catch(() => undefined);
}

function pageAt(pathname: string): LazyPage | undefined {
  return pages.find(([path]) => matchPath(path, pathname) !== null)?.[1];
}

/**
 * Whether the page at `pathname`, as the build wrote it for a first visit, is what this device's
 * first render shows (see PageModule's `fitsWrittenPage`). Asked after `preloadPage`.
 */
export function writtenPageFits(pathname: string): boolean {
  return pageAt(pathname)?.fitsWrittenPage() ?? true;
}
