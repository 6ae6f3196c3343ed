import { describe, expect, it } from 'vitest';
import { authenticationReturnUrl, openAuthentication } from './open-authentication';

/** The parts of window that opening the bank's check uses. */
function fakeWindow(opens: boolean) {
  const opened: string[] = [];
  const assigned: string[] = [];
  const win = {
    location: { href: 'https://memento.test/pay?x=1', origin: 'https://memento.test', assign: (url: string) => void assigned.push(url) },
    open: (url: string) => {
      opened.push(url);
      return opens ? ({ opener: {} } as Window) : null;
    },
  } as unknown as Window;
  return { win, opened, assigned };
}

describe('opening the bank’s authentication check', () => {
  it('opens a new window with a return address, keeping this page', () => {
    const { win, opened, assigned } = fakeWindow(true);
    openAuthentication('/local-stripe/authenticate/pi_1', authenticationReturnUrl('ord_1', win), win);
    expect(opened).toEqual([
      'https://memento.test/local-stripe/authenticate/pi_1?return_url=https%3A%2F%2Fmemento.test%2Fpay%3Forder%3Dord_1',
    ]);
    expect(assigned).toEqual([]);
  });

  it('goes there in this window when pop-ups are blocked; the return address names the order', () => {
    const { win, assigned } = fakeWindow(false);
    openAuthentication('/local-stripe/authenticate/pi_1', authenticationReturnUrl('ord_1', win), win);
    expect(assigned).toHaveLength(1);
    expect(new URL(assigned[0] ?? '').searchParams.get('return_url')).toBe('https://memento.test/pay?order=ord_1');
  });

  it('never follows an address that is neither https nor this site', () => {
    const { win, opened, assigned } = fakeWindow(true);
    openAuthentication('http://elsewhere.example/x', 'https://memento.test/pay?order=1', win);
    openAuthentication('javascript:alert(1)', 'https://memento.test/pay?order=1', win);
    expect([...opened, ...assigned]).toEqual([]);
  });
});
