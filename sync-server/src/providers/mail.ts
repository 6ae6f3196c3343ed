import nodemailer from 'nodemailer';
import type { MailConfig } from '../env.ts';

/**
 * The mail transport: where the mail job hands each e-mail of the outbox.
 * - 'smtp' (SMTP_URL set): nodemailer sends it to that server; the delivery is the server's
 *   250 answer.
 * - 'outbox' (the zero-setup default): nothing leaves this machine. The `mail_outbox` table is the
 *   mailbox, read by the local mailbox page; "delivered" means the job marked the row.
 */

/** The sender when SMTP_URL names none with `?from=` (a local default, fine for the outbox). */
export const DEFAULT_MAIL_FROM = 'Memento <no-reply@memento.localhost>';

/** Bounds on one SMTP conversation, well inside the job's claim on a row (mail/service.ts CLAIM_MS). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 } as const;

export interface OutgoingMail {
  /** The outbox row's id; the SMTP Message-ID is made from it, so a repeated send reads as one mail. */
  readonly id: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly replyTo: string | null;
}

export interface MailDelivery {
  /** The Message-ID the SMTP server accepted; null in the outbox mode. */
  readonly providerId: string | null;
}

export interface MailTransport {
  readonly via: 'smtp' | 'outbox';
  deliver(mail: OutgoingMail): Promise<MailDelivery>;
  close(): void;
}

/**
 * `SMTP_URL` as nodemailer reads it (its query parameters are transport options), without our
 * `from` parameter and with the timeouts unless it sets its own; and the sender `from` names.
 */
export function parseSmtpUrl(url: string): { readonly url: string; readonly from: string } {
  const parsed = new URL(url);
  const from = parsed.searchParams.get('from') ?? DEFAULT_MAIL_FROM;
  parsed.searchParams.delete('from');
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!parsed.searchParams.has(name)) parsed.searchParams.set(name, String(ms));
  }
  return { url: parsed.href, from };
}

function messageIdDomain(from: string): string {
  const match = /@([^\s>]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'memento.localhost';
}

/** An SMTP answer in the 5xx range: the server refuses this mail for good, another try would too. */
export function isPermanentMailError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false;
  const { responseCode } = error;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

function smtpTransport(url: string): MailTransport {
  const smtp = parseSmtpUrl(url);
  const transporter = nodemailer.createTransport(smtp.url, { from: smtp.from });
  const domain = messageIdDomain(smtp.from);
  return {
    via: 'smtp',
    async deliver(mail) {
      const messageId = `<${mail.id}@${domain}>`;
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId,
        ...(mail.html === null ? {} : { html: mail.html }),
        ...(mail.replyTo === null ? {} : { replyTo: mail.replyTo }),
      });
      return { providerId: messageId };
    },
    close() {
      transporter.close();
    },
  };
}

const outboxTransport: MailTransport = {
  via: 'outbox',
  deliver: () => Promise.resolve({ providerId: null }),
  close: () => undefined,
};

export function createMailTransport(config: MailConfig): MailTransport {
  return config.mode === 'smtp' ? smtpTransport(config.url) : outboxTransport;
}
