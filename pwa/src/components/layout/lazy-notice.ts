import type { ComponentType } from 'react';
import { lazyRetrying } from '../../lib/lazy-retrying';

/**
 * A notice whose code is fetched the first time it shows, so first visits (which almost never
 * show it) do not download it. If it cannot be fetched (offline before the app was stored), the
 * notice stays away instead of taking the page down with it, and is fetched again the next time it shows.
 */
export function lazyNotice<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const nothing: ComponentType<Props> = () => null;
  return lazyRetrying(load, nothing);
}
