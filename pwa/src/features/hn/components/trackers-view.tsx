import { useCallback, useState } from 'react';
import type { TrackerListItem } from '#core/schemas/hn';
import { useAddTracker } from '../data/use-add-tracker';
import { useDeleteTracker } from '../data/use-delete-tracker';
import { useTrackers } from '../data/use-trackers';
import { AddTrackerForm } from './add-tracker-form';
import { DeleteTrackerDialog } from './delete-tracker-dialog';
import { NewCommentNotificationsLazy } from './new-comment-notifications-lazy';
import { TrackerList } from './tracker-list';
import { TrackersHeading } from './trackers-heading';
import { UpgradePrompt } from './upgrade-prompt';
import styles from './trackers.module.css';

/** /hnrd for the signed-in person: add a tracker, the list (or its loading and empty states), Delete, and Pro. */
export function TrackersView({ isPaid }: { readonly isPaid: boolean }) {
  const trackers = useTrackers();
  const { reload, update, state } = trackers;
  const adding = useAddTracker(reload);
  const [deleted, setDeleted] = useState<string | null>(null);
  const onDeleted = useCallback(
    (tracker: TrackerListItem) => {
      update((list) => list.filter((item) => item._id !== tracker._id));
      setDeleted(tracker.title);
    },
    [update],
  );
  const deleting = useDeleteTracker(onDeleted);
  const hasTrackers = state.status === 'shown' && state.value.length > 0;
  const refusedForLimit = adding.state.step === 'refused' && adding.state.limit;

  return (
    <>
      <TrackersHeading isPaid={isPaid} />
      <AddTrackerForm adding={adding} />
      <TrackerList
        state={state}
        onRetry={reload}
        onDelete={(item) => {
          setDeleted(null);
          deleting.ask(item);
        }}
      />
      <p role="status" className={styles.copyNote}>
        {deleted !== null && `Deleted “${deleted}”.`}
      </p>
      {hasTrackers && <NewCommentNotificationsLazy />}
      {hasTrackers && !isPaid && !refusedForLimit && <UpgradePrompt />}
      <DeleteTrackerDialog deleting={deleting} />
    </>
  );
}
