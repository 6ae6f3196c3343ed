import { lazy, Suspense, useState, type ComponentType } from 'react';
import { BrowserRouter, matchPath, Navigate, Route, Routes } from 'react-router-dom';
import { AppLoading } from '../components/layout/app-loading';
import { trackPageLoad } from '../components/layout/page-loads';
import { paths } from '#core/paths';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';

interface PageModule {
  readonly Component: ComponentType;
}

interface LazyPage {
  readonly Page: ComponentType;
  /** Fetches the module now; resolves once it is in, so the page then renders without suspending. */
  readonly preload: () => Promise<unknown>;
}

/**
 * A route module's page, fetched the first time it is shown. One per module: routes that share a
 * module render the same component, so moving between them keeps the page mounted. A module that
 * is already in (see `preloadPage`) renders at once instead of through React.lazy, which would
 * show the loading mark for a frame and hold the page back while React paces revealed content.
 */
function page(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<PageModule> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.Component;
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
  const Lazy = lazy(() => trackPageLoad(preload()).then((module) => ({ default: module.Component })));
  function Page() {
    // Decided once per mount: switching from Lazy to the loaded component would remount the page.
    const [Ready] = useState(() => loaded);
    return Ready === undefined ? <Lazy /> : <Ready />;
  }
  return { Page, preload };
}

const Landing = page(() => import('./routes/landing'));
const Tools = page(() => import('./routes/tools'));
const PrivacyPolicy = page(() => import('./routes/privacy-policy'));
const NotFound = page(() => import('./routes/not-found'));
const WeeksUntil = page(() => import('./routes/weeks-until'));
const WeeksUntilResult = page(() => import('./routes/weeks-until-result'));
const DaysUntil = page(() => import('./routes/days-until'));
const DaysUntilResult = page(() => import('./routes/days-until-result'));
const Life = page(() => import('./routes/life'));
const Mortality = page(() => import('./routes/mortality'));
const Signup = page(() => import('./routes/signup'));
const Dashboard = page(() => import('./routes/dashboard'));
const Account = page(() => import('./routes/account'));
const Pass = page(() => import('./routes/pass'));
const ThankYou = page(() => import('./routes/thank-you'));
const HnTrackers = page(() => import('./routes/hn-trackers'));
const HnItem = page(() => import('./routes/hn-item'));
const HnUpgrade = page(() => import('./routes/hn-upgrade'));
const Game = page(() => import('./routes/game'));
const HumanSounds = page(() => import('./routes/human-sounds'));
const HumanSoundsPay = page(() => import('./routes/human-sounds-pay'));
const HumanSoundsThankYou = page(() => import('./routes/human-sounds-thank-you'));
const SomethingNew = page(() => import('./routes/something-new'));
const Expert = page(() => import('./routes/expert'));
const ExpertForm = page(() => import('./routes/expert-form'));
const ExpertDashboard = page(() => import('./routes/expert-dashboard'));
const ExpertPage = page(() => import('./routes/expert-page'));
const Mailbox = page(() => import('./routes/mailbox'));

/** Every page path and the module that shows it. */
const pages: readonly (readonly [path: string, page: LazyPage])[] = [
  [paths.home.path, Landing],
  [paths.tools.path, Tools],
  [paths.privacyPolicy.path, PrivacyPolicy],
  [paths.notFound.path, NotFound],

  [paths.weeksUntil.path, WeeksUntil],
  [paths.weeksUntilTarget.path, WeeksUntilResult],
  [paths.daysUntil.path, DaysUntil],
  [paths.daysUntilTarget.path, DaysUntilResult],

  [paths.life.path, Life],
  [paths.die.path, Life],
  [paths.dieChart.path, Life],
  [paths.dieMilestone.path, Life],
  [paths.mortality.path, Mortality],
  [paths.mortalityResult.path, Mortality],
  [paths.mortalityMilestone.path, Mortality],

  [paths.signup.path, Signup],
  [paths.dashboard.path, Dashboard],
  [paths.account.path, Account],

  [paths.pay.path, Pass],
  [paths.thankYou.path, ThankYou],

  [paths.hnrd.path, HnTrackers],
  [paths.hnItem.path, HnItem],
  [paths.hnUpgrade.path, HnUpgrade],

  [paths.bestGame.path, Game],

  [paths.humanSounds.path, HumanSounds],
  [paths.humanSoundsPay.path, HumanSoundsPay],
  [paths.humanSoundsThankYou.path, HumanSoundsThankYou],

  [paths.somethingNew.path, SomethingNew],

  [paths.expert.path, Expert],
  [paths.expertForm.path, ExpertForm],
  [paths.expertDashboard.path, ExpertDashboard],
  [paths.expertPricing.path, Expert],
  [paths.expertAbout.path, Expert],
  [paths.expertPage.path, ExpertPage],

  [paths.mailbox.path, Mailbox],
];

/**
 * The route table, in React Router's declarative mode: nothing here needs loaders or actions,
 * and leaving out the data router keeps its code out of the first download. Each page's module
 * (from ./routes, which only compose feature components) loads when first shown; the service
 * worker precaches them all, so every route opens offline. Until the first page's code is in,
 * the loading mark shows; later page changes keep the current page (with the progress bar)
 * until the next one is ready.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<AppLoading />}>
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
    </BrowserRouter>
  );
}

/**
 * Starts fetching the code of the page at `pathname` and resolves once it is in (or has failed:
 * the page then loads, or shows its error, as any later page does). Rendering after this shows
 * the first page whole, in one go.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const match = pages.find(([path]) => matchPath(path, pathname) !== null);
  if (match === undefined) return;
  await match[1].preload().catch(() => undefined);
}
