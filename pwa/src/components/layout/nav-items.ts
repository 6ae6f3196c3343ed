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
      return [{ label: 'Tools', to: paths.tools.href() }];
    case 'life':
      return [
        { label: 'Weeks Left to Live', to: paths.life.href() },
        { label: 'Tools', to: paths.tools.href() },
      ];
  }
}

/** The site bar's buttons: sign-up when signed out, the dashboard when signed in. */
export function navActions(variant: NavVariant, signedIn: boolean): readonly NavAction[] {
  if (variant !== 'site') return [];
  if (signedIn) return [{ label: 'Go to Dashboard', to: paths.dashboard.href(), primary: true }];
  return [
    { label: 'Log in', to: paths.signup.href(), primary: false },
    { label: 'Sign up', to: paths.signup.href(), primary: true },
  ];
}
