import { PublicPage } from '../../../components/layout/public-page';
import { ClosingCta } from './closing-cta';
import { Hero } from './hero';
import { ProductSection } from './product-section';
import { SocialProof } from './social-proof';

interface LandingPageProps {
  /** Someone is signed in: every sign-up button becomes 'Go to Dashboard'. */
  readonly signedIn: boolean;
}

export function LandingPage({ signedIn }: LandingPageProps) {
  return (
    <PublicPage
      nav="site"
      title="Memento"
      description="You're going to die. Make the most of it. A two-minute daily practice: your weeks left to live, a gratitude journal, reminders and a streak calendar."
    >
      <Hero signedIn={signedIn} />
      <ProductSection />
      <SocialProof />
      <ClosingCta signedIn={signedIn} />
    </PublicPage>
  );
}
