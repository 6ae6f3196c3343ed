import { Router } from 'express';
import { MAILBOX_LIMIT, type MailboxResponse } from '#core/schemas/mailbox';
import type { Sql } from '../../db/client.ts';
import { listMailbox } from './repo.ts';

/**
 * `GET /api/dev/mailbox`: the local mailbox, every queued mail whoever it is to, newest first.
 * For a person running the app on their machine, where the outbox is the mailbox; `createApp`
 * does not mount it in production, where it answers 404 like any unknown endpoint.
 */
export function mailboxRouter({ sql }: { readonly sql: Sql }): Router {
  const router = Router();
  router.get('/dev/mailbox', async (_req, res) => {
    const rows = await listMailbox(sql, MAILBOX_LIMIT);
    const body: MailboxResponse = {
      mails: rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        failedAt: row.failedAt?.toISOString() ?? null,
      })),
    };
    res.json(body);
  });
  return router;
}
