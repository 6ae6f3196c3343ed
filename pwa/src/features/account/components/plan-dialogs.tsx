import { PRICES_CENTS, formatUsd } from '#core/plans/prices';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** 'Upgrade now' until payments arrive: says plainly that checkout is not open yet. */
export function UpgradeDialog({ onClose }: { readonly onClose: () => void }) {
  return (
    <Dialog
      title="Checkout opens soon"
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p>
        Pro ({formatUsd(PRICES_CENTS.proMonthly)} a month) can't be bought in the app yet: checkout opens with our launch
        later this year.
      </p>
      <p>Nothing has been charged. Your journal and streaks stay free, online and offline.</p>
    </Dialog>
  );
}

/** 'Manage Subscriptions' for a paid account, until the billing portal is connected. */
export function BillingPortalDialog({ onClose }: { readonly onClose: () => void }) {
  return (
    <Dialog
      title="Subscription management opens soon"
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p>The billing portal isn't connected yet. Your Pro plan is active and nothing about it changes.</p>
      <p>To change or cancel it now, e-mail us: cancellations take effect within 24 hours.</p>
    </Dialog>
  );
}
