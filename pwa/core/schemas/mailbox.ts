import { z } from 'zod';

/**
 * The local mailbox (not in production): GET /api/dev/mailbox lists the mail outbox, newest
 * first, whoever each mail is to, so a person running `npm start` sees every receipt and link.
 */

export const MAILBOX_LIMIT = 200;

export const mailboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The plain-text part. */
  text: z.string(),
  /** The HTML part, if the mail has one: shown only in a sandboxed frame. */
  html: z.string().nullable(),
  replyTo: z.string().nullable(),
  /** ISO instants. */
  createdAt: z.string(),
  /** When the send job delivered it (see `deliveredVia`); null while it waits. */
  sentAt: z.string().nullable(),
  /** 'smtp': accepted by the SMTP server; 'outbox': no SMTP_URL, delivered to this mailbox only. */
  deliveredVia: z.enum(['smtp', 'outbox']).nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** Set when the job gave up on it. */
  failedAt: z.string().nullable(),
});
export type MailboxMail = z.infer<typeof mailboxMailSchema>;

export const mailboxResponseSchema = z.object({
  mails: z.array(mailboxMailSchema),
});
export type MailboxResponse = z.infer<typeof mailboxResponseSchema>;
