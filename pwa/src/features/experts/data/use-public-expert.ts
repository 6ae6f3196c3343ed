import { useEffect, useRef, useState } from 'react';
import type { PublicExpert } from '#core/experts/public-expert-reply';
import { isApiError } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/online-status';
import { writtenData } from '../../../lib/written-data';
import { onboardingFailure } from '../expert-messages';
import { forgetPageCopy, readPageCopy, savePageCopy } from './page-copies';
import { getPublicExpert } from './public-expert-api';

export type PublicExpertLoad =
  | { readonly status: 'loading' }
  /** `fresh` false: the copy this device kept (offline, or the server away). */
  | { readonly status: 'ready'; readonly expert: PublicExpert; readonly fresh: boolean }
  | { readonly status: 'not-found' }
  /** Offline with no copy kept. */
  | { readonly status: 'offline' }
  | { readonly status: 'failed'; readonly message: string };

/**
 * An expert's public page: the expert the server wrote the page with, else the kept copy, at once;
 * then the server's (kept for next time). A page written with the expert was read from the server
 * just now: it is kept as it is, and asked for again only when the connection comes back.
 */
export function usePublicExpert(siteName: string): PublicExpertLoad {
  const online = useOnlineStatus();
  const [written] = useState(() => {
    const expert = writtenData().publicExpert;
    return expert?.siteName === siteName ? expert : null;
  });
  const [load, setLoad] = useState<PublicExpertLoad>(() => {
    if (written !== null) return { status: 'ready', expert: written, fresh: true };
    const copy = readPageCopy(siteName);
    return copy === null ? { status: 'loading' } : { status: 'ready', expert: copy, fresh: false };
  });
  const askServer = useRef(written === null);

  useEffect(() => {
    if (!askServer.current) {
      askServer.current = true;
      if (written !== null) savePageCopy(written);
      return;
    }
    let live = true;
    getPublicExpert(siteName).then(
      (expert) => {
        savePageCopy(expert);
        if (live) setLoad({ status: 'ready', expert, fresh: true });
      },
      (error: unknown) => {
        if (!live) return;
        if (isApiError(error, 'EXPERT_NOT_FOUND') || isApiError(error, 'INVALID_REQUEST')) {
          forgetPageCopy(siteName);
          setLoad({ status: 'not-found' });
          return;
        }
        setLoad((current) => {
          if (current.status === 'ready') return { ...current, fresh: false };
          if (isApiError(error) && error.kind === 'offline') return { status: 'offline' };
          return { status: 'failed', message: onboardingFailure(error) };
        });
      },
    );
    return () => {
      live = false;
    };
  }, [siteName, online, written]);

  return load;
}
