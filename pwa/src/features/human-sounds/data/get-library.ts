import { useCallback, useEffect, useState } from 'react';
import { downloadTokenSchema, libraryAccessSchema, type LibraryAccess } from '#core/schemas/human-sounds';
import { api, isApiError, type ApiClient } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';

/** `GET /api/humansounds/library/{token}`: the purchase this download token opens. */
export function getLibraryAccess(token: string, signal?: AbortSignal, client: ApiClient = api): Promise<LibraryAccess> {
  return client.request(`/humansounds/library/${encodeURIComponent(token)}`, libraryAccessSchema, { signal });
}

export type LibraryState =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly access: LibraryAccess }
  /** Not a token of any purchase: mistyped, cut short, or made up. */
  | { readonly status: 'refused' }
  /** The purchase was refunded, which ended its download. */
  | { readonly status: 'revoked' }
  | { readonly status: 'offline' }
  | { readonly status: 'failed'; readonly message: string };

/** A failed look-up in the words of the states above. */
export function libraryFailure(error: unknown): LibraryState {
  if (isApiError(error)) {
    if (error.kind === 'offline') return { status: 'offline' };
    if (error.code === 'DOWNLOAD_REVOKED' || error.status === 410) return { status: 'revoked' };
    if (error.status === 404 || error.status === 400) return { status: 'refused' };
  }
  return { status: 'failed', message: failedMessage(error) };
}

/** What went wrong, as one sentence. */
function failedMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return 'The server could not be reached.';
    if (error.kind === 'bad-reply') return 'The server sent an answer this page cannot read.';
    // Without words of its own, the server's message is only its code.
    if (error.message !== error.code) return /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  }
  return 'The link could not be checked right now.';
}

/**
 * The purchase behind the token in the address. A token that does not have the shape of one is
 * refused without asking the server; offline, the page waits for the connection and asks then.
 */
export function useLibraryAccess(token: string): { readonly state: LibraryState; readonly retry: () => void } {
  const online = useOnlineStatus();
  const wellFormed = downloadTokenSchema.safeParse(token).success;
  const [result, setResult] = useState<{ readonly token: string; readonly state: LibraryState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const known = result !== null && result.token === token && result.state.status !== 'offline' ? result.state : null;

  useEffect(() => {
    if (!wellFormed || !online || known !== null) return;
    const controller = new AbortController();
    getLibraryAccess(token, controller.signal).then(
      (access) => setResult({ token, state: { status: 'ready', access } }),
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ token, state: libraryFailure(error) });
      },
    );
    return () => controller.abort();
  }, [token, wellFormed, online, known, attempt]);

  const retry = useCallback(() => {
    setResult(null);
    setAttempt((count) => count + 1);
  }, []);

  if (!wellFormed) return { state: { status: 'refused' }, retry };
  if (known !== null) return { state: known, retry };
  return { state: online ? { status: 'loading' } : { status: 'offline' }, retry };
}
