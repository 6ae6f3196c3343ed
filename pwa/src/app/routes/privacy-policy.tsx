import { PrivacyPolicyPage } from '../../features/site/components/privacy-policy-page';

export function Component() {
  return <PrivacyPolicyPage />;
}
