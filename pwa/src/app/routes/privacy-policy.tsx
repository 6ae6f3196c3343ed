import { PrivacyPolicyPage } from '../../features/site/privacy-policy-page';

export function Component() {
  return <PrivacyPolicyPage />;
}
