import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSql } from '../../db/client.ts';
import { transact } from '../../db/transact.ts';
import { createMailTransport, type MailTransport } from '../../providers/mail.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.ts';
import { claimDueMail } from './repo.ts';
import { CLAIM_MS, FIRST_RETRY_MS, MAX_ATTEMPTS, MAX_RETRY_MS, mailRetryMs, queueMail, runMailJob, type NewMail } from './service.ts';

const database = useTestDatabase();
let smtp: TestSmtpServer;
let transport: MailTransport;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ mode: 'smtp', url: `${smtp.url}?from=${encodeURIComponent('Memento <hello@memento.test>')}` });
});
afterAll(async () => {
  transport.close();
  await smtp.close();
});
beforeEach(async () => {
  await database().sql`delete from mail_outbox`;
  smtp.received.length = 0;
  smtp.refuseWith(null);
});

const receipt = { to: 'ada@example.com', subject: 'Your receipt', text: 'Thank you. Download: https://memento.test/d/abc' };

interface OutboxRow {
  id: string;
  sent_at: Date | null;
  delivered_via: string | null;
  provider_id: string | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  failed_at: Date | null;
}

async function outbox(): Promise<OutboxRow[]> {
  return database().sql<OutboxRow[]>`
    select id, sent_at, delivered_via, provider_id, attempts, last_error, next_attempt_at, failed_at
    from mail_outbox order by created_at, id`;
}

async function queueCommitted(mail: NewMail = receipt): Promise<string> {
  return transact(database().sql, (tx) => queueMail(tx, mail));
}

/**
 * A moment for the job at which every queued mail is due. Not simply Date.now(): the database
 * stamps a queued mail in microseconds, and a JavaScript clock read in the same millisecond is
 * before it (the job would rightly find nothing due yet).
 */
async function jobNow(): Promise<number> {
  const [row] = await database().sql<{ due: number | null }[]>`
    select ceil(extract(epoch from max(next_attempt_at)) * 1000)::float8 as due from mail_outbox
  `;
  return Math.max(Date.now(), row?.due ?? 0);
}

describe('queueMail', () => {
  it('never sends a mail queued in a transaction that rolled back', async () => {
    const { sql } = database();
    await expect(
      transact(sql, async (tx) => {
        await queueMail(tx, receipt);
        throw new Error('the state change failed');
      }),
    ).rejects.toThrow('the state change failed');

    expect(await runMailJob({ sql, transport }, Date.now())).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('refuses a subject with a line break (no header injection)', async () => {
    await expect(queueCommitted({ ...receipt, subject: 'Hi\r\nBcc: everyone@example.com' })).rejects.toThrow(/one line/);
    expect(await outbox()).toEqual([]);
  });
});

describe('the send job over SMTP', () => {
  it('sends a committed mail once, with its parts, and marks it sent', async () => {
    const { sql } = database();
    const id = await queueCommitted({ ...receipt, html: '<p>Thank you.</p>', replyTo: 'help@memento.test' });
    const now = await jobNow();

    expect(await runMailJob({ sql, transport }, now)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.envelopeTo).toEqual(['ada@example.com']);
    expect(mail?.header('subject')).toBe('Your receipt');
    expect(mail?.header('from')).toBe('Memento <hello@memento.test>');
    expect(mail?.header('reply-to')).toBe('help@memento.test');
    expect(mail?.header('message-id')).toBe(`<${id}@memento.test>`);
    expect(mail?.raw).toContain('https://memento.test/d/abc');
    expect(mail?.raw).toContain('<p>Thank you.</p>');
    expect(await outbox()).toEqual([
      expect.objectContaining({ id, sent_at: new Date(now), delivered_via: 'smtp', provider_id: `<${id}@memento.test>`, attempts: 1 }),
    ]);

    // A later pass finds nothing to send.
    expect(await runMailJob({ sql, transport }, now + MAX_RETRY_MS)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('delivers each mail exactly once when two instances run the job at the same moment', async () => {
    const db = database();
    const ids = await transact(db.sql, async (tx) => {
      const queued: string[] = [];
      for (let n = 0; n < 6; n++) queued.push(await queueMail(tx, { ...receipt, subject: `Receipt ${n}` }));
      return queued;
    });
    // A second instance: its own connection on PostgreSQL; PGlite serves one connection only.
    const other = db.kind === 'postgres' ? createSql(db.url, { max: 2 }) : db.sql;
    const otherTransport = createMailTransport({ mode: 'smtp', url: smtp.url });
    try {
      const now = await jobNow();
      const [first, second] = await Promise.all([
        runMailJob({ sql: db.sql, transport, batchSize: 4 }, now),
        runMailJob({ sql: other, transport: otherTransport, batchSize: 4 }, now),
      ]);
      // Whatever either left for lack of batch room, a third pass sends.
      const third = await runMailJob({ sql: db.sql, transport }, now);
      expect(first.sent + second.sent + third.sent).toBe(6);
    } finally {
      otherTransport.close();
      if (other !== db.sql) await other.end();
    }
    // Each queued mail arrived once: the ids in the Message-IDs are the queued ids, no repeats.
    const delivered = smtp.received.map((mail) => /^<([^@]+)@/.exec(mail.header('message-id') ?? '')?.[1]);
    expect([...delivered].sort()).toEqual([...ids].sort());
    expect((await outbox()).every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
  });

  it('after an instance died between sending and marking, sends again only once its claim ran out (at-least-once)', async () => {
    const { sql } = database();
    const id = await queueCommitted();
    const now = await jobNow();
    // The instance that dies: it claims the mail, the SMTP server accepts it, the mark never comes.
    const [claimed] = await claimDueMail(sql, new Date(now), new Date(now + CLAIM_MS), 10);
    if (!claimed) throw new Error('nothing claimed');
    await transport.deliver(claimed);

    expect(await runMailJob({ sql, transport }, now + CLAIM_MS - 1)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(await runMailJob({ sql, transport }, now + CLAIM_MS)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    // The one duplicate this design allows carries the same Message-ID, for clients to fold.
    expect(smtp.received.map((mail) => mail.header('message-id'))).toEqual([`<${id}@memento.test>`, `<${id}@memento.test>`]);
    expect(await outbox()).toEqual([expect.objectContaining({ attempts: 2, delivered_via: 'smtp' })]);
  });

  it('counts a failed try, backs off, and sends once the server takes mail again', async () => {
    const { sql } = database();
    const id = await queueCommitted();
    const now = await jobNow();
    smtp.refuseWith(451);

    expect(await runMailJob({ sql, transport }, now)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    let [row] = await outbox();
    expect(row).toMatchObject({ id, sent_at: null, attempts: 1, failed_at: null, next_attempt_at: new Date(now + FIRST_RETRY_MS) });
    expect(row?.last_error).toMatch(/451/);

    // Not due before its backoff ends.
    expect(await runMailJob({ sql, transport }, now + FIRST_RETRY_MS - 1)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    // Refused again: the wait doubles.
    expect(await runMailJob({ sql, transport }, now + FIRST_RETRY_MS)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: new Date(now + 3 * FIRST_RETRY_MS) });

    smtp.refuseWith(null);
    expect(await runMailJob({ sql, transport }, now + 3 * FIRST_RETRY_MS)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    [row] = await outbox();
    expect(row).toMatchObject({ attempts: 3, last_error: null, delivered_via: 'smtp', sent_at: new Date(now + 3 * FIRST_RETRY_MS) });
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up on a mail the server refuses for good, and keeps the row', async () => {
    const { sql } = database();
    const id = await queueCommitted();
    const now = await jobNow();
    smtp.refuseWith(550);

    expect(await runMailJob({ sql, transport }, now)).toEqual({ sent: 0, retrying: 0, gaveUp: 1 });
    smtp.refuseWith(null);
    expect(await runMailJob({ sql, transport }, now + MAX_RETRY_MS * 10)).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(await outbox()).toEqual([expect.objectContaining({ id, sent_at: null, attempts: 1, failed_at: new Date(now) })]);
    expect(smtp.received).toEqual([]);
  });

  it('gives up after MAX_ATTEMPTS failed tries', async () => {
    const { sql } = database();
    await queueCommitted();
    smtp.refuseWith(421);
    let now = await jobNow();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await runMailJob({ sql, transport }, now)).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
      now += mailRetryMs(attempt);
    }
    expect(await runMailJob({ sql, transport }, now)).toEqual({ sent: 0, retrying: 0, gaveUp: 1 });
    expect(await outbox()).toEqual([expect.objectContaining({ attempts: MAX_ATTEMPTS, failed_at: new Date(now) })]);
  });

  it('backs off exponentially, capped', () => {
    expect([1, 2, 3].map(mailRetryMs)).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS]);
    expect(mailRetryMs(30)).toBe(MAX_RETRY_MS);
  });
});

describe('the send job without SMTP_URL', () => {
  it('sends nothing and marks the mail as delivered to the local mailbox', async () => {
    const { sql } = database();
    const id = await queueCommitted();
    const now = await jobNow();

    expect(await runMailJob({ sql, transport: createMailTransport({ mode: 'outbox' }) }, now)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    expect(await outbox()).toEqual([
      expect.objectContaining({ id, sent_at: new Date(now), delivered_via: 'outbox', provider_id: null, attempts: 1 }),
    ]);
    expect(smtp.received).toEqual([]);
  });
});
