import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShareLink } from './share-link';

const URL_TO_SHARE = 'https://memento.example/weeksuntil/christmas';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(navigator, 'share');
  vi.useRealTimers();
});

describe('ShareLink', () => {
  it('shows the link read-only', () => {
    render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Share this page' });
    expect(field.value).toBe(URL_TO_SHARE);
    expect(field.readOnly).toBe(true);
  });

  it('copies the link and announces it, then clears the confirmation', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" />);

    // A plain click: user-event waits on timers between steps, which are fake here.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE);
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Copied');

    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(screen.getByRole('status')).toHaveProperty('textContent', '');
  });

  it('selects the link and says how to copy it when the clipboard is denied', async () => {
    // user-event installs its own clipboard in setup(), so the stub goes in after it.
    const user = userEvent.setup();
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" />);

    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    const field = screen.getByRole<HTMLInputElement>('textbox');
    expect(screen.getByRole('status').textContent).toMatch(/press (Ctrl\+C|⌘C) to copy/);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, URL_TO_SHARE.length]);
  });

  it('offers the system share sheet only where it exists', async () => {
    const { unmount } = render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" />);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    unmount();

    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')));
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup();
    render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Weeks until Christmas', url: URL_TO_SHARE });
    // Closing the share sheet is the person's choice, not an error.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('links to a post on X with the text and the address, only when given a text', () => {
    const { unmount } = render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" />);
    expect(screen.queryByRole('link', { name: /Post on X/ })).toBeNull();
    unmount();

    render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" postText="Weeks until Christmas & more" />);
    const link = screen.getByRole('link', { name: 'Post on X (opens in a new tab)' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://twitter.com/intent/tweet');
    expect(href.searchParams.get('text')).toBe('Weeks until Christmas & more');
    expect(href.searchParams.get('url')).toBe(URL_TO_SHARE);
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('passes the text to the system share sheet too', async () => {
    const share = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const user = userEvent.setup();
    render(<ShareLink url={URL_TO_SHARE} title="Weeks until Christmas" postText="Counting down" />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Weeks until Christmas', text: 'Counting down', url: URL_TO_SHARE });
  });
});
