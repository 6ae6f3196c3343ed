import { Suspense } from 'react';
import { lazyRetrying } from '../../../lib/lazy-retrying';

/**
 * The daily reminder's settings load when the account view shows them: their code (the machine,
 * XState, the push helpers shared with the tracker's switch) is not part of the dashboard's first
 * download, and the route table in the app shell need not list it.
 */
const Settings = lazyRetrying(async () => (await import('./reminder-settings')).ReminderSettings);

export function ReminderSettingsLazy() {
  return (
    <Suspense fallback={null}>
      <Settings />
    </Suspense>
  );
}
