import { trackerRefSchema } from '#core/schemas/hn';
import type { HnNavAccount } from './hn-nav-bar';
import { HnPage } from './hn-page';
import { BackToTrackers, TrackerDetail } from './tracker-detail';
import styles from './detail.module.css';

export interface TrackerDetailPageProps {
  /** The /hnitem/{id} segment: a post's id or a tracker's. */
  readonly id: string;
  readonly account: HnNavAccount;
  readonly signInHref: string;
}

/** /hnitem/{id} for the signed-in person; an address that names no tracker says so without asking the server. */
export function TrackerDetailPage({ id, account, signInHref }: TrackerDetailPageProps) {
  const ref = trackerRefSchema.safeParse(id);
  return (
    <HnPage
      title="Unanswered comments"
      description="The top-level comments of your launch post that you have not answered yet."
      account={account}
      signInHref={signInHref}
    >
      <BackToTrackers />
      {ref.success ? (
        <TrackerDetail key={id} id={id} trackerRef={ref.data} />
      ) : (
        <div role="alert" className={styles.failed}>
          <h1 className={styles.title}>Comments not available</h1>
          <p className={styles.problem}>This address names no tracker: it ends in a post’s id, like /hnitem/8863. Open the post from your trackers.</p>
        </div>
      )}
    </HnPage>
  );
}
