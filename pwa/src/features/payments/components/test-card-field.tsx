import type { FocusEvent } from 'react';
import { formatCardNumber, formatCvc, formatExpiry, type CardErrors, type CardValues } from '../card/card-rules';
import { TextField } from './text-field';
import styles from './checkout.module.css';

interface TestCardFieldProps {
  readonly values: CardValues;
  readonly onChange: (values: CardValues) => void;
  readonly errors: CardErrors;
  /** Which fields show their problem: those left once, or all after a submit. */
  readonly shown: Readonly<Record<keyof CardValues, boolean>>;
  readonly onLeave: (field: keyof CardValues) => void;
  readonly disabled?: boolean;
}

/**
 * Test mode's card field: number, expiry (MM/YY) and CVC, formatted as typed. It takes only
 * Stripe's test numbers (see card-rules), so no real card is ever typed into it.
 */
/**
 * Whether leaving a field should show its problem now: not when the buyer is pressing the pay
 * button, whose press would otherwise miss as the message pushes it down (the submit shows
 * every problem anyway).
 */
function leavingForSubmit(event: FocusEvent<HTMLInputElement>): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit';
}

export function TestCardField({ values, onChange, errors, shown, onLeave, disabled = false }: TestCardFieldProps) {
  const problem = (field: keyof CardValues) => (shown[field] ? (errors[field] ?? null) : null);
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>Card (test mode)</legend>
      <TextField
        label="Card number"
        problem={problem('number')}
        value={values.number}
        onChange={(event) => onChange({ ...values, number: formatCardNumber(event.target.value) })}
        onBlur={(event) => {
          if (!leavingForSubmit(event)) onLeave('number');
        }}
        inputMode="numeric"
        autoComplete="off"
        placeholder="4242 4242 4242 4242"
        maxLength={23}
      />
      <TextField
        label="Expiry (MM/YY)"
        problem={problem('expiry')}
        value={values.expiry}
        onChange={(event) => onChange({ ...values, expiry: formatExpiry(event.target.value) })}
        onBlur={(event) => {
          if (!leavingForSubmit(event)) onLeave('expiry');
        }}
        inputMode="numeric"
        autoComplete="off"
        placeholder="MM/YY"
        maxLength={5}
      />
      <TextField
        label="CVC"
        problem={problem('cvc')}
        value={values.cvc}
        onChange={(event) => onChange({ ...values, cvc: formatCvc(event.target.value) })}
        onBlur={(event) => {
          if (!leavingForSubmit(event)) onLeave('cvc');
        }}
        inputMode="numeric"
        autoComplete="off"
        placeholder="123"
        maxLength={4}
      />
    </fieldset>
  );
}
