import { useEffect, useState, type SyntheticEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import type { ChargeResponse } from '#core/schemas/payments';
import { Button } from '../../../components/ui/button';
import { currentInstant } from '../../../lib/clock';
import { validateBuyer, type Buyer } from '../checkout.machine';
import { OFFLINE_REFUSAL } from '../checkout-messages';
import { asksForEmail, type CheckoutProduct } from '../data/charge';
import { usePaymentsConfig } from '../data/get-payments-config';
import { CardField } from './card-field';
import { TestModeBanner } from './test-mode-banner';
import { TextField } from './text-field';
import { useCheckout } from './use-checkout';
import styles from './checkout.module.css';

interface CheckoutFormProps {
  readonly product: CheckoutProduct;
  readonly amountCents: number;
  /** The pay button's words ('Buy Pass'). */
  readonly submitLabel: string;
  /** The payment went through: `reply` is the server's answer (a sound library's carries its download token). */
  readonly onSucceeded: (reply: ChargeResponse) => void;
  readonly onCancel: () => void;
  readonly now?: () => Date;
}

/**
 * A checkout: name, e-mail (for the products that ask for one), the card, and the buttons (a
 * spinner while paying). The payment itself is the checkout machine's; this only shows it.
 */
export function CheckoutForm({ product, amountCents, submitLabel, onSucceeded, onCancel, now = currentInstant }: CheckoutFormProps) {
  const { snapshot, send, online, card, onCardStatus } = useCheckout(product);
  const config = usePaymentsConfig(online);
  const [buyer, setBuyer] = useState<Buyer>({ name: '', email: '' });
  const [submitted, setSubmitted] = useState(false);
  const busy = snapshot.hasTag('busy');
  const succeeded = snapshot.matches('succeeded');
  const reply = snapshot.context.reply;

  useEffect(() => {
    if (succeeded && reply !== null) onSucceeded(reply);
  }, [succeeded, reply, onSucceeded]);

  const withEmail = asksForEmail(product);
  const problems = submitted ? validateBuyer(buyer, withEmail) : {};
  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    send({ type: 'SUBMIT', buyer, tokenize: card.ready ? card.tokenize : null });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      {config.status === 'ready' && config.config.mode === 'test' && <TestModeBanner />}
      <TextField
        label="Name"
        problem={problems.name ?? null}
        value={buyer.name}
        onChange={(event) => setBuyer({ ...buyer, name: event.target.value })}
        autoComplete="name"
        required
        disabled={busy}
      />
      {withEmail && (
        <TextField
          label="Email"
          problem={problems.email ?? null}
          value={buyer.email}
          onChange={(event) => setBuyer({ ...buyer, email: event.target.value })}
          type="text"
          inputMode="email"
          autoComplete="email"
          placeholder="name@example.com"
          required
          disabled={busy}
        />
      )}
      {config.status === 'ready' ? (
        <CardField
          config={config.config}
          amountCents={amountCents}
          onStatus={onCardStatus}
          showAllProblems={submitted}
          disabled={busy}
          now={now}
        />
      ) : (
        <p className={styles.status} role="status">
          {config.status === 'loading'
            ? 'Getting the card field ...'
            : online
              ? 'Error: The card field could not be loaded. Reload the page to try again.'
              : 'The card field opens when you are online.'}
        </p>
      )}
      {snapshot.context.error !== null && !busy && (
        <p className={styles.error} role="alert">
          {snapshot.context.error}
        </p>
      )}
      {busy || succeeded ? (
        <p className={styles.spinner} role="status">
          <LoaderCircle className={styles.spinIcon} aria-hidden="true" size={20} />
          {snapshot.matches('authenticating') ? 'Waiting for your bank to confirm ...' : 'Paying ...'}
        </p>
      ) : (
        <div className={styles.actions}>
          <Button type="submit" disabled={!online || config.status !== 'ready'}>
            {online ? submitLabel : OFFLINE_REFUSAL}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
    </form>
  );
}
