import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { formatCount } from '#core/dates/calendar-day';
import { LIFE_WEEKS, LIFE_YEARS, WEEKS_PER_ROW } from '#core/life/life-weeks';
import { paths } from '#core/paths';
import styles from './life-sections.module.css';

/** The blue invitation to sign up on the public chart; someone signed in is sent on to their dashboard. */
export function SignupBanner({ signedIn }: { readonly signedIn: boolean }) {
  return (
    <section className={styles.banner} aria-labelledby="start-living">
      <h2 id="start-living">Start living more. Before you die.</h2>
      <p>A few minutes a day of reflection and gratitude, on your phone, even offline.</p>
      {signedIn ? (
        <Link className={styles.bannerLink} to={paths.dashboard.href()}>
          Go to Dashboard
        </Link>
      ) : (
        <Link className={styles.bannerLink} to={paths.signup.href()}>
          Sign up for free
        </Link>
      )}
    </section>
  );
}

export function HowMade() {
  return (
    <section className={styles.section} aria-labelledby="how-was-this-made">
      <h2 id="how-was-this-made">How was this made?</h2>
      <p>
        Each square is one week. A row holds {WEEKS_PER_ROW} weeks, about a year, and {LIFE_YEARS} rows make a life of{' '}
        {formatCount(LIFE_WEEKS)} weeks. Your weeks lived are the whole weeks from your birthday to today: the days
        between them divided by seven, rounded down.
      </p>
      <p>
        A calendar year is a day or two longer than {WEEKS_PER_ROW} weeks, so the rows run a little ahead of your
        birthdays: by fifty, about nine weeks.
      </p>
      <p>
        The famous weeks are counted the same way, from each person’s date of birth to the day of the event. Everything
        is worked out on your device, so the chart works offline too.
      </p>
    </section>
  );
}

export function OtherProjectsLink() {
  return (
    <Link className={styles.projects} to={paths.tools.href()}>
      Check out other projects
      <ArrowRight aria-hidden size={18} />
    </Link>
  );
}
