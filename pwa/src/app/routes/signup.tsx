import { SignInPage } from '../../features/accounts/components/sign-in-page';

export function Component() {
  return <SignInPage />;
}
