import { RefreshCw } from 'lucide-react';
import { EXAMPLE_POST_ID, hnItemLink } from '#core/hn/link';
import type { TrackerListItem } from '#core/schemas/hn';
import { Button } from '../../../components/ui/button';
import { currentInstant } from '../../../lib/clock';
import { useSetAsideCounts } from '../data/comment-triage';
import type { TrackerList as Trackers } from '../data/use-trackers';
import type { CopyState } from '../data/use-server-copy';
import { trackerProblem } from '../hn-messages';
import { CopyNote } from './copy-note';
import { TrackerRow } from './tracker-row';
import styles from './trackers.module.css';

const NO_COPY_OFFLINE = 'You’re offline, and this device has no saved copy of your trackers yet. They show here once you have been online.';

interface TrackerListProps {
  readonly state: CopyState<Trackers>;
  readonly onRetry: () => void;
  readonly onDelete: (item: TrackerListItem) => void;
}

/** The list's states: 'Getting trackers ...', nothing to show and why, empty with an example, or the list. */
export function TrackerList({ state, onRetry, onDelete }: TrackerListProps) {
  const setAside = useSetAsideCounts();
  if (state.status === 'loading') {
    return (
      <p role="status" className={styles.loading}>
        Getting trackers ...
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className={styles.failed}>
        <p className={styles.problem}>{trackerProblem(state.problem, NO_COPY_OFFLINE)}</p>
        <Button variant="secondary" size="sm" icon={<RefreshCw aria-hidden="true" size={16} />} onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  const example = hnItemLink(EXAMPLE_POST_ID);
  const now = currentInstant();
  return (
    <section aria-label="Trackers" className={styles.listSection}>
      <CopyNote savedAt={state.savedAt} fromDevice={state.fromDevice} updating={state.updating} problem={state.problem} />
      {state.value.length === 0 ? (
        <p className={styles.empty}>
          You’re not tracking any posts yet. Paste the link of your launch post above, for example{' '}
          <a href={example} target="_blank" rel="noopener noreferrer">
            {example}
          </a>
          .
        </p>
      ) : (
        <ul className={styles.list} role="list">
          {state.value.map((item) => (
            <TrackerRow key={item._id} item={item} now={now} setAside={setAside.get(item.postId) ?? 0} onDelete={() => onDelete(item)} />
          ))}
        </ul>
      )}
    </section>
  );
}
