import { currentInstant } from '../../../lib/clock';
import { ApiError } from '../../../lib/api-client';
import { formatAsOf } from '../hn-format';
import { trackerProblem } from '../hn-messages';
import styles from './trackers.module.css';

export interface CopyNoteProps {
  readonly savedAt: Date;
  readonly fromDevice: boolean;
  readonly updating: boolean;
  readonly problem: unknown;
}

const OFFLINE = 'You’re offline.';

/**
 * Where what is shown comes from: nothing to say for a fresh answer; for the copy on this device,
 * 'as of' when it was saved and why the server could not be asked; a failed update in words.
 */
export function CopyNote({ savedAt, fromDevice, updating, problem }: CopyNoteProps) {
  const offline = problem instanceof ApiError && problem.kind === 'offline';
  const reason = problem === null ? null : trackerProblem(problem, OFFLINE);
  return (
    <p role="status" className={styles.copyNote}>
      {fromDevice && (
        <>
          Saved on this device as of <time dateTime={savedAt.toISOString()}>{formatAsOf(savedAt, currentInstant())}</time>.{' '}
        </>
      )}
      {updating ? 'Checking for updates…' : reason !== null && (offline || fromDevice ? reason : `Could not update: ${reason}`)}
    </p>
  );
}
