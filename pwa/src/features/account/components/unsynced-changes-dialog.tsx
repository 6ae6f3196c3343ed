import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

export interface UnsyncedChangesDialogProps {
  /** Changes not yet on the server (at least 1). */
  readonly pending: number;
  /** Of those, journal words kept aside on this device (they wait for the person, not for a connection). */
  readonly keptAside: number;
  readonly online: boolean;
  /** Why the last try to sync failed, in words; null when there is nothing to say. */
  readonly problem: string | null;
  readonly onRetry: () => Promise<void>;
  readonly onDiscard: () => void;
  readonly onCancel: () => void;
}

export function unsyncedSentence(pending: number): string {
  return pending === 1
    ? "1 change on this device hasn't been synced yet."
    : `${pending} changes on this device haven't been synced yet.`;
}

/**
 * Log Out with changes that have not reached the server: wait for them (Log Out then finishes by
 * itself), delete them with the rest of the device's copy, or stay signed in.
 */
/** What to say of journal words kept aside, which no connection will send. */
export function keptAsideSentence(pending: number, keptAside: number): string | null {
  if (keptAside === 0) return null;
  const one = keptAside === 1;
  const subject = keptAside === pending ? (one ? 'It is' : 'They are') : `${keptAside} of them ${one ? 'is' : 'are'}`;
  return (
    `${subject} ${one ? 'a journal text' : 'journal texts'} this device could not store yet: choose Cancel, then open ` +
    `the Gratitude Journal (or Previous entries, for an earlier day) to keep ${one ? 'it' : 'them'}.`
  );
}

export function UnsyncedChangesDialog({ pending, keptAside, online, problem, onRetry, onDiscard, onCancel }: UnsyncedChangesDialogProps) {
  const kept = keptAsideSentence(pending, keptAside);
  // The changes a connection sends; Log Out finishes by itself once they have, unless texts are
  // kept aside (those wait for the person).
  const writes = pending - keptAside;
  const them = writes === 1 ? 'it' : 'them';
  const waitToFinish = keptAside === 0;
  return (
    <Dialog
      title="Log out before syncing?"
      onClose={onCancel}
      actions={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={onDiscard}>
            Delete {pending === 1 ? 'it' : 'them'} and log out
          </Button>
          <Button disabled={!online} onClick={onRetry}>
            Try again
          </Button>
        </>
      }
    >
      <p role="status">{unsyncedSentence(pending)}</p>
      {kept !== null && <p>{kept}</p>}
      {writes > 0 &&
        (online ? (
          <p>
            {problem ?? 'Syncing is under way.'}
            {waitToFinish && ` Keep this open to wait: you are logged out as soon as ${writes === 1 ? 'it has' : 'they have'} synced.`}
          </p>
        ) : (
          <p>
            You're offline: syncing {them} needs a connection.
            {waitToFinish && ` Keep this open to wait: once you're back online ${writes === 1 ? 'it syncs' : 'they sync'} and you are logged out.`}
          </p>
        ))}
      <p>
        Logging out removes your journal from this device. Deleting now loses {pending === 1 ? 'this change' : 'these changes'}{' '}
        for good: {pending === 1 ? "it isn't" : "they aren't"} on our server yet. To keep a copy first, choose Cancel
        and export your journal on this page.
      </p>
    </Dialog>
  );
}
