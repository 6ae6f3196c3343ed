import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLoading } from '../components/layout/app-loading';
import { paths } from './paths';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The route table. Each entry lazily loads a route module from ./routes, which only composes
 * feature components; the service worker precaches every module, so all routes open offline.
 */
const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      { path: paths.home.path, lazy: () => import('./routes/landing') },
      { path: paths.tools.path, lazy: () => import('./routes/tools') },
      { path: paths.privacyPolicy.path, lazy: () => import('./routes/privacy-policy') },
      { path: paths.notFound.path, lazy: () => import('./routes/not-found') },

      { path: paths.weeksUntil.path, lazy: () => import('./routes/weeks-until') },
      { path: paths.weeksUntilTarget.path, lazy: () => import('./routes/weeks-until-result') },
      { path: paths.daysUntil.path, lazy: () => import('./routes/days-until') },
      { path: paths.daysUntilTarget.path, lazy: () => import('./routes/days-until-result') },

      { path: paths.life.path, lazy: () => import('./routes/life') },
      { path: paths.die.path, lazy: () => import('./routes/life') },
      { path: paths.dieChart.path, lazy: () => import('./routes/life') },
      { path: paths.dieMilestone.path, lazy: () => import('./routes/life') },
      { path: paths.mortality.path, lazy: () => import('./routes/life') },
      { path: paths.mortalityResult.path, lazy: () => import('./routes/life') },
      { path: paths.mortalityMilestone.path, lazy: () => import('./routes/life') },

      { path: paths.signup.path, lazy: () => import('./routes/signup') },
      { path: paths.dashboard.path, lazy: () => import('./routes/dashboard') },
      { path: paths.account.path, lazy: () => import('./routes/account') },

      { path: paths.pay.path, lazy: () => import('./routes/pass') },
      { path: paths.thankYou.path, lazy: () => import('./routes/pass') },

      { path: paths.hnrd.path, lazy: () => import('./routes/hn') },
      { path: paths.hnItem.path, lazy: () => import('./routes/hn') },
      { path: paths.hnUpgrade.path, lazy: () => import('./routes/hn') },

      { path: paths.bestGame.path, lazy: () => import('./routes/game') },

      { path: paths.humanSounds.path, lazy: () => import('./routes/human-sounds') },
      { path: paths.humanSoundsPay.path, lazy: () => import('./routes/human-sounds') },
      { path: paths.humanSoundsThankYou.path, lazy: () => import('./routes/human-sounds') },

      { path: paths.somethingNew.path, lazy: () => import('./routes/something-new') },

      { path: paths.expert.path, lazy: () => import('./routes/expert') },
      { path: paths.expertForm.path, lazy: () => import('./routes/expert') },
      { path: paths.expertDashboard.path, lazy: () => import('./routes/expert') },
      { path: paths.expertPricing.path, lazy: () => import('./routes/expert') },
      { path: paths.expertAbout.path, lazy: () => import('./routes/expert') },
      { path: paths.expertPage.path, lazy: () => import('./routes/expert') },

      { path: '*', element: <Navigate to={paths.notFound.href()} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
