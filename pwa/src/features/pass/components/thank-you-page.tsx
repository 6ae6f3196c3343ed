import { Home } from 'lucide-react';
import { paths } from '#core/paths';
import { PublicPage } from '../../../components/layout/public-page';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import styles from './pass.module.css';

/** /thankyou: after buying THE PASS. */
export function PassThankYouPage() {
  return (
    <PublicPage nav="site" title="Thank you" description="Thank you for buying THE PASS.">
      <section className={styles.page} aria-labelledby="thanks-title">
        <Card className={styles.card}>
          <h1 id="thanks-title" className={styles.product}>
            Thank you!
          </h1>
          <p className={styles.lead}>
            You have THE PASS. We will e-mail you as soon as the next product ships: it should be out in 2 weeks.
          </p>
          <div className={styles.actions}>
            <ButtonLink to={paths.home.href()} icon={<Home aria-hidden="true" size={18} />}>
              Go Home
            </ButtonLink>
          </div>
          <blockquote className={styles.note}>
            <p>
              A note from the creator: thank you for backing this early. Your pass pays for the next things I build,
              and you will get every one of them first. If anything goes wrong, just reply to the e-mail.
            </p>
            <cite className={styles.signature}>— the creator of Memento</cite>
          </blockquote>
          <div className={styles.actions}>
            <ButtonLink to={paths.home.href()} variant="secondary">
              Go Home
            </ButtonLink>
          </div>
        </Card>
      </section>
    </PublicPage>
  );
}
