import { paths } from '#core/paths';

/**
 * Every page path and the route module (a file of ./routes, without its extension) that shows it.
 * Plain data: the router loads the modules from it, and the build reads it to list each route's
 * chunks for the server, which announces them in the page's HTML (see vite.config.ts).
 * A new page joins this list, and its module goes into ./routes.
 */
export const ROUTE_MODULES: readonly (readonly [path: string, module: string])[] = [
  [paths.home.path, 'landing'],
  [paths.tools.path, 'tools'],
  [paths.privacyPolicy.path, 'privacy-policy'],
  [paths.notFound.path, 'not-found'],

  [paths.weeksUntil.path, 'weeks-until'],
  [paths.weeksUntilTarget.path, 'weeks-until-result'],
  [paths.daysUntil.path, 'days-until'],
  [paths.daysUntilTarget.path, 'days-until-result'],

  [paths.life.path, 'life'],
  [paths.die.path, 'life'],
  [paths.dieChart.path, 'life'],
  [paths.dieMilestone.path, 'life'],
  [paths.mortality.path, 'mortality'],
  [paths.mortalityResult.path, 'mortality'],
  [paths.mortalityMilestone.path, 'mortality'],

  [paths.signup.path, 'signup'],
  [paths.dashboard.path, 'dashboard'],
  [paths.account.path, 'account'],

  [paths.pay.path, 'pass'],
  [paths.thankYou.path, 'thank-you'],

  [paths.hnrd.path, 'hn-trackers'],
  [paths.hnItem.path, 'hn-item'],
  [paths.hnUpgrade.path, 'hn-upgrade'],

  [paths.bestGame.path, 'game'],

  [paths.humanSounds.path, 'human-sounds'],
  [paths.humanSoundsPay.path, 'human-sounds-pay'],
  [paths.humanSoundsThankYou.path, 'human-sounds-thank-you'],

  [paths.somethingNew.path, 'something-new'],

  [paths.expert.path, 'expert'],
  [paths.expertForm.path, 'expert-form'],
  [paths.expertDashboard.path, 'expert-dashboard'],
  [paths.expertPricing.path, 'expert'],
  [paths.expertAbout.path, 'expert'],
  [paths.expertPage.path, 'expert-page'],

  [paths.mailbox.path, 'mailbox'],
];
