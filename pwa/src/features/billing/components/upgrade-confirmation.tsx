import { useEffect, useState } from 'react';
import { useSessionStore } from '../../../session/use-session-store';
import { locallyUpgrade } from '../data/apply-account';
import { accountCheck } from '../data/confirm-checks';
import { ConfirmationStatus } from './confirmation-status';

/**
 * After the first month was paid on /hnupgrade: the account counts as Pro on this device at once,
 * and the page says it is confirming until refreshUser says Pro (`onConfirmed`).
 */
export function UpgradeConfirmation({ onConfirmed }: { readonly onConfirmed: () => void }) {
  const store = useSessionStore();
  const [check] = useState(() => accountCheck(store));
  useEffect(() => {
    locallyUpgrade(store);
  }, [store]);
  return <ConfirmationStatus check={check} onConfirmed={onConfirmed} />;
}
