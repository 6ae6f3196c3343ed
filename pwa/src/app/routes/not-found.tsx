import { NotFoundPage } from '../../features/site/not-found-page';

export function Component() {
  return <NotFoundPage />;
}
