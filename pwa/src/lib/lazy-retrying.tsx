import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

/** How to give each part whose code failed to load a fresh attempt. */
const failed = new Set<() => void>();

/**
 * Lets every part whose code could not be fetched fetch it again the next time it is shown. An
 * error boundary calls it before it shows its page again; coming back online calls it too.
 */
export function retryFailedLoads(): void {
  const resets = [...failed];
  failed.clear();
  for (const reset of resets) reset();
}

if (typeof window !== 'undefined') window.addEventListener('online', retryFailedLoads);

/**
 * React.lazy, except that a failed fetch is not final. React.lazy keeps a rejected import for
 * good, so a page whose code could not be fetched (offline before the app was stored, a dropped
 * connection) would stay broken until a reload. Here the failure holds only until
 * `retryFailedLoads`: the next mount after it fetches again. (Not at once on the next render:
 * React renders a part that failed again straight away, and a new fetch there would fail and
 * repeat for as long as the device is offline.)
 *
 * `whenFailed` is shown instead of throwing to the nearest error boundary, for parts a page can do
 * without.
 */
export function lazyRetrying<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  whenFailed?: ComponentType<Props>,
): ComponentType<Props> {
  let current: LazyExoticComponent<ComponentType<Props>>;
  const attempt = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (error) {
        failed.add(() => {
          current = attempt();
        });
        if (whenFailed === undefined) throw error;
        return { default: whenFailed };
      }
    });
  current = attempt();

  function Retrying(props: Props) {
    // Fixed for the life of this mount: swapping the component under it would remount its subtree.
    const [Lazy] = useState(() => current);
    return <Lazy {...props} />;
  }
  return Retrying;
}
