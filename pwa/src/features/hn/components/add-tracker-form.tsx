import { useId, useState, type SubmitEvent } from 'react';
import { Plus } from 'lucide-react';
import { TRACKER_LINK_HINT, TRACKER_LINK_MAX } from '#core/hn/link';
import { Button } from '../../../components/ui/button';
import { useOnlineStatus } from '../../../lib/online-status';
import type { AddTracker } from '../data/use-add-tracker';
import { ADD_NEEDS_CONNECTION } from '../hn-messages';
import { UpgradePrompt } from './upgrade-prompt';
import styles from './trackers.module.css';

/** The field that adds a tracker, with the hint, and what the device or the server said about the link. */
export function AddTrackerForm({ adding }: { readonly adding: AddTracker }) {
  const [text, setText] = useState('');
  const online = useOnlineStatus();
  const id = useId();
  const { state } = adding;
  const refused = state.step === 'refused' ? state : null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The field is cleared once the tracker is in; a refused link stays, to be corrected.
    if (await adding.add(text)) setText('');
  };

  return (
    <form className={styles.add} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-link`} className={styles.label}>
        Track a post
      </label>
      <div className={styles.addRow}>
        <input
          id={`${id}-link`}
          className={styles.input}
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://news.ycombinator.com/item?id=…"
          maxLength={TRACKER_LINK_MAX}
          value={text}
          aria-describedby={`${id}-hint ${id}-outcome`}
          aria-invalid={refused !== null && !refused.limit}
          onChange={(event) => {
            setText(event.target.value);
            if (state.step !== 'adding') adding.reset();
          }}
        />
        <Button type="submit" busy={state.step === 'adding'} icon={<Plus aria-hidden="true" size={18} />}>
          Track
        </Button>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {TRACKER_LINK_HINT}
        {!online && <> · {ADD_NEEDS_CONNECTION}</>}
      </p>
      <div id={`${id}-outcome`} role="status">
        {refused !== null && !refused.limit && <p className={styles.problem}>{refused.message}</p>}
        {state.step === 'added' && (
          <p className={styles.success}>{state.created ? `Now tracking “${state.item.title}”.` : `You already track “${state.item.title}”.`}</p>
        )}
      </div>
      {refused?.limit === true && <UpgradePrompt reason={refused.message} />}
    </form>
  );
}
