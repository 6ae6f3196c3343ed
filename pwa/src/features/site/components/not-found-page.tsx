import { Compass } from 'lucide-react';
import { paths } from '#core/paths';
import { MessagePanel } from '../../../components/layout/message-panel';
import { PublicPage } from '../../../components/layout/public-page';
import { ButtonLink } from '../../../components/ui/button';

export function NotFoundPage() {
  return (
    <PublicPage nav="site" title="Page not found" description="That page doesn't exist, but you do!">
      <MessagePanel
        icon={<Compass aria-hidden="true" />}
        eyebrow="Error 404"
        title="OH, NO"
        actions={
          <>
            <ButtonLink to={paths.home.href()}>Go Home</ButtonLink>
            <ButtonLink to={paths.tools.href()} variant="secondary">
              See the tools
            </ButtonLink>
          </>
        }
      >
        <p>That page doesn't exist, but you do!</p>
      </MessagePanel>
    </PublicPage>
  );
}
