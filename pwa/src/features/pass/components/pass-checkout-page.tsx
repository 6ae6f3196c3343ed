import type { ReactNode } from 'react';
import { formatUsd, PRICES_CENTS } from '#core/plans/prices';
import { PublicPage } from '../../../components/layout/public-page';
import { Card } from '../../../components/ui/card';
import styles from './pass.module.css';

export const PASS_NAME = 'THE PASS';
export const PASS_PRICE = formatUsd(PRICES_CENTS.pass);

/** /pay: THE PASS and its price, around the checkout form the route gives it. */
export function PassCheckoutPage({ checkout }: { readonly checkout: ReactNode }) {
  return (
    <PublicPage nav="site" title="Buy THE PASS" description={`THE PASS: one payment of ${PASS_PRICE} for premium access to the products we ship next.`}>
      <section className={styles.page} aria-labelledby="pass-title">
        <Card className={styles.card}>
          <div className={styles.order}>
            <h1 id="pass-title" className={styles.product}>
              {PASS_NAME}
            </h1>
            <p className={styles.price}>
              USD {PASS_PRICE}
            </p>
          </div>
          <p className={styles.lead}>One payment, premium access to every product we ship next. Total {PASS_PRICE}.</p>
          {checkout}
        </Card>
      </section>
    </PublicPage>
  );
}
