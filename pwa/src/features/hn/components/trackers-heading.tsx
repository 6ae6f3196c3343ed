import { PageHeading } from '../../../components/ui/page-heading';
import { ProBadge } from './pro-badge';
import styles from './trackers.module.css';

/** The heading of /hnrd for the signed-in person: shown at once, while the list's code loads too. */
export function TrackersHeading({ isPaid }: { readonly isPaid: boolean }) {
  return (
    <PageHeading
      title={
        <span className={styles.heading}>
          Your trackers {isPaid && <ProBadge />}
        </span>
      }
      lead="The launch posts you track on Hacker News, with the top-level comments you have not answered yet."
    />
  );
}
