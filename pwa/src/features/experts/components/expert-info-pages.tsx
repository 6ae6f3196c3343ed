import { paths } from '#core/paths';
import { AUTO_REFUND_DAYS } from '#core/experts/bookings';
import { RATE_MAX_CENTS, RATE_MIN_CENTS, rateToText } from '#core/experts/fields';
import { EXPERT_PLATFORM_FEE_TEXT, STRIPE_CARD_PROCESSING_TEXT, expertFeeCents, expertPayoutCents } from '#core/plans/expert-fee';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ExpertLayout } from './expert-layout';
import styles from './expert.module.css';

interface LandingProps {
  readonly signedIn: boolean;
  /** 'Get Started': sign in, then the onboarding form. */
  readonly onGetStarted: () => void;
}

/** /expert: what the tool does, and the way in. */
export function ExpertLanding({ signedIn, onGetStarted }: LandingProps) {
  return (
    <ExpertLayout title="Monetize Your Expertise" description="Make a booking page, share its link, and get paid for your time.">
      <section className={styles.hero} aria-labelledby="expert-hero">
        <h1 id="expert-hero" className={styles.heroTitle}>
          Monetize Your Expertise
        </h1>
        <p className={styles.lead}>
          Tutor, consultant, mentor or freelancer: make a page with your bio, what you help with and your hourly rate. Visitors pay
          for an hour, and you agree a time by e-mail.
        </p>
        <div className={styles.actions}>
          {signedIn ? (
            <ButtonLink to={paths.expertDashboard.href()} size="lg">
              Go to Dashboard
            </ButtonLink>
          ) : (
            <Button size="lg" onClick={onGetStarted}>
              Get Started
            </Button>
          )}
        </div>
      </section>
      <section className={styles.section} aria-labelledby="expert-how">
        <h2 id="expert-how">How it works</h2>
        <ol className={styles.steps}>
          <li className={styles.card}>
            <h3>1. Your page</h3>
            <p>Choose your address (/ex/YourName), say who you are, what you help with and what an hour costs.</p>
          </li>
          <li className={styles.card}>
            <h3>2. Payments</h3>
            <p>Connect a Stripe account so the money for each hour goes to you.</p>
          </li>
          <li className={styles.card}>
            <h3>3. Bookings</h3>
            <p>A visitor pays; you both get an e-mail; reply to agree a time and mark the booking scheduled.</p>
          </li>
        </ol>
      </section>
    </ExpertLayout>
  );
}

const EXAMPLE_CENTS = 5_000;

/** /expert/pricing: what the tool costs an expert. */
export function ExpertPricing() {
  return (
    <ExpertLayout title="Expert pricing" description={`No monthly fee: ${EXPERT_PLATFORM_FEE_TEXT} of each paid booking.`}>
      <h1>Pricing</h1>
      <p className={styles.lead}>No sign-up fee and no monthly fee. You pay only when a visitor pays you.</p>
      <div className={styles.section}>
        <ul className={styles.steps}>
          <li className={styles.card}>
            <h2>Platform fee</h2>
            <p className={styles.figure}>{EXPERT_PLATFORM_FEE_TEXT}</p>
            <p>of each paid booking, kept when the visitor pays. The card processing is paid out of it.</p>
          </li>
          <li className={styles.card}>
            <h2>Card processing</h2>
            <p className={styles.figure}>Included</p>
            <p>Stripe charges {STRIPE_CARD_PROCESSING_TEXT} per US card payment; the platform pays it from its fee.</p>
          </li>
          <li className={styles.card}>
            <h2>Refunds</h2>
            <p className={styles.figure}>Full</p>
            <p>
              A booking you do not mark scheduled within {AUTO_REFUND_DAYS} days is refunded in full, fee included, and taken back
              from your payout.
            </p>
          </li>
        </ul>
      </div>
      <section className={styles.section} aria-labelledby="pricing-example">
        <h2 id="pricing-example">An example</h2>
        <p>
          At ${rateToText(EXAMPLE_CENTS)} an hour, the visitor pays ${rateToText(EXAMPLE_CENTS)}; the platform keeps $
          {rateToText(expertFeeCents(EXAMPLE_CENTS))} and you receive ${rateToText(expertPayoutCents(EXAMPLE_CENTS))}.
        </p>
        <p className={styles.muted}>
          Hourly rates from ${rateToText(RATE_MIN_CENTS)} to ${rateToText(RATE_MAX_CENTS)}, in US dollars. Payouts reach your bank on
          Stripe's schedule.
        </p>
      </section>
    </ExpertLayout>
  );
}

/** /expert/about: what the tool is. */
export function ExpertAbout() {
  return (
    <ExpertLayout title="About Memento Experts" description="A booking page for your time, paid by card.">
      <h1>About</h1>
      <div className={styles.section}>
        <p className={styles.lead}>
          Memento Experts gives tutors, consultants, mentors and freelancers one page to be booked and paid for an hour of their
          time.
        </p>
        <p>
          Your page shows your name, a short bio, what you can help with and your hourly rate. Visitors pay by card; the money goes
          to your own Stripe account. You and the visitor each get an e-mail, and you reply to agree a time.
        </p>
        <p>
          Visitors are protected: if you do not mark a booking scheduled within {AUTO_REFUND_DAYS} days, they are refunded
          automatically and both of you are told.
        </p>
        <p>Your page is text only: what you type is shown exactly as typed.</p>
      </div>
    </ExpertLayout>
  );
}
