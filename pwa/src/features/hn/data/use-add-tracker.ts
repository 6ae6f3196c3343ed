import { useCallback, useState } from 'react';
import { parseTrackerLink } from '#core/hn/link';
import type { TrackerListItem } from '#core/schemas/hn';
import { ADD_NEEDS_CONNECTION, isTrackerLimit, trackerProblem } from '../hn-messages';
import { addNewTracker } from './tracker-calls';

/**
 * Adding a tracker:
 * - 'idle' / 'adding';
 * - 'refused': the device or the server said no; `limit` when it is the free plan's one tracker;
 * - 'added': `created` false when the post was tracked already.
 */
export type AddTrackerState =
  | { readonly step: 'idle' }
  | { readonly step: 'adding' }
  | { readonly step: 'refused'; readonly message: string; readonly limit: boolean }
  | { readonly step: 'added'; readonly item: TrackerListItem; readonly created: boolean };

export interface AddTracker {
  readonly state: AddTrackerState;
  /** Checks `text` on the device, then asks the server; resolves once the answer is in, true when added. */
  readonly add: (text: string) => Promise<boolean>;
  readonly reset: () => void;
}

/** The link is checked here first with the rule the server applies too, so most mistakes are answered at once. */
export function useAddTracker(onAdded: (item: TrackerListItem) => void): AddTracker {
  const [state, setState] = useState<AddTrackerState>({ step: 'idle' });
  const add = useCallback(
    async (text: string) => {
      const link = parseTrackerLink(text);
      if (!link.ok) {
        setState({ step: 'refused', message: link.message, limit: false });
        return false;
      }
      setState({ step: 'adding' });
      try {
        const { item, created } = await addNewTracker(link.link);
        setState({ step: 'added', item, created });
        onAdded(item);
        return true;
      } catch (error) {
        setState({ step: 'refused', message: trackerProblem(error, ADD_NEEDS_CONNECTION), limit: isTrackerLimit(error) });
        return false;
      }
    },
    [onAdded],
  );
  const reset = useCallback(() => setState({ step: 'idle' }), []);
  return { state, add, reset };
}
