/**
 * Every route of the product, in one typed registry. Components, links and end-to-end tests
 * build URLs with `href(...)` instead of writing strings, so a route changes in one place.
 * This module is plain data: the e2e tests import it too.
 */

const seg = (value: string | number): string => encodeURIComponent(String(value));

export const paths = {
  home: { path: '/', href: () => '/' },
  signup: { path: '/signup', href: () => '/signup' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },

  mortality: { path: '/mortality', href: () => '/mortality' },
  mortalityResult: { path: '/mortality/:bday', href: (bday: string | number) => `/mortality/${seg(bday)}` },
  mortalityMilestone: {
    path: '/mortality/:bday/:name',
    href: (bday: string | number, name: string) => `/mortality/${seg(bday)}/${seg(name)}`,
  },
  die: { path: '/die', href: () => '/die' },
  dieChart: { path: '/die/:bday', href: (bday: string | number) => `/die/${seg(bday)}` },
  dieMilestone: {
    path: '/die/:bday/:name',
    href: (bday: string | number, name: string) => `/die/${seg(bday)}/${seg(name)}`,
  },
  life: { path: '/life', href: () => '/life' },

  weeksUntil: { path: '/weeksuntil', href: () => '/weeksuntil' },
  weeksUntilTarget: { path: '/weeksuntil/:target', href: (target: string | number) => `/weeksuntil/${seg(target)}` },
  daysUntil: { path: '/daysuntil', href: () => '/daysuntil' },
  daysUntilTarget: { path: '/daysuntil/:target', href: (target: string | number) => `/daysuntil/${seg(target)}` },

  tools: { path: '/tools', href: () => '/tools' },
  privacyPolicy: { path: '/privacy-policy', href: () => '/privacy-policy' },
  bestGame: { path: '/bestgame', href: () => '/bestgame' },
  pay: { path: '/pay', href: () => '/pay' },
  thankYou: { path: '/thankyou', href: () => '/thankyou' },
  account: { path: '/account', href: () => '/account' },
  notFound: { path: '/404', href: () => '/404' },

  hnrd: { path: '/hnrd/*', href: () => '/hnrd' },
  hnItem: { path: '/hnitem/:id/*', href: (id: string | number) => `/hnitem/${seg(id)}` },
  hnUpgrade: { path: '/hnupgrade', href: () => '/hnupgrade' },

  humanSounds: { path: '/humansounds', href: () => '/humansounds' },
  humanSoundsPay: { path: '/humansounds/pay', href: () => '/humansounds/pay' },
  humanSoundsThankYou: { path: '/humansounds/thankyou', href: () => '/humansounds/thankyou' },

  somethingNew: { path: '/somethingnew', href: () => '/somethingnew' },

  expert: { path: '/expert', href: () => '/expert' },
  expertForm: { path: '/expert/form', href: () => '/expert/form' },
  expertDashboard: { path: '/expert/dashboard', href: () => '/expert/dashboard' },
  expertPricing: { path: '/expert/pricing', href: () => '/expert/pricing' },
  expertAbout: { path: '/expert/about', href: () => '/expert/about' },
  expertPage: { path: '/ex/:siteName', href: (siteName: string) => `/ex/${seg(siteName)}` },
} as const;

export type PathName = keyof typeof paths;
