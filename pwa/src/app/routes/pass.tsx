import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { PRICES_CENTS } from '#core/plans/prices';
import { paths } from '#core/paths';
import { CheckoutForm } from '../../features/payments/components/checkout-form';
import { PassCheckoutPage } from '../../features/pass/components/pass-checkout-page';

/** React Router's index of this entry in the session history: 0 when the app opened here. */
function historyIndex(): number {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' ? state.idx : 0;
}

/** /pay: THE PASS, paid through the shared checkout. */
export function Component() {
  const navigate = useNavigate();
  const onSucceeded = useCallback(() => void navigate(paths.thankYou.href(), { replace: true }), [navigate]);
  const onCancel = useCallback(() => void (historyIndex() > 0 ? navigate(-1) : navigate(paths.home.href())), [navigate]);
  return (
    <PassCheckoutPage
      checkout={
        <CheckoutForm
          product="pass"
          amountCents={PRICES_CENTS.pass}
          submitLabel="Buy Pass"
          onSucceeded={onSucceeded}
          onCancel={onCancel}
        />
      }
    />
  );
}
