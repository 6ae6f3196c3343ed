import styles from './checkout.module.css';

export const TEST_MODE_TEXT = 'Test mode: no money moves. Use 4242 4242 4242 4242, any future date, any CVC.';

/** On every payment page while payments run against the local Stripe. */
export function TestModeBanner() {
  return (
    <p className={styles.banner} role="note">
      {TEST_MODE_TEXT}
    </p>
  );
}
