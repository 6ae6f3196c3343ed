import type { Sql, TransactionSql } from '../../db/client.ts';
import type { OutgoingMail } from '../../providers/mail.ts';

/** SQL of the mail outbox (0001, 0008): queued mail, the send job's claims and marks, the mailbox. */

type Db = Sql | TransactionSql;

export interface NewMailRow {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly replyTo: string | null;
}

export interface ClaimedMail extends OutgoingMail {
  /** Tries made, this one included. */
  readonly attempts: number;
}

export interface MailboxRow extends ClaimedMail {
  readonly createdAt: Date;
  readonly sentAt: Date | null;
  readonly deliveredVia: 'smtp' | 'outbox' | null;
  readonly lastError: string | null;
  readonly failedAt: Date | null;
}

/** The columns every read of a mail takes, as stored. */
interface StoredMailRow {
  readonly id: string;
  readonly to_address: string;
  readonly subject: string;
  readonly body: string;
  readonly html: string | null;
  readonly reply_to: string | null;
  readonly attempts: number;
}

function mailOf(row: StoredMailRow): ClaimedMail {
  return { id: row.id, to: row.to_address, subject: row.subject, text: row.body, html: row.html, replyTo: row.reply_to, attempts: row.attempts };
}

export async function insertMail(tx: TransactionSql, mail: NewMailRow): Promise<string> {
  const [row] = await tx<{ id: string }[]>`
    insert into mail_outbox (to_address, subject, body, html, reply_to)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html}, ${mail.replyTo})
    returning id`;
  if (!row) throw new Error('insert returned no mail');
  return row.id;
}

/**
 * Takes up to `limit` due mails for this instance until `claimUntil` and counts the try. Rows
 * another instance is taking at the same moment are skipped (SKIP LOCKED); rows it holds (an
 * unexpired claim) are not due. The claim commits at once, so no transaction stays open while
 * the transport talks to the SMTP server.
 */
export async function claimDueMail(db: Db, now: Date, claimUntil: Date, limit: number): Promise<ClaimedMail[]> {
  const rows = await db<StoredMailRow[]>`
    update mail_outbox m set claimed_until = ${claimUntil}, attempts = m.attempts + 1
    from (
      select id from mail_outbox
      where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        and (claimed_until is null or claimed_until <= ${now})
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ) due
    where m.id = due.id
    returning m.id, m.to_address, m.subject, m.body, m.html, m.reply_to, m.attempts`;
  return rows.map(mailOf);
}

export async function markSent(
  db: Db,
  id: string,
  delivery: { sentAt: Date; via: 'smtp' | 'outbox'; providerId: string | null },
): Promise<void> {
  await db`
    update mail_outbox
    set sent_at = ${delivery.sentAt}, delivered_via = ${delivery.via}, provider_id = ${delivery.providerId},
        claimed_until = null, last_error = null
    where id = ${id} and sent_at is null`;
}

/** A failed try: tried again at `retryAt`, or never (`failedAt` set: given up, the row stays). */
export async function markFailed(
  db: Db,
  id: string,
  failure: { error: string; retryAt: Date; failedAt: Date | null },
): Promise<void> {
  await db`
    update mail_outbox
    set last_error = ${failure.error}, next_attempt_at = ${failure.retryAt}, failed_at = ${failure.failedAt},
        claimed_until = null
    where id = ${id} and sent_at is null`;
}

/** The newest mails first, whoever they are to. */
export async function listMailbox(db: Db, limit: number): Promise<MailboxRow[]> {
  const rows = await db<
    (StoredMailRow & {
      created_at: Date;
      sent_at: Date | null;
      delivered_via: 'smtp' | 'outbox' | null;
      last_error: string | null;
      failed_at: Date | null;
    })[]
  >`
    select id, to_address, subject, body, html, reply_to, created_at, sent_at, delivered_via, attempts, last_error, failed_at
    from mail_outbox
    order by created_at desc, id desc
    limit ${limit}`;
  return rows.map((row) => ({
    ...mailOf(row),
    createdAt: row.created_at,
    sentAt: row.sent_at,
    deliveredVia: row.delivered_via,
    lastError: row.last_error,
    failedAt: row.failed_at,
  }));
}
