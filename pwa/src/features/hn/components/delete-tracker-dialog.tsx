import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { DeleteTracker } from '../data/use-delete-tracker';
import styles from './trackers.module.css';

/** 'Delete this tracker?': what goes, Cancel or Delete, and why it failed if it did. */
export function DeleteTrackerDialog({ deleting }: { readonly deleting: DeleteTracker }) {
  const { asking, problem } = deleting;
  if (asking === null) return null;
  return (
    <Dialog
      title="Delete this tracker?"
      onClose={deleting.cancel}
      actions={
        <>
          <Button variant="ghost" onClick={deleting.cancel}>
            Cancel
          </Button>
          <Button onClick={deleting.confirm}>Delete</Button>
        </>
      }
    >
      <p>
        “{asking.title}” leaves your trackers, and its comments leave this device. You can track the post again at any time.
      </p>
      {problem !== null && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
    </Dialog>
  );
}
