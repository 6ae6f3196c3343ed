import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { CloudOff, TriangleAlert } from 'lucide-react';
import { paths } from './paths';
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
  if (isRouteErrorResponse(error)) return `The page answered with “${error.statusText || String(error.status)}”.`;
  return 'Something unexpected broke on this page. Reloading usually fixes it; your saved entries are safe.';
}

/** The friendly page shown when a page fails to load or breaks while showing. */
export function RouteError() {
  const error = useRouteError();
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
