import { SomethingNewPage } from '../../features/something-new/components/something-new-page';

/** /somethingnew: the founder profiles preview. */
export function Component() {
  return <SomethingNewPage />;
}
