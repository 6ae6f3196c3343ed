import { NotFoundPage } from '../../features/site/components/not-found-page';

export function Component() {
  return <NotFoundPage />;
}
