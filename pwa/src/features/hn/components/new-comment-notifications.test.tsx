import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../../lib/testing/fake-api';
import { NewCommentNotifications } from './new-comment-notifications';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.test/send/abc';
const P256DH = 'B'.repeat(87);
const AUTH = 'c2VjcmV0c2VjcmV0c2VjcmV0';
const STATUS = '/api/reminders/subscriptions/status';
const SUBSCRIPTIONS = '/api/reminders/subscriptions';

interface Browser {
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  setPermission(value: NotificationPermission): void;
  /** The browser already has a push subscription (the daily reminder's, or one made here before). */
  subscribed(): void;
}

/** Notification, PushManager and the service worker registration, as a browser with push has them. */
function installPushBrowser(): Browser {
  let permission: NotificationPermission = 'default';
  let current: PushSubscription | null = null;
  const unsubscribe = vi.fn(() => {
    current = null;
    return Promise.resolve(true);
  });
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } }),
    unsubscribe,
  } as unknown as PushSubscription;
  const subscribe = vi.fn(() => {
    current = subscription;
    return Promise.resolve(subscription);
  });
  const requestPermission = vi.fn(() => Promise.resolve(permission));
  const FakeNotification = Object.assign(function Notification() {}, { requestPermission });
  Object.defineProperty(FakeNotification, 'permission', { get: () => permission });
  vi.stubGlobal('Notification', FakeNotification);
  vi.stubGlobal('PushManager', function PushManager() {});
  const registration = { pushManager: { subscribe, getSubscription: () => Promise.resolve(current) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration) },
  });
  return {
    requestPermission,
    subscribe,
    unsubscribe,
    setPermission: (value) => (permission = value),
    subscribed: () => (current = subscription),
  };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function setUserAgent(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ua });
}

let api: FakeApi;
let browser: Browser;
/** What the server keeps for this browser: its answer to the status call, and to a DELETE. */
let server: { hnComments: boolean; kept: boolean };
let deletes: unknown[];

const theSwitch = () => screen.getByRole('switch', { name: 'Notify me of new comments on this device' });
const isChecked = () => theSwitch().getAttribute('aria-checked') === 'true';

beforeEach(() => {
  server = { hnComments: false, kept: false };
  deletes = [];
  api = installFakeApi((_input, init) => {
    if (init?.method !== 'DELETE') return Promise.resolve(jsonReply(404, { error: 'NOT_FOUND' }));
    deletes.push(typeof init.body === 'string' ? JSON.parse(init.body) : null);
    return Promise.resolve(jsonReply(200, { kept: server.kept }));
  });
  api.on('GET', STATUS, () => jsonReply(200, { saved: server.hnComments, hnComments: server.hnComments }));
  api.on('GET', '/api/reminders/public-key', () => jsonReply(200, { publicKey: PUBLIC_KEY }));
  api.on('POST', SUBSCRIPTIONS, () => jsonReply(201, { nextDueAt: null }));
  setOnline(true);
  setUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36');
  browser = installPushBrowser();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** Renders the switch and waits until it has found out what this device has. */
async function renderChecked(): Promise<void> {
  render(<NewCommentNotifications />);
  await waitFor(() => expect((theSwitch() as HTMLButtonElement).disabled).toBe(false));
}

describe('NewCommentNotifications', () => {
  it('explains why before asking, asks only on the tap, then subscribes this browser for the notices', async () => {
    browser.requestPermission.mockResolvedValue('granted');
    await renderChecked();
    expect(screen.getByText(/when comments you have not answered arrive on a post you track/)).toBeTruthy();
    expect(isChecked()).toBe(false);
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(theSwitch());

    await waitFor(() => expect(isChecked()).toBe(true));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(api.seen(SUBSCRIPTIONS).map((request) => request.body)).toEqual([
      { endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH }, purpose: 'hn-comments' },
    ]);
    expect(screen.getByText('On: this device gets a notification when new comments wait for you.')).toBeTruthy();
  });

  it('shows on when the server keeps this browser for the notices, and off for a browser subscribed for the daily reminder only', async () => {
    browser.setPermission('granted');
    browser.subscribed();
    server.hnComments = true;
    const first = render(<NewCommentNotifications />);
    await waitFor(() => expect(isChecked()).toBe(true));
    expect(api.seen(STATUS)).toHaveLength(1);
    first.unmount();

    server.hnComments = false;
    await renderChecked();
    expect(isChecked()).toBe(false);
  });

  it('is busy while saving: it cannot be pressed twice and says what it is doing', async () => {
    browser.setPermission('granted');
    const reply = pendingReply();
    api.on('POST', SUBSCRIPTIONS, () => reply.promise);
    await renderChecked();
    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-busy')).toBe('true'));
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Turning notifications on…')).toBeTruthy();

    reply.release(jsonReply(201, { nextDueAt: null }));
    await waitFor(() => expect(isChecked()).toBe(true));
    expect(theSwitch().getAttribute('aria-busy')).toBe('false');
  });

  it('turns off for the notices only: the browser stays subscribed while the daily reminder uses it', async () => {
    browser.setPermission('granted');
    browser.subscribed();
    server.hnComments = true;
    server.kept = true;
    render(<NewCommentNotifications />);
    await waitFor(() => expect(isChecked()).toBe(true));

    await userEvent.click(theSwitch());
    await waitFor(() => expect(isChecked()).toBe(false));
    expect(deletes).toEqual([{ endpoint: ENDPOINT, purpose: 'hn-comments' }]);
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });

  it('turns off and unsubscribes the browser once nothing else uses it', async () => {
    browser.setPermission('granted');
    browser.subscribed();
    server.hnComments = true;
    render(<NewCommentNotifications />);
    await waitFor(() => expect(isChecked()).toBe(true));

    await userEvent.click(theSwitch());
    await waitFor(() => expect(isChecked()).toBe(false));
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('says how to allow notifications when they are blocked, before and after a tap', async () => {
    browser.setPermission('denied');
    await renderChecked();
    expect(screen.getByText(/Notifications are blocked for Memento in this browser. Allow them in your browser’s site settings/)).toBeTruthy();
    expect(api.seen(STATUS)).toEqual([]);

    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Notifications are blocked/)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(isChecked()).toBe(false);
  });

  it('stays off when the prompt is dismissed, and says how to try again', async () => {
    await renderChecked();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/stay off until you allow them. Turn the switch on again and choose Allow/)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('offline: cannot check nor turn on, asks nothing, and checks once back online', async () => {
    browser.setPermission('granted');
    browser.subscribed();
    server.hnComments = true;
    setOnline(false);
    await renderChecked();
    expect(screen.getByText(/You are offline, so Memento cannot check/)).toBeTruthy();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Turning notifications on needs a connection/)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(api.requests).toEqual([]);

    act(() => setOnline(true));
    await waitFor(() => expect(isChecked()).toBe(true));
    expect(screen.queryByText(/needs a connection/)).toBeNull();
  });

  it('offline while on: turning off needs a connection, and it stays on', async () => {
    browser.setPermission('granted');
    browser.subscribed();
    server.hnComments = true;
    render(<NewCommentNotifications />);
    await waitFor(() => expect(isChecked()).toBe(true));
    act(() => setOnline(false));
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Turning notifications off needs a connection, so this device still gets them/)).toBeTruthy();
    expect(isChecked()).toBe(true);
    expect(deletes).toEqual([]);
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });

  it('a server that cannot say what this browser takes: says so, and turning on still works', async () => {
    browser.setPermission('granted');
    browser.subscribed();
    api.on('GET', STATUS, () => jsonReply(503, { error: 'UNAVAILABLE' }));
    await renderChecked();
    expect(screen.getByText(/Memento could not check whether this device gets notifications/)).toBeTruthy();
    await userEvent.click(theSwitch());
    await waitFor(() => expect(isChecked()).toBe(true));
    expect(screen.queryByText(/could not check/)).toBeNull();
  });

  it('a push service that never answers: gives up after 15 s and says so', async () => {
    browser.setPermission('granted');
    browser.subscribe.mockReturnValue(new Promise<PushSubscription>(() => undefined));
    await renderChecked();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(theSwitch());
    expect(await screen.findByText('Waiting for your browser’s push service…')).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(15_000);
      await Promise.resolve();
    });
    expect(screen.getByText(/No push service could be reached, so notifications are still off/)).toBeTruthy();
    expect(isChecked()).toBe(false);
    expect(api.seen(SUBSCRIPTIONS)).toEqual([]);
  });

  it('a window without push (incognito) is said as such', async () => {
    browser.setPermission('granted');
    browser.subscribe.mockRejectedValue(new DOMException('Registration failed - permission denied', 'AbortError'));
    await renderChecked();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/This browser window cannot receive notifications/)).toBeTruthy();
    expect(isChecked()).toBe(false);
  });

  it('a server that gives no answer: unreachable, with what to do', async () => {
    browser.setPermission('granted');
    api.on('POST', SUBSCRIPTIONS, () => Promise.reject(new TypeError('Failed to fetch')));
    await renderChecked();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Memento’s server could not be reached, so notifications are still off. Check your connection/)).toBeTruthy();
    expect(isChecked()).toBe(false);
  });

  it('on iPhone outside the Home Screen explains adding it first, and cannot be turned on', () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1');
    render(<NewCommentNotifications />);
    expect(screen.getByText(/First add Memento to your Home Screen/)).toBeTruthy();
    expect(screen.getByText(/Add to Home Screen/, { selector: 'li' })).toBeTruthy();
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(api.requests).toEqual([]);
  });

  it('says when the browser cannot show notifications at all', () => {
    vi.stubGlobal('PushManager', undefined);
    render(<NewCommentNotifications />);
    expect(screen.getByText(/This browser cannot show notifications/)).toBeTruthy();
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
  });
});
