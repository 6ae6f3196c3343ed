import type { AccountPurchases } from '#core/schemas/payments';
import { formatUsd } from '#core/plans/prices';
import panel from '../../../components/ui/panel.module.css';
import { useOnlineStatus } from '../../../lib/online-status';
import { usePurchases, type PurchasesState } from '../data/get-purchases';
import styles from './account-view.module.css';

type Purchase = AccountPurchases['purchases'][number];

const PRODUCT_NAMES: Readonly<Record<Purchase['kind'], string>> = {
  pass: 'THE PASS',
  sounds: 'Human Sounds audio library',
  expert: 'An hour with an expert',
  pro: 'Pro plan',
};

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function purchaseLine(purchase: Purchase): string {
  const paid = `${formatUsd(purchase.amountCents)}, ${day.format(new Date(purchase.createdAt))}`;
  return purchase.status === 'refunded' ? `${paid} (refunded)` : paid;
}

/** What the account has bought, as the server knows it. */
export function PurchasesList({ state }: { readonly state: PurchasesState }) {
  if (state.status === 'loading') return <p role="status">Looking up your purchases ...</p>;
  if (state.status === 'unavailable') {
    return <p role="status">Your purchases could not be loaded. They show here when you are online.</p>;
  }
  const { purchases, hasPass } = state.purchases;
  if (purchases.length === 0) return <p className={panel.text}>Nothing bought with this account yet.</p>;
  return (
    <>
      {hasPass && <p className={panel.text}>You have THE PASS: you hear first about every product we ship next.</p>}
      <dl className={styles.facts} aria-label="Purchases">
        {purchases.map((purchase) => (
          <div key={purchase.orderId}>
            <dt>{PRODUCT_NAMES[purchase.kind]}</dt>
            <dd>{purchaseLine(purchase)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The Purchases section of the account view: bought while signed in to this account. */
export function PurchasesSection() {
  const state = usePurchases(useOnlineStatus());
  return (
    <section className={panel.group} aria-labelledby="purchases-title">
      <h2 id="purchases-title" className={panel.groupTitle}>
        Purchases
      </h2>
      <PurchasesList state={state} />
    </section>
  );
}
