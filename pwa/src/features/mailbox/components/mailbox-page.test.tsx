import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import type { MailboxMail } from '#core/schemas/mailbox';
import { installFakeApi, jsonReply } from '../../../lib/testing/fake-api';
import { MailboxPage } from './mailbox-page';

const mail: MailboxMail = {
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Your receipt',
  text: 'Thank you.',
  html: null,
  replyTo: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  sentAt: null,
  deliveredVia: null,
  attempts: 0,
  lastError: null,
  failedAt: null,
};

function renderPage() {
  const router = createMemoryRouter([{ path: paths.mailbox.path, Component: MailboxPage }], { initialEntries: [paths.mailbox.href()] });
  render(<RouterProvider router={router} />);
}

describe('the mailbox page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reads the server’s mailbox, and again on Refresh', async () => {
    const api = installFakeApi();
    let mails: MailboxMail[] = [];
    api.on('GET', '/api/dev/mailbox', () => jsonReply(200, { mails }));
    renderPage();
    expect((await screen.findByRole('status')).textContent).toBe('No mail yet.');

    mails = [mail];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('heading', { name: 'Your receipt' })).toBeTruthy();
    expect(api.seen('/api/dev/mailbox')).toHaveLength(2);
  });

  it('says the mailbox is not available where the server has none (production: 404)', async () => {
    installFakeApi();
    renderPage();
    expect((await screen.findByRole('status')).textContent).toMatch(/not available/);
  });
});
