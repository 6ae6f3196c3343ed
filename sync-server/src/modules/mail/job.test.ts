import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { transact } from '../../db/transact.ts';
import { createLogger } from '../../logger.ts';
import { useTestDatabase } from '../../testing/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp.ts';
import { startMailJob } from './job.ts';
import { queueMail } from './service.ts';

const database = useTestDatabase();
const logger = createLogger('silent');
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());
beforeEach(async () => {
  await database().sql`delete from mail_outbox`;
  smtp.received.length = 0;
});

async function queueOne(): Promise<string> {
  return transact(database().sql, (tx) => queueMail(tx, { to: 'ada@example.com', subject: 'Hello', text: 'Hi' }));
}

it('as the server starts it without SMTP_URL: marks queued mail delivered to the local mailbox', async () => {
  const { sql } = database();
  const id = await queueOne();
  const job = startMailJob({ sql, mail: { mode: 'outbox' }, logger });
  await job.firstRun;
  await job.stop();
  const rows = await sql<{ id: string; delivered_via: string | null }[]>`select id, delivered_via from mail_outbox`;
  expect(rows).toEqual([{ id, delivered_via: 'outbox' }]);
  expect(smtp.received).toEqual([]);
});

it('as the server starts it with SMTP_URL: sends queued mail to that server', async () => {
  const { sql } = database();
  await queueOne();
  const job = startMailJob({ sql, mail: { mode: 'smtp', url: smtp.url }, logger });
  await job.firstRun;
  await job.stop();
  expect(smtp.received.map((mail) => mail.header('subject'))).toEqual(['Hello']);
});
