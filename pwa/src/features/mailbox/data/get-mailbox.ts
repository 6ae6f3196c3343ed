import { useCallback, useEffect, useState } from 'react';
import { mailboxResponseSchema, type MailboxMail } from '#core/schemas/mailbox';
import { api, type ApiClient } from '../../../lib/api-client';

/** `GET /api/dev/mailbox`: every mail the server queued, newest first (not in production). */
export async function getMailbox(signal?: AbortSignal, client: ApiClient = api): Promise<readonly MailboxMail[]> {
  return (await client.request('/dev/mailbox', mailboxResponseSchema, { signal })).mails;
}

export type MailboxState =
  | { readonly status: 'loading' }
  | { readonly status: 'unavailable' }
  | { readonly status: 'ready'; readonly mails: readonly MailboxMail[] };

/** The mailbox, loaded on mount and again on `reload()`; 'unavailable' when the server has none (production) or cannot be reached. */
export function useMailbox(): { readonly state: MailboxState; readonly reload: () => void } {
  const [state, setState] = useState<MailboxState>({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    getMailbox(controller.signal).then(
      (mails) => setState({ status: 'ready', mails }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'unavailable' });
      },
    );
    return () => controller.abort();
  }, [round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { state, reload };
}
