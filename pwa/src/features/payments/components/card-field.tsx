import { useEffect, useMemo, useState } from 'react';
import type { PaymentsConfig } from '#core/schemas/payments';
import { EMPTY_CARD, validateCard, type CardValues } from '../card/card-rules';
import { createTestPaymentMethod } from '../data/create-payment-method';
import type { Tokenize } from '../checkout.machine';
import { StripeCardField } from './stripe-card-field';
import { TestCardField } from './test-card-field';

/** What the checkout needs from the card field: whether it holds a usable card, and how to send it. */
export interface CardStatus {
  readonly ready: boolean;
  /** Turns the card into a PaymentMethod id; null until there is a card. */
  readonly tokenize: Tokenize | null;
}

interface CardFieldProps {
  readonly config: PaymentsConfig;
  readonly amountCents: number;
  readonly onStatus: (status: CardStatus) => void;
  /** Every problem is shown (after a submit), not only those of the fields left once. */
  readonly showAllProblems: boolean;
  readonly disabled?: boolean;
  /** For the expiry check. */
  readonly now: () => Date;
}

const NONE_SHOWN = { number: false, expiry: false, cvc: false } as const;

/** The card field for the payments mode: our own test card field, or Stripe's Payment Element. */
export function CardField({ config, amountCents, onStatus, showAllProblems, disabled = false, now }: CardFieldProps) {
  if (config.mode === 'stripe') {
    return <StripeCardField publishableKey={config.publishableKey} amountCents={amountCents} onStatus={onStatus} />;
  }
  return (
    <LocalCardField publishableKey={config.publishableKey} onStatus={onStatus} showAllProblems={showAllProblems} disabled={disabled} now={now} />
  );
}

function LocalCardField({
  publishableKey,
  onStatus,
  showAllProblems,
  disabled,
  now,
}: Omit<CardFieldProps, 'config' | 'amountCents'> & { readonly publishableKey: string }) {
  const [values, setValues] = useState<CardValues>(EMPTY_CARD);
  const [left, setLeft] = useState<Readonly<Record<keyof CardValues, boolean>>>(NONE_SHOWN);
  const { errors, card } = useMemo(() => validateCard(values, now()), [values, now]);
  const shown = showAllProblems ? { number: true, expiry: true, cvc: true } : left;

  useEffect(() => {
    onStatus(
      card === null
        ? { ready: false, tokenize: null }
        : { ready: true, tokenize: (buyer) => createTestPaymentMethod(publishableKey, card, buyer) },
    );
  }, [card, publishableKey, onStatus]);

  return (
    <TestCardField
      values={values}
      onChange={setValues}
      errors={errors}
      shown={shown}
      onLeave={(field) => setLeft((current) => ({ ...current, [field]: true }))}
      disabled={disabled}
    />
  );
}
