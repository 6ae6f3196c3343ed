import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import type { ComingSoonProps } from './components/coming-soon';

type Area = Pick<ComingSoonProps, 'area' | 'description'>;

/** What each area still on its way will do, as its placeholder page says it. */
export const comingSoonAreas = {
  signup: {
    area: 'Sign in',
    description:
      'Sign in with your Google account to keep your gratitude journal and weekly reflection on every device.',
  },
  dashboard: {
    area: 'Your daily practice',
    description:
      'Today’s activities in one place: the weeks-left-to-live reflection, a gratitude journal of three entries a day, and a calendar of the days you showed up.',
  },
  account: {
    area: 'Your account',
    description: 'See your e-mail address and plan, manage or cancel your subscription, and sign out.',
  },
  pass: {
    area: 'THE PASS',
    description: `One payment of ${formatUsd(PRICES_CENTS.pass)} for premium access to the products we ship next.`,
  },
  hn: {
    area: 'Launch tracker',
    description: `Track your launch posts on Hacker News and see the top-level comments you have not answered yet. Free for one post; Pro is ${formatUsd(PRICES_CENTS.proMonthly)} a month for as many as you like.`,
  },
  game: {
    area: 'The blob game',
    description:
      'A small role-playing game in your browser: face the boss, and if it beats you, grow stronger on the farm and try again.',
  },
  somethingNew: {
    area: 'Something New',
    description:
      'A preview of people who say they are building something new, with a dataset of about 80 profiles.',
  },
  expert: {
    area: 'Expert pages',
    description:
      'Turn what you know into paid sessions: a booking page with your bio, what you can help with and your hourly rate. Visitors pay, then you schedule by e-mail.',
  },
} as const satisfies Record<string, Area>;
