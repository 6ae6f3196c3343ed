import { parseCalendarDay, type CalendarDay } from './dates/calendar-day';

/**
 * Every route of the product, in one typed registry. The app's links, the server's reminder
 * and e-mail links and the end-to-end tests build URLs with `href(...)` instead of writing
 * strings, so a route changes in one place. No DOM, no Node: every side imports it.
 */

/** The query parameter the checkout's return address carries its Checkout Session id in. */
export const CHECKOUT_SESSION_PARAM = 'checkout_session';

const seg = (value: string | number): string => encodeURIComponent(String(value));

/** A route without parameters: its address is its path. */
const fixed = <P extends string>(path: P) => ({ path, href: (): string => path }) as const;

export const paths = {
  home: fixed('/'),
  signup: fixed('/signup'),
  dashboard: fixed('/dashboard'),
  // The dashboard's in-page views share its route; the query names the view, so Back and a
  // reload return to it. `dashboardView` below reads them back.
  dashboardGratitude: { path: '/dashboard', href: () => '/dashboard?view=gratitude' },
  dashboardPrevious: {
    path: '/dashboard',
    href: (date: CalendarDay | null = null) => (date === null ? '/dashboard?view=previous' : `/dashboard?view=previous&date=${date}`),
  },
  dashboardAccount: { path: '/dashboard', href: () => '/dashboard?view=account' },
  // Back from the hosted checkout. Checkout Session ids are URL-safe, and the server passes
  // Stripe's literal `{CHECKOUT_SESSION_ID}` (which Stripe fills in), so nothing is encoded.
  dashboardCheckoutReturn: {
    path: '/dashboard',
    href: (sessionId: string) => `/dashboard?${CHECKOUT_SESSION_PARAM}=${sessionId}`,
  },

  mortality: fixed('/mortality'),
  mortalityResult: { path: '/mortality/:bday', href: (bday: string | number) => `/mortality/${seg(bday)}` },
  mortalityMilestone: {
    path: '/mortality/:bday/:name',
    href: (bday: string | number, name: string) => `/mortality/${seg(bday)}/${seg(name)}`,
  },
  die: fixed('/die'),
  dieChart: { path: '/die/:bday', href: (bday: string | number) => `/die/${seg(bday)}` },
  dieMilestone: {
    path: '/die/:bday/:name',
    href: (bday: string | number, name: string) => `/die/${seg(bday)}/${seg(name)}`,
  },
  life: fixed('/life'),

  weeksUntil: fixed('/weeksuntil'),
  weeksUntilTarget: { path: '/weeksuntil/:target', href: (target: string | number) => `/weeksuntil/${seg(target)}` },
  daysUntil: fixed('/daysuntil'),
  daysUntilTarget: { path: '/daysuntil/:target', href: (target: string | number) => `/daysuntil/${seg(target)}` },

  tools: fixed('/tools'),
  privacyPolicy: fixed('/privacy-policy'),
  bestGame: fixed('/bestgame'),
  pay: fixed('/pay'),
  thankYou: fixed('/thankyou'),
  account: fixed('/account'),
  notFound: fixed('/404'),

  hnrd: { path: '/hnrd/*', href: () => '/hnrd' },
  hnItem: { path: '/hnitem/:id/*', href: (id: string | number) => `/hnitem/${seg(id)}` },
  hnUpgrade: fixed('/hnupgrade'),

  humanSounds: fixed('/humansounds'),
  humanSoundsPay: fixed('/humansounds/pay'),
  // The thank-you page and its download are reached with a per-purchase secret token.
  humanSoundsThankYou: {
    path: '/humansounds/thankyou/:token',
    href: (token: string) => `/humansounds/thankyou/${seg(token)}`,
  },

  somethingNew: fixed('/somethingnew'),

  expert: fixed('/expert'),
  expertForm: fixed('/expert/form'),
  expertDashboard: fixed('/expert/dashboard'),
  expertPricing: fixed('/expert/pricing'),
  expertAbout: fixed('/expert/about'),
  expertPage: { path: '/ex/:siteName', href: (siteName: string) => `/ex/${seg(siteName)}` },

  /** The local mailbox: every e-mail the server wrote (its API is refused in production). */
  mailbox: fixed('/mailbox'),
} as const;

export type PathName = keyof typeof paths;

/** The dashboard's in-page views (specification 2.4), as their addresses above name them. */
export type DashboardView =
  | { readonly view: 'dashboard' }
  | { readonly view: 'gratitude' }
  | { readonly view: 'previous'; readonly date: CalendarDay | null }
  | { readonly view: 'account' };

/** The view a dashboard address names; anything unknown is the dashboard itself. */
export function dashboardView(search: { get(name: string): string | null }): DashboardView {
  switch (search.get('view')) {
    case 'gratitude':
      return { view: 'gratitude' };
    case 'previous':
      return { view: 'previous', date: parseCalendarDay(search.get('date') ?? '') };
    case 'account':
      return { view: 'account' };
    default:
      return { view: 'dashboard' };
  }
}

/** The address of a dashboard view. */
export function dashboardHref(view: DashboardView): string {
  switch (view.view) {
    case 'dashboard':
      return paths.dashboard.href();
    case 'gratitude':
      return paths.dashboardGratitude.href();
    case 'previous':
      return paths.dashboardPrevious.href(view.date);
    case 'account':
      return paths.dashboardAccount.href();
  }
}
