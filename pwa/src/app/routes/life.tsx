import { useToday } from '../../lib/clock';
import { PublicPage } from '../../components/layout/public-page';
import { LifeContent } from '../../features/life/components/life-content';
import { lifePageMeta } from '../../features/life/life-meta';
import { useLifeRoute } from '../../features/life/life-route';
import { useSession } from '../../session/use-session';

/**
 * /life and /die…: the public birthday entry and chart. The frame stays mounted across them, so
 * DONE and the overlays only swap the content. Nothing here opens the person's database: a
 * visitor's chart loads no more code than it draws.
 */
export function Component() {
  const today = useToday();
  const route = useLifeRoute();
  const { title, description } = lifePageMeta(route, today);
  const { isSignedIn } = useSession();
  return (
    <PublicPage nav="life" title={title} description={description}>
      <LifeContent route={route} today={today} signedIn={isSignedIn} />
    </PublicPage>
  );
}
