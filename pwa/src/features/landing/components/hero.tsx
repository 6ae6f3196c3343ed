import { Grid3x3, Sparkles } from 'lucide-react';
import { paths } from '#core/paths';
import { Container } from '../../../components/layout/container';
import { ButtonLink } from '../../../components/ui/button';
import { HeroVisual } from './hero-visual';
import styles from './hero.module.css';

interface HeroProps {
  readonly signedIn: boolean;
}

export function Hero({ signedIn }: HeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <Container className={styles.inner}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            <Sparkles aria-hidden="true" />A daily practice for a finite life
          </p>
          <h1 id="hero-title" className={styles.title}>
            You’re going to die. <span className={styles.accent}>Make the most of it.</span>
          </h1>
          <p className={styles.lead}>
            Two minutes a day: see how many weeks you have left, write down three things you’re grateful
            for, and spend the rest of the day a little more on purpose.
          </p>
          <div className={styles.actions}>
            {signedIn ? (
              <ButtonLink to={paths.dashboard.href()} size="lg">
                Go to Dashboard
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.signup.href()} size="lg">
                Sign up for free
              </ButtonLink>
            )}
            <ButtonLink
              to={paths.life.href()}
              size="lg"
              variant="secondary"
              icon={<Grid3x3 aria-hidden="true" />}
            >
              Try the free life calendar
            </ButtonLink>
          </div>
          <p className={styles.pitch}>
            {signedIn
              ? 'Welcome back. Today’s practice is waiting for you.'
              : 'Sign up for free before we launch later this year'}
          </p>
        </div>
        <HeroVisual />
      </Container>
    </section>
  );
}
