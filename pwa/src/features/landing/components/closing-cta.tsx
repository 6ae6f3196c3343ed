import { paths } from '#core/paths';
import { Container } from '../../../components/layout/container';
import { ButtonLink } from '../../../components/ui/button';
import styles from './closing-cta.module.css';

interface ClosingCtaProps {
  readonly signedIn: boolean;
}

export function ClosingCta({ signedIn }: ClosingCtaProps) {
  return (
    <section className={`${styles.section} render-near-view`} aria-labelledby="closing-title">
      <Container>
        <div className={styles.band}>
          <h2 id="closing-title" className={styles.title}>
            Start living more. Before you die.
          </h2>
          <p className={styles.text}>
            {signedIn
              ? 'Your practice for today takes two minutes.'
              : 'Sign up for free before we launch later this year'}
          </p>
          {signedIn ? (
            <ButtonLink to={paths.dashboard.href()} size="lg" className={styles.button}>
              Go to Dashboard
            </ButtonLink>
          ) : (
            <ButtonLink to={paths.signup.href()} size="lg" className={styles.button}>
              Sign up for free
            </ButtonLink>
          )}
        </div>
      </Container>
    </section>
  );
}
