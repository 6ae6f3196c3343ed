import type { ReactNode } from 'react';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { PublicPage } from '../../../components/layout/public-page';
import { Card } from '../../../components/ui/card';
import { CONTACT_EMAIL, contactMailto } from '#core/contact';
import styles from './order.module.css';

export const LIBRARY_NAME = 'Human Sounds UX library';
const PRICE = formatUsd(PRICES_CENTS.humanSounds);

/** /humansounds/pay: the order and its total, around the checkout form the route gives it. */
export function HumanSoundsPayPage({ checkout }: { readonly checkout: ReactNode }) {
  return (
    <PublicPage
      nav="site"
      title="Buy the Human Sounds library"
      description={`The ${LIBRARY_NAME}: ten MP3 sound effects for ${PRICE}, with a download link that keeps working. Sales go to charity.`}
    >
      <section className={styles.page} aria-labelledby="order-title">
        <Card className={styles.card}>
          <h1 id="order-title" className={styles.title}>
            Your order
          </h1>
          <dl className={styles.order}>
            <div>
              <dt>{LIBRARY_NAME}</dt>
              <dd>{PRICE}</dd>
            </div>
            <div className={styles.total}>
              <dt>Total</dt>
              <dd>{PRICE}</dd>
            </div>
          </dl>
          <p className={styles.lead}>
            Ten MP3s in one zip, and a download link that works whenever you need the files again. Every sale goes to charity.
          </p>
          {checkout}
        </Card>
      </section>
    </PublicPage>
  );
}

/**
 * Paid, but the answer carried no download link (the order was confirmed after the page stopped
 * waiting): the receipt e-mail has the link, and the server's own words say where it went.
 */
export function PaidWithoutLink({ message }: { readonly message: string }) {
  return (
    <div className={styles.paid} role="status">
      <p className={styles.paidTitle}>Payment received.</p>
      {message.trim() !== '' && <p>{message}</p>}
      <p>
        Your download link is in the receipt e-mail. If it does not arrive, write to{' '}
        <a href={contactMailto('Human Sounds download link')}>{CONTACT_EMAIL}</a> with the address you paid with.
      </p>
    </div>
  );
}
