import { lazy, type ComponentType } from 'react';

/**
 * A notice whose code is fetched the first time it shows, so first visits (which almost never
 * show it) do not download it. If it cannot be fetched (offline before the app was stored), the
 * notice stays away instead of taking the page down with it.
 */
export function lazyNotice<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const nothing: ComponentType<Props> = () => null;
  return lazy(() => load().then((Component) => ({ default: Component }), () => ({ default: nothing })));
}
