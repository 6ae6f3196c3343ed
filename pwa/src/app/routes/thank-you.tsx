import { PassThankYouPage } from '../../features/pass/components/thank-you-page';

export function Component() {
  return <PassThankYouPage />;
}
