import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router-dom';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { paths } from '#core/paths';
import { MessagePanel } from '../components/layout/message-panel';
import { PublicPage } from '../components/layout/public-page';
import { SkipLink } from '../components/layout/skip-link';
import { Button, ButtonLink } from '../components/ui/button';
import { useOnlineStatus } from '../lib/online-status';

/** A page's code that could not be fetched: offline before it was saved, or an old version. */
function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  );
}

function explain(error: unknown, online: boolean): string {
  if (isLoadFailure(error)) {
    return online
      ? 'This page could not be loaded. A newer version of Memento may be out: reloading usually fixes it.'
      : 'This page has not been saved on this device yet, and you are offline. Try again once you are back online.';
  }
  return 'Something unexpected broke on this page. Reloading usually fixes it; your saved entries are safe.';
}

/** The friendly page shown when a page fails to load or breaks while showing. */
export function RouteError({ error }: { readonly error: unknown }) {
  const online = useOnlineStatus();
  const offline = isLoadFailure(error) && !online;

  return (
    <>
      <SkipLink />
      <PublicPage nav="site" title="Something went wrong" description="This page could not be shown.">
        <MessagePanel
          icon={offline ? <CloudOff aria-hidden="true" /> : <TriangleAlert aria-hidden="true" />}
          title="Something went wrong"
          actions={
            <>
              <Button onClick={() => window.location.reload()}>Try again</Button>
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

  /** Going to another page clears the error, as React Router's own error boundaries do. */
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { caught: null, location: props.location };
  }

  override render() {
    return this.state.caught ? <RouteError error={this.state.caught.error} /> : this.props.children;
  }
}

/** Shows RouteError instead of the app when a page's code cannot load or a page breaks. */
export function RouteErrorBoundary({ children }: { readonly children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
