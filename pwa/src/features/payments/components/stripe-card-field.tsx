import { useEffect, useRef, useState } from 'react';
import { CardError } from '../data/create-payment-method';
import { loadStripe } from '../data/load-stripe';
import type { Buyer } from '../checkout.machine';
import type { CardStatus } from './card-field';
import styles from './checkout.module.css';

interface StripeCardFieldProps {
  readonly publishableKey: string;
  readonly amountCents: number;
  readonly onStatus: (status: CardStatus) => void;
}

/** Stripe mode: Stripe's Payment Element, mounted here; the PaymentMethod is made by Stripe.js. */
export function StripeCardField({ publishableKey, amountCents, onStatus }: StripeCardFieldProps) {
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    loadStripe().then(
      (Stripe) => {
        if (cancelled || host.current === null) return;
        const stripe = Stripe(publishableKey);
        const elements = stripe.elements({ mode: 'payment', amount: amountCents, currency: 'usd', paymentMethodCreation: 'manual' });
        const element = elements.create('payment');
        element.mount(host.current);
        destroy = () => element.destroy();
        const tokenize = async (buyer: Buyer): Promise<string> => {
          const submitted = await elements.submit();
          if (submitted.error) throw new CardError(submitted.error.message ?? 'Check the card details.');
          const result = await stripe.createPaymentMethod({ elements, params: { billing_details: buyer.email === '' ? { name: buyer.name } : buyer } });
          if (result.paymentMethod) return result.paymentMethod.id;
          throw new CardError(result.error?.message ?? 'The card could not be checked.', result.error?.code ?? null);
        };
        element.on('change', (event) => onStatus({ ready: event.complete, tokenize }));
      },
      () => {
        if (!cancelled) setProblem('Error: The card field could not be loaded. Check your connection and reload the page.');
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [publishableKey, amountCents, onStatus]);
  return (
    <div className={styles.field}>
      <div ref={host} className={styles.element} />
      {problem !== null && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
