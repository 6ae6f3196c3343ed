import { paths } from '#core/paths';

export type NavVariant = 'site' | 'tools' | 'life';

export interface NavLinkItem {
  readonly label: string;
  readonly to: string;
}

export interface NavAction extends NavLinkItem {
  readonly primary: boolean;
}

/** The links each navigation bar carries. */
export function navLinks(variant: NavVariant): readonly NavLinkItem[] {
  switch (variant) {
    case 'site':
      return [
        { label: 'Product', to: `${paths.home.href()}#product` },
        { label: 'Tools', to: paths.tools.href() },
      ];
    case 'tools':
      // The calculators' bar: both calculators side by side, then the rest of the tools.
      return [
        { label: 'Weeks until', to: paths.weeksUntil.href() },
        { label: 'Days until', to: paths.daysUntil.href() },
        { label: 'Tools', to: paths.tools.href() },
      ];
    case 'life':
      return [
        { label: 'Weeks Left to Live', to: paths.life.href() },
        { label: 'Tools', to: paths.tools.href() },
      ];
  }
}

/**
 * The bar's buttons: sign-up when signed out, the dashboard when signed in. The site and the
 * calculators carry them; the life chart has its own sign-up banner instead.
 */
export function navActions(variant: NavVariant, signedIn: boolean): readonly NavAction[] {
  if (variant === 'life') return [];
  if (signedIn) return [{ label: 'Go to Dashboard', to: paths.dashboard.href(), primary: true }];
  return [
    { label: 'Log in', to: paths.signup.href(), primary: false },
    { label: 'Sign up', to: paths.signup.href(), primary: true },
  ];
}
