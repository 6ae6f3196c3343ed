import { Suspense } from 'react';
import { useRefreshUser } from '../data/use-refresh-user';
import { HnLanding } from './hn-landing';
import type { HnNavAccount } from './hn-nav-bar';
import { HnPage } from './hn-page';
import { TrackersHeading } from './trackers-heading';
import styles from './trackers.module.css';
import { lazyRetrying } from '../../../lib/lazy-retrying';

/**
 * The signed-in list (its calls, the device copy in the database, the schemas that read them)
 * loads only for someone signed in: a visitor's landing carries none of it. The service worker
 * precaches the chunk, so the list still opens offline.
 */
const TrackersView = lazyRetrying(async () => (await import('./trackers-view')).TrackersView);

export interface HnTrackersPageProps {
  /** The signed-in person; null for a visitor, who sees the landing. */
  readonly account: (HnNavAccount & { readonly token: string }) | null;
  /** The sign-in page, returning to /hnrd. */
  readonly signInHref: string;
}

/** /hnrd: the tracker's landing for a visitor, the person's trackers once signed in. */
export function HnTrackersPage({ account, signInHref }: HnTrackersPageProps) {
  useRefreshUser(account?.token ?? '');
  return (
    <HnPage
      title={account === null ? 'Hacker News launch tracker' : 'Your trackers'}
      description="Track your launch posts on Hacker News and see the top-level comments you have not answered yet."
      account={account}
      signInHref={signInHref}
      wide={account === null}
    >
      {account === null ? (
        <HnLanding signInHref={signInHref} />
      ) : (
        <Suspense
          fallback={
            <>
              <TrackersHeading isPaid={account.isPaid} />
              <p role="status" className={styles.loading}>
                Getting trackers ...
              </p>
            </>
          }
        >
          <TrackersView isPaid={account.isPaid} />
        </Suspense>
      )}
    </HnPage>
  );
}
