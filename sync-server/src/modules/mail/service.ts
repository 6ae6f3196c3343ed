import { z } from 'zod';
import { emailSchema } from '#core/schemas/auth';
import type { Sql, TransactionSql } from '../../db/client.ts';
import { isPermanentMailError, type MailTransport } from '../../providers/mail.ts';
import { claimDueMail, insertMail, markFailed, markSent, type ClaimedMail } from './repo.ts';

/**
 * Outgoing e-mail. A change that causes a mail queues it with `queueMail` in its own transaction,
 * so the change and its mail commit together or not at all. The send job (`runMailJob`, every
 * instance runs it) takes due rows and hands them to the transport.
 *
 * Exactly once, as far as it can be:
 * - Two instances never send one row at the same time: a row is claimed (FOR UPDATE SKIP LOCKED,
 *   then `claimed_until`) in a statement that commits before sending, and a claimed row is not due
 *   for anyone else until its claim runs out (CLAIM_MS, far longer than the SMTP timeouts).
 * - The edge that remains is at-least-once: if the process dies (or the database is out of reach)
 *   after the SMTP server accepted a mail and before `sent_at` is written, the claim runs out and
 *   the mail is sent again. The repeat carries the same Message-ID (made from the row's id), so
 *   mail clients that de-duplicate show it once. A try that started counts in `attempts` when it
 *   is claimed, so a mail that crashes the process every time still ends up given up.
 * - A failed try is tried again after a backoff (1 min, doubling, at most 6 h); after MAX_ATTEMPTS
 *   tries, or at once when the SMTP server refuses it for good (5xx), `failed_at` is set and the
 *   row is kept with its `last_error`.
 */

/** How long one instance holds a claimed mail; past that another may take it over. */
export const CLAIM_MS = 10 * 60_000;
export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 6 * 60 * 60_000;
/** Tries before a mail is given up (about 1.5 days of backoff in all). */
export const MAX_ATTEMPTS = 12;
export const DEFAULT_MAIL_BATCH_SIZE = 20;
/** Longest error text kept in `last_error`. */
const MAX_ERROR_LENGTH = 1000;

/** How long to wait after the `attempts`-th failed try: 1 min, doubling, at most 6 h. */
export function mailRetryMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/** One header line: no line breaks (they would start a new header), at most RFC 5322's 998. */
const headerText = z
  .string()
  .min(1)
  .max(998)
  .regex(/^[^\r\n]*$/, 'must be one line');

export const newMailSchema = z.object({
  to: emailSchema,
  subject: headerText,
  /** The plain-text part; every mail has one (the local mailbox shows it). */
  text: z.string().min(1).max(100_000),
  html: z.string().max(500_000).optional(),
  replyTo: emailSchema.optional(),
});
export type NewMail = z.input<typeof newMailSchema>;

/**
 * Queues a mail in the caller's transaction: it is sent once that transaction commits, and never
 * if it rolls back. Returns the outbox row's id. A malformed mail is a programming error and throws.
 */
export async function queueMail(tx: TransactionSql, mail: NewMail): Promise<string> {
  const valid = newMailSchema.parse(mail);
  return insertMail(tx, {
    to: valid.to,
    subject: valid.subject,
    text: valid.text,
    html: valid.html ?? null,
    replyTo: valid.replyTo ?? null,
  });
}

export interface MailRunDeps {
  readonly sql: Sql;
  readonly transport: MailTransport;
  readonly batchSize?: number;
  readonly onError?: (error: unknown, mailId: string) => void;
}

export interface MailRunResult {
  readonly sent: number;
  /** Failed tries that will be tried again. */
  readonly retrying: number;
  /** Failed tries after which the mail was given up. */
  readonly gaveUp: number;
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

async function sendOne(deps: MailRunDeps, mail: ClaimedMail, now: number): Promise<'sent' | 'retrying' | 'gaveUp'> {
  let providerId: string | null;
  try {
    ({ providerId } = await deps.transport.deliver(mail));
  } catch (error) {
    const giveUp = mail.attempts >= MAX_ATTEMPTS || isPermanentMailError(error);
    await markFailed(deps.sql, mail.id, {
      error: errorText(error),
      retryAt: new Date(now + mailRetryMs(mail.attempts)),
      failedAt: giveUp ? new Date(now) : null,
    });
    deps.onError?.(error, mail.id);
    return giveUp ? 'gaveUp' : 'retrying';
  }
  await markSent(deps.sql, mail.id, { sentAt: new Date(now), via: deps.transport.via, providerId });
  return 'sent';
}

/**
 * One pass of the send job at `now`: takes up to a batch of due mails and sends them one after
 * the other. Safe on any number of instances at once (see above). In the outbox mode the
 * transport sends nothing and the rows are marked as delivered to the local mailbox.
 */
export async function runMailJob(deps: MailRunDeps, now: number): Promise<MailRunResult> {
  const claimed = await claimDueMail(deps.sql, new Date(now), new Date(now + CLAIM_MS), deps.batchSize ?? DEFAULT_MAIL_BATCH_SIZE);
  const counts = { sent: 0, retrying: 0, gaveUp: 0 };
  for (const mail of claimed) counts[await sendOne(deps, mail, now)]++;
  return counts;
}
