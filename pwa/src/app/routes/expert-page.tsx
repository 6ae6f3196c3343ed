import { Suspense } from 'react';
import { useParams } from 'react-router-dom';
import { PublicExpertPage } from '../../features/experts/components/public-expert-page';
import { lazyRetrying } from '../../lib/lazy-retrying';

interface ExpertCheckoutProps {
  readonly siteName: string;
  readonly amountCents: number;
  readonly onPaid: () => void;
  readonly onCancel: () => void;
}

// The checkout (its machine, the card field, the charge's schemas) loads when the visitor opens
// it with 'Set Up Time', not with the page; the service worker precaches it for offline visits.
const ExpertCheckout = lazyRetrying(async () => {
  const [{ CheckoutForm }, { expertHourProduct }] = await Promise.all([
    import('../../features/payments/components/checkout-form'),
    import('../../features/payments/data/charge'),
  ]);
  return ({ siteName, amountCents, onPaid, onCancel }: ExpertCheckoutProps) => (
    <CheckoutForm product={expertHourProduct(siteName)} amountCents={amountCents} submitLabel="Pay and book" onSucceeded={onPaid} onCancel={onCancel} />
  );
});

/** /ex/{siteName}: an expert's public page; 'Set Up Time' pays for an hour through the shared checkout. */
export function Component() {
  const { siteName = '' } = useParams();
  return (
    <PublicExpertPage
      key={siteName}
      siteName={siteName}
      checkout={(expert, { onPaid, onCancel }) => (
        <Suspense fallback={<p role="status">Opening the payment form…</p>}>
          <ExpertCheckout siteName={expert.siteName} amountCents={expert.rateCents} onPaid={onPaid} onCancel={onCancel} />
        </Suspense>
      )}
    />
  );
}

/** The server writes the page with the payment form closed: back from the bank's check (`?order=`), the app draws it afresh, with the form open. */
export const fitsWrittenPage = (): boolean => !new URLSearchParams(window.location.search).has('order');
