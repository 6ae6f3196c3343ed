import { Component, useEffect, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { paths } from '#core/paths';
import { MessagePanel } from '../components/layout/message-panel';
import { PublicPage } from '../components/layout/public-page';
import { SkipLink } from '../components/layout/skip-link';
import { Button, ButtonLink } from '../components/ui/button';
import { retryFailedLoads } from '../lib/lazy-retrying';
import { useOnlineStatus } from '../lib/online-status';

/** A page's code that could not be fetched: offline before it was saved, or an old version. */
function isLoadFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // The browsers' words for a module they could not fetch, and the build's for a page's stylesheet.
  return (
    (error instanceof TypeError && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)) ||
    error.message.startsWith('Unable to preload CSS for ')
  );
}

function explain(error: unknown, online: boolean): string {
  if (isLoadFailure(error)) {
    return online
      ? 'This page could not be loaded. A newer version of Memento may be out: reloading usually fixes it.'
      : 'This page has not been saved on this device yet, and you are offline. It opens by itself once you are back online.';
  }
  return 'Something unexpected broke on this page. Reloading usually fixes it; your saved entries are safe.';
}

interface RouteErrorProps {
  readonly error: unknown;
  /** Shows the page again, fetching its code anew (see lazyRetrying) without reloading the document. */
  readonly onRetry: () => void;
}

/**
 * The friendly page shown when a page fails to load or breaks while showing. Code that could not
 * be fetched offline is fetched again as soon as the device is back online; meanwhile 'Try again'
 * tries in place, since reloading a page the device has not stored would lose it altogether.
 */
export function RouteError({ error, onRetry }: RouteErrorProps) {
  const online = useOnlineStatus();
  const loadFailure = isLoadFailure(error);
  const offline = loadFailure && !online;

  useEffect(() => {
    if (!loadFailure) return undefined;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [loadFailure, onRetry]);

  return (
    <>
      <SkipLink />
      <PublicPage nav="site" title="Something went wrong" description="This page could not be shown.">
        <MessagePanel
          icon={offline ? <CloudOff aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
          title="Something went wrong"
          actions={
            <>
              <Button onClick={offline ? onRetry : () => window.location.reload()}>Try again</Button>
              <ButtonLink to={paths.home.href()} variant="secondary" reloadDocument>
                Go Home
              </ButtonLink>
            </>
          }
        >
          <p>{explain(error, online)}</p>
        </MessagePanel>
      </PublicPage>
    </>
  );
}

interface BoundaryProps {
  readonly location: Location;
  readonly children: ReactNode;
}

interface BoundaryState {
  /** What was thrown, boxed: anything can be thrown, `undefined` included. */
  readonly caught: { readonly error: unknown } | null;
  readonly location: Location;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { caught: { error } };
  }

  /**
   * Going to another page clears the error, as React Router's own error boundaries do, and code
   * that failed to load is fetched again when next shown (the next page may share it). Calling
   * that twice, as a discarded render could, does no harm.
   */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location === state.location) return null;
    if (state.caught !== null) retryFailedLoads();
    return { caught: null, location: props.location };
  }

  private readonly retry = (): void => {
    retryFailedLoads();
    this.setState({ caught: null });
  };

  override render() {
    return this.state.caught ? <RouteError error={this.state.caught.error} onRetry={this.retry} /> : this.props.children;
  }
}

/** Shows RouteError instead of the app when a page's code cannot load or a page breaks. */
export function RouteErrorBoundary({ children }: { readonly children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
