import { Navigate, useSearchParams } from 'react-router-dom';
import { PublicPage } from '../../../components/layout/public-page';
import { Card } from '../../../components/ui/card';
import { PageHeading } from '../../../components/ui/page-heading';
import { useSession } from '../../../session/use-session';
import { useSignInConfig } from '../data/get-sign-in-config';
import { safeNextPath } from '../next-path';
import { signInLead } from '../sign-in-messages';
import { useCompleteSignIn } from '../use-complete-sign-in';
import { SignInHelp } from './sign-in-help';
import { SignInMethod } from './sign-in-method';
import styles from './sign-in.module.css';

/** /signup: sign in, then on to the dashboard or the protected page the person came from. */
export function SignInPage() {
  const { isSignedIn } = useSession();
  const [searchParams] = useSearchParams();

  if (isSignedIn) return <Navigate to={safeNextPath(searchParams.get('next'))} replace />;

  return (
    <PublicPage
      nav="site"
      title="Sign in"
      description="Sign in to Memento to keep your daily practice, journal and streak on every device."
    >
      <section className={styles.section}>
        <SignInCard />
      </section>
    </PublicPage>
  );
}

/** The heading names the way this server signs in, so the card asks the server before it says. */
function SignInCard() {
  const completeSignIn = useCompleteSignIn();
  const { state, retry } = useSignInConfig();
  return (
    <Card className={styles.card}>
      <PageHeading
        title="Sign in to continue"
        lead={state.status === 'ready' ? signInLead(state.config.mode) : undefined}
        centered
      />
      <SignInMethod state={state} retry={retry} onSignedIn={completeSignIn} />
      <SignInHelp />
    </Card>
  );
}
