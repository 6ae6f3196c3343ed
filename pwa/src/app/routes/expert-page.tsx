import { useParams } from 'react-router-dom';
import { PublicExpertPage } from '../../features/experts/components/public-expert-page';
import { CheckoutForm } from '../../features/payments/components/checkout-form';
import { expertHourProduct } from '../../features/payments/data/charge';

/** /ex/{siteName}: an expert's public page; 'Set Up Time' pays for an hour through the shared checkout. */
export function Component() {
  const { siteName = '' } = useParams();
  return (
    <PublicExpertPage
      key={siteName}
      siteName={siteName}
      checkout={(expert, { onPaid, onCancel }) => (
        <CheckoutForm
          product={expertHourProduct(expert.siteName)}
          amountCents={expert.rateCents}
          submitLabel="Pay and book"
          onSucceeded={onPaid}
          onCancel={onCancel}
        />
      )}
    />
  );
}
