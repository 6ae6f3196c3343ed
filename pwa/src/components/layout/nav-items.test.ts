import { describe, expect, it } from 'vitest';
import { paths } from '#core/paths';
import { navActions, navLinks } from './nav-items';

describe('the calculators\' bar', () => {
  it('links both calculators and the other tools', () => {
    expect(navLinks('tools')).toEqual([
      { label: 'Weeks until', to: paths.weeksUntil.href() },
      { label: 'Days until', to: paths.daysUntil.href() },
      { label: 'Tools', to: paths.tools.href() },
    ]);
  });

  it('offers sign-in when signed out and the dashboard when signed in, as the site bar does', () => {
    expect(navActions('tools', false)).toEqual(navActions('site', false));
    expect(navActions('tools', true)).toEqual([{ label: 'Go to Dashboard', to: paths.dashboard.href(), primary: true }]);
  });

  it('leaves the life chart to its own sign-up banner', () => {
    expect(navActions('life', false)).toEqual([]);
  });
});
