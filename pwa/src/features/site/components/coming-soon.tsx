import type { ReactNode } from 'react';
import { Sprout } from 'lucide-react';
import { paths } from '#core/paths';
import { MessagePanel } from '../../../components/layout/message-panel';
import { PublicPage, type NavVariant } from '../../../components/layout/public-page';
import { ButtonLink } from '../../../components/ui/button';
import styles from './coming-soon.module.css';

export interface ComingSoonProps {
  /** The area's name, the page's <h1> and title. */
  readonly area: string;
  /** What the area will do, in a sentence or two. */
  readonly description: string;
  readonly nav?: NavVariant;
  /** A more specific line for the exact page (a checkout, a thank-you page). */
  readonly detail?: ReactNode;
}

/** The page for an area that is on its way: what it will do, and where to go meanwhile. */
export function ComingSoon({ area, description, nav = 'site', detail }: ComingSoonProps) {
  return (
    <PublicPage nav={nav} title={area} description={description}>
      <MessagePanel
        icon={<Sprout aria-hidden="true" />}
        eyebrow="Coming soon"
        title={area}
        actions={
          <>
            <ButtonLink to={paths.tools.href()}>Explore the tools</ButtonLink>
            <ButtonLink to={paths.home.href()} variant="secondary">
              Go Home
            </ButtonLink>
          </>
        }
      >
        <p>{description}</p>
        {detail && <p className={styles.detail}>{detail}</p>}
      </MessagePanel>
    </PublicPage>
  );
}
