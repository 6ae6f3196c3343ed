import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxResponseSchema } from '#core/schemas/mailbox';
import { transact } from '../../db/transact.ts';
import { serveApp } from '../../testing/app.ts';
import { useTestDatabase } from '../../testing/database.ts';
import type { TestServer } from '../../testing/http.ts';
import { createTestUser } from '../../testing/users.ts';
import { queueMail } from './service.ts';

const database = useTestDatabase();
let development: TestServer;
let production: TestServer;

beforeAll(async () => {
  const { sql } = database();
  development = await serveApp(sql, { NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  production = await serveApp(sql, { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://memento.example', LOG_LEVEL: 'silent', ALLOW_LOCAL_SIGNIN: 'true', ALLOW_TEST_PAYMENTS: 'true' });
  await transact(sql, async (tx) => {
    await queueMail(tx, { to: 'ada@example.com', subject: 'First', text: 'Your receipt' });
  });
  await transact(sql, async (tx) => {
    await queueMail(tx, { to: 'grace@example.com', subject: 'Second', text: 'Open https://memento.test/x', html: '<p>Hi</p>' });
  });
});
afterAll(async () => {
  await development.close();
  await production.close();
});

describe('GET /api/dev/mailbox', () => {
  it('lists every queued mail, newest first, whoever it is to and without signing in', async () => {
    const response = await fetch(`${development.url}/api/dev/mailbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { mails } = mailboxResponseSchema.parse(await response.json());
    expect(mails.map(({ to, subject, text, html, sentAt, deliveredVia }) => ({ to, subject, text, html, sentAt, deliveredVia }))).toEqual([
      { to: 'grace@example.com', subject: 'Second', text: 'Open https://memento.test/x', html: '<p>Hi</p>', sentAt: null, deliveredVia: null },
      { to: 'ada@example.com', subject: 'First', text: 'Your receipt', html: null, sentAt: null, deliveredVia: null },
    ]);
  });

  it('shows a signed-in person everyone’s mail too: it is a developer’s mailbox, not theirs', async () => {
    const user = await createTestUser(database().sql, 'ada@example.com');
    const response = await fetch(`${development.url}/api/dev/mailbox`, { headers: { Authorization: user.authorization } });
    const { mails } = mailboxResponseSchema.parse(await response.json());
    expect(mails.map((mail) => mail.to)).toEqual(['grace@example.com', 'ada@example.com']);
  });

  it('does not exist in production, signed in or not', async () => {
    const user = await createTestUser(database().sql, 'grace@example.com');
    const tries: Record<string, string>[] = [{}, { Authorization: user.authorization }];
    for (const headers of tries) {
      const response = await fetch(`${production.url}/api/dev/mailbox`, { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'NOT_FOUND', message: 'No such API endpoint.' });
    }
  });
});
