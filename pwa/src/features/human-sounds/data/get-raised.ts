import { startTransition, useCallback, useEffect, useState } from 'react';
import { charityRaisedReply, readCharityRaised, type CharityRaised } from '#core/human-sounds/raised-reply';
import { api, type ApiClient } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';
import { deviceStorage } from '../../../lib/device-storage';

/** `GET /api/humansounds/raised`: what the library's sales and the owner's match have raised. */
export function getCharityRaised(signal?: AbortSignal, client: ApiClient = api): Promise<CharityRaised> {
  return client.request('/humansounds/raised', charityRaisedReply, { signal });
}

type RaisedStorage = Pick<Storage, 'getItem' | 'setItem'>;

const STORAGE_KEY = 'memento.humanSounds.raised';

/**
 * The last figures this device fetched, so the page still has something true to say offline
 * (with their date). Whatever is read back is checked with the answer's own schema; a damaged
 * value counts as none.
 */
export function readSavedRaised(storage: RaisedStorage | null = deviceStorage()): CharityRaised | null {
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (text === null || text === undefined) return null;
    return readCharityRaised(JSON.parse(text));
  } catch {
    return null;
  }
}

export function saveRaised(raised: CharityRaised, storage: RaisedStorage | null = deviceStorage()): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(raised));
  } catch {
    // Full or blocked storage: the figures are still shown on this visit.
  }
}

export type RaisedState =
  | { readonly status: 'loading' }
  /** Fetched just now. */
  | { readonly status: 'live'; readonly raised: CharityRaised }
  /** The last figures fetched on this device; the latest could not be had (`offline` says why). */
  | { readonly status: 'saved'; readonly raised: CharityRaised; readonly offline: boolean }
  /** Nothing to show: never fetched here, and not fetchable now. */
  | { readonly status: 'unavailable'; readonly offline: boolean };

/**
 * The amount raised: the saved figures at once, then the live ones when the server answers
 * (fetched again when the connection comes back). `retry` asks again after a failure.
 */
export function useCharityRaised(): { readonly state: RaisedState; readonly retry: () => void } {
  const online = useOnlineStatus();
  const [saved] = useState(readSavedRaised);
  const [live, setLive] = useState<CharityRaised | null>(null);
  const [attempt, setAttempt] = useState(0);
  /** The attempt whose request failed: the latest figures could not be had then. */
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);

  useEffect(() => {
    if (!online || live !== null) return;
    const controller = new AbortController();
    getCharityRaised(controller.signal).then(
      (raised) => {
        saveRaised(raised);
        // Not urgent: React redraws the page with the figures a few milliseconds at a time.
        startTransition(() => setLive(raised));
      },
      () => {
        if (!controller.signal.aborted) setFailedAttempt(attempt);
      },
    );
    return () => controller.abort();
  }, [online, live, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: raisedState(live, saved, online, failedAttempt === attempt), retry };
}

function raisedState(live: CharityRaised | null, saved: CharityRaised | null, online: boolean, failed: boolean): RaisedState {
  if (live !== null) return { status: 'live', raised: live };
  if (online && !failed) return { status: 'loading' };
  if (saved !== null) return { status: 'saved', raised: saved, offline: !online };
  return { status: 'unavailable', offline: !online };
}
