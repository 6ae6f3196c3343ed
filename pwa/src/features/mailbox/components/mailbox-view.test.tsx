import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MailboxMail } from '#core/schemas/mailbox';
import { MailboxView } from './mailbox-view';

const receipt: MailboxMail = {
  id: 'm1',
  to: 'ada@example.com',
  subject: 'Your Human Sounds receipt',
  text: 'Thank you!\nDownload: http://localhost:8080/humansounds/download?token=abc.\n<script>alert(1)</script>',
  html: '<p>Thank you!</p><script>parent.document.title = "owned"</script>',
  replyTo: 'help@memento.test',
  createdAt: '2026-11-24T10:00:00.000Z',
  sentAt: '2026-11-24T10:00:05.000Z',
  deliveredVia: 'outbox',
  attempts: 1,
  lastError: null,
  failedAt: null,
};

describe('the local mailbox', () => {
  it('lists each mail with its links clickable and its text never read as HTML', () => {
    render(<MailboxView state={{ status: 'ready', mails: [receipt] }} onReload={() => undefined} />);
    const mail = within(screen.getByRole('list', { name: 'Mails' })).getByRole('listitem', { name: receipt.subject });
    expect(within(mail).getByRole('heading', { name: receipt.subject })).toBeTruthy();
    expect(within(mail).getByText('ada@example.com')).toBeTruthy();
    expect(within(mail).getByText(/Delivered to this mailbox/)).toBeTruthy();

    // The address is a link, without the sentence's full stop.
    const link = within(mail).getByRole('link', { name: 'http://localhost:8080/humansounds/download?token=abc' });
    expect(link.getAttribute('href')).toBe('http://localhost:8080/humansounds/download?token=abc');
    // Markup in the text part stays text.
    expect(within(mail).getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows an HTML part only in a frame sandboxed of everything', () => {
    render(<MailboxView state={{ status: 'ready', mails: [receipt] }} onReload={() => undefined} />);
    const frame = screen.getByTitle(`HTML version of ${receipt.subject}`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(receipt.html);
  });

  it('tells mails waiting, retried and given up apart', () => {
    const waiting = { ...receipt, id: 'm2', subject: 'Waiting', html: null, sentAt: null, deliveredVia: null };
    const retried = { ...waiting, id: 'm3', subject: 'Retried', attempts: 2, lastError: 'Error: 451 try later' };
    const failed = { ...retried, id: 'm4', subject: 'Failed', failedAt: '2026-11-24T11:00:00.000Z', lastError: 'Error: 550 no such user' };
    const smtp = { ...receipt, id: 'm5', subject: 'By SMTP', html: null, deliveredVia: 'smtp' as const };
    render(<MailboxView state={{ status: 'ready', mails: [waiting, retried, failed, smtp] }} onReload={() => undefined} />);
    const status = (subject: string) => within(screen.getByRole('listitem', { name: subject }));
    expect(status('Waiting').getByText('Queued')).toBeTruthy();
    expect(status('Retried').getByText('Waiting to be tried again (2 tries): Error: 451 try later')).toBeTruthy();
    expect(status('Failed').getByText('Given up after 2 tries: Error: 550 no such user')).toBeTruthy();
    expect(status('By SMTP').getByText(/^Sent by SMTP/)).toBeTruthy();
  });

  it('says when there is no mail, or no mailbox, and refreshes on request', async () => {
    const user = userEvent.setup();
    const onReload = vi.fn();
    const { rerender } = render(<MailboxView state={{ status: 'ready', mails: [] }} onReload={onReload} />);
    expect(screen.getByRole('status').textContent).toBe('No mail yet.');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onReload).toHaveBeenCalledOnce();
    rerender(<MailboxView state={{ status: 'unavailable' }} onReload={onReload} />);
    expect(screen.getByRole('status').textContent).toMatch(/not available/);
  });
});
