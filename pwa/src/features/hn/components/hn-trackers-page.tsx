import { useRefreshUser } from '../data/use-refresh-user';
import { HnLanding } from './hn-landing';
import type { HnNavAccount } from './hn-nav-bar';
import { HnPage } from './hn-page';
import { TrackersView } from './trackers-view';

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
      {account === null ? <HnLanding signInHref={signInHref} /> : <TrackersView isPaid={account.isPaid} />}
    </HnPage>
  );
}
