import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { FounderProfile, GetOneSomethingNewResponse, SavedSomethingNew } from '#core/schemas/something-new';
import { rememberProfile } from '#core/something-new/pick';
import { isApiError } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';
import { getOneSomethingNew } from './get-one-something-new';
import { readSavedProfiles, saveProfiles } from './saved-profiles';

export type FetchState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  /** The server has no profile to show. */
  | { readonly status: 'empty' }
  | { readonly status: 'failed'; readonly message: string };

export interface FounderProfiles {
  /** The profile on the card: the one fetched last, or picked from those seen on this device. */
  readonly current: FounderProfile | null;
  /** The profiles seen last on this device, newest first (they stay available offline). */
  readonly recent: readonly FounderProfile[];
  /** Whether the profiles are the fictional sample; null until the server has said. */
  readonly sample: boolean | null;
  readonly datasetUrl: string | null;
  readonly fetch: FetchState;
  readonly online: boolean;
  /** 'Get Random Profile': another profile from the server, never the one on the card. */
  readonly getRandom: () => Promise<void>;
  /** Shows one of the profiles seen on this device. */
  readonly show: (handle: string) => void;
}

function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'offline') return 'You are offline: a connection is needed for new profiles.';
    if (error.kind === 'network') return 'The server could not be reached. Try again in a moment.';
  }
  return 'A profile could not be loaded right now. Try again.';
}

/**
 * Something New's profiles: those seen last on this device at once, then a new one from the
 * server when there is a connection (again when it comes back, if none could be had).
 */
export function useFounderProfiles(): FounderProfiles {
  const online = useOnlineStatus();
  const [saved, setSaved] = useState<SavedSomethingNew | null>(readSavedProfiles);
  const [current, setCurrent] = useState<FounderProfile | null>(() => saved?.recent[0] ?? null);
  const [fetchState, setFetchState] = useState<FetchState>({ status: 'idle' });
  const [fetchedOnOpen, setFetchedOnOpen] = useState(false);
  // The profile on the card when a request starts, without making the requests depend on it.
  const onCard = useRef(current);
  useEffect(() => {
    onCard.current = current;
  }, [current]);

  // A transition: the page is redrawn with the answer a few milliseconds at a time, not in one
  // long task the moment it arrives.
  const applyReply = useCallback((reply: GetOneSomethingNewResponse) => {
    const profile = reply.item[0];
    startTransition(() => {
      setFetchedOnOpen(true);
      if (profile === undefined) {
        setFetchState({ status: 'empty' });
        return;
      }
      setCurrent(profile);
      setSaved((before) => {
        // Sample profiles and the operator's are never mixed: a switch of data starts the list again.
        const kept = before !== null && before.sample === reply.sample ? before.recent : [];
        return { recent: rememberProfile(kept, profile), sample: reply.sample, datasetUrl: reply.datasetUrl };
      });
      setFetchState({ status: 'idle' });
    });
  }, []);

  const applyFailure = useCallback((error: unknown) => {
    setFetchState({ status: 'failed', message: failureMessage(error) });
  }, []);

  useEffect(() => {
    if (saved !== null) saveProfiles(saved);
  }, [saved]);

  useEffect(() => {
    if (!online || fetchedOnOpen) return;
    const controller = new AbortController();
    getOneSomethingNew(onCard.current?.twitter, controller.signal).then(applyReply, (error: unknown) => {
      if (!controller.signal.aborted) applyFailure(error);
    });
    return () => controller.abort();
  }, [online, fetchedOnOpen, applyReply, applyFailure]);

  const getRandom = useCallback(async () => {
    setFetchState({ status: 'loading' });
    await getOneSomethingNew(onCard.current?.twitter).then(applyReply, applyFailure);
  }, [applyReply, applyFailure]);

  const show = useCallback(
    (handle: string) => {
      const profile = saved?.recent.find((seen) => seen.twitter === handle);
      if (profile !== undefined) setCurrent(profile);
    },
    [saved],
  );

  return {
    current,
    recent: saved?.recent ?? [],
    sample: saved?.sample ?? null,
    datasetUrl: saved?.datasetUrl ?? null,
    fetch: fetchState.status === 'idle' && online && !fetchedOnOpen ? { status: 'loading' } : fetchState,
    online,
    getRandom,
    show,
  };
}
