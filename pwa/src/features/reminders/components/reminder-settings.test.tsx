import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readRecord } from '../../../db/read-record';
import { UserDbContext } from '../../../session/user-db-context';
import type { UserDb } from '../../../db/user-db';
import { writeRecord } from '../../../db/write-record';
import { installFakeApi, jsonReply, type FakeApi } from '../../../lib/testing/fake-api';
import { freshDb } from '../../../sync/testing/fixtures';
import { ReminderSettings } from './reminder-settings';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example.test/send/abc';
const P256DH = 'B'.repeat(87);
const AUTH = 'c2VjcmV0c2VjcmV0c2VjcmV0';

interface BrowserFakes {
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  unsubscribe: ReturnType<typeof vi.fn>;
  setPermission(value: NotificationPermission): void;
}

/** Notification, PushManager and the service worker registration, as a supporting browser has them. */
function installPushBrowser(): BrowserFakes {
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
  const subscribe = vi.fn((options: PushSubscriptionOptionsInit) => {
    expect(options.userVisibleOnly).toBe(true);
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
  return { requestPermission, subscribe, unsubscribe, setPermission: (value) => (permission = value) };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

function setUserAgent(ua: string) {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ua });
}

let db: UserDb;
let fakeApi: FakeApi;
let deletes: unknown[];
/** Whether the server still keeps the subscription after a DELETE (it takes the tracker's notices). */
let keptOnServer: boolean;
let browser: BrowserFakes;

function renderSettings(): void {
  const wrapper = ({ children }: { children: ReactNode }) => <UserDbContext.Provider value={db}>{children}</UserDbContext.Provider>;
  render(<ReminderSettings />, { wrapper });
}

const theSwitch = () => screen.getByRole('switch', { name: 'Remind me daily' });

beforeEach(async () => {
  db = await freshDb(`reminders-${Math.random()}`);
  deletes = [];
  keptOnServer = false;
  fakeApi = installFakeApi((_input, init) => {
    if (init?.method === 'DELETE') {
      deletes.push(typeof init.body === 'string' ? JSON.parse(init.body) : null);
      return Promise.resolve(jsonReply(200, { kept: keptOnServer }));
    }
    return Promise.resolve(jsonReply(404, { error: 'NOT_FOUND' }));
  });
  fakeApi.on('GET', '/api/reminders/public-key', () => jsonReply(200, { publicKey: PUBLIC_KEY }));
  fakeApi.on('POST', '/api/reminders/subscriptions', () => jsonReply(201, { nextDueAt: null }));
  setOnline(true);
  setUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36');
  browser = installPushBrowser();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  db.close();
});

describe('ReminderSettings', () => {
  it('explains why before asking, asks only after the tap, then subscribes and saves the settings', async () => {
    renderSettings();
    expect(screen.getByText(/only on days your practice is still open/)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    browser.setPermission('granted');
    await userEvent.click(theSwitch());

    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(browser.requestPermission).not.toHaveBeenCalled(); // already granted: no prompt at all
    const [options] = browser.subscribe.mock.calls[0] as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toBeInstanceOf(Uint8Array);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(fakeApi.seen('/api/reminders/subscriptions')[0]?.body).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: P256DH, auth: AUTH },
      purpose: 'daily-reminder',
    });
    const profile = await readRecord(db, 'profiles', 'me');
    expect(profile?.values).toMatchObject({
      reminderEnabled: true,
      reminderMinutes: 20 * 60,
      reminderZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(screen.getByText(/Reminder on at 20:00/)).toBeTruthy();
  });

  it('asks for permission on the tap when the browser has not been asked yet', async () => {
    browser.requestPermission.mockResolvedValue('granted');
    renderSettings();
    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says how to allow notifications when they are blocked, and stays off', async () => {
    browser.requestPermission.mockResolvedValue('denied');
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Notifications are blocked for Memento/)).toBeTruthy();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(await readRecord(db, 'profiles', 'me')).toBeNull();
  });

  it('stays off when the prompt is dismissed', async () => {
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/stay off until you allow notifications/)).toBeTruthy();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  it('needs a connection to turn on, and asks nothing offline', async () => {
    setOnline(false);
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Turning reminders on needs a connection/)).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('reports a server that could not be reached, and stays off', async () => {
    browser.setPermission('granted');
    fakeApi.on('POST', '/api/reminders/subscriptions', () => jsonReply(503, { error: 'UNAVAILABLE' }));
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/could not be turned on/)).toBeTruthy();
    expect(await readRecord(db, 'profiles', 'me')).toBeNull();
  });

  it('reports a server that gives no answer as unreachable, with what to do', async () => {
    browser.setPermission('granted');
    fakeApi.on('POST', '/api/reminders/subscriptions', () => Promise.reject(new TypeError('Failed to fetch')));
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/Memento’s server could not be reached, so reminders are still off. Check your connection/)).toBeTruthy();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('a push service that never answers: gives up after 15 s and says no push service could be reached', async () => {
    browser.setPermission('granted');
    browser.subscribe.mockReturnValue(new Promise<PushSubscription>(() => undefined));
    renderSettings();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(theSwitch());
    expect(await screen.findByText('Waiting for your browser’s push service…')).toBeTruthy();
    expect(theSwitch().getAttribute('aria-busy')).toBe('true');

    await act(async () => {
      vi.advanceTimersByTime(15_000);
      await Promise.resolve();
    });

    expect(screen.getByText(/No push service could be reached, so reminders are still off/)).toBeTruthy();
    expect(screen.getByText(/Try again later or on another network/)).toBeTruthy();
    expect(theSwitch().getAttribute('aria-busy')).toBe('false');
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(false);
    expect(fakeApi.seen('/api/reminders/subscriptions')).toEqual([]);
    expect(await readRecord(db, 'profiles', 'me')).toBeNull();
  });

  it('a browser mode without push (Chromium’s incognito refusal) is said as such, not as a connection problem', async () => {
    browser.setPermission('granted');
    browser.subscribe.mockRejectedValue(new DOMException('Registration failed - permission denied', 'AbortError'));
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/This browser window cannot receive reminders/)).toBeTruthy();
    expect(screen.getByText(/Open Memento in a normal window or the installed app/)).toBeTruthy();
    expect(screen.queryByText(/connection/)).toBeNull();
    expect(theSwitch().getAttribute('aria-checked')).toBe('false');
  });

  it('a push service that refuses to register: no push service reachable', async () => {
    browser.setPermission('granted');
    browser.subscribe.mockRejectedValue(new DOMException('Registration failed - push service not available', 'AbortError'));
    renderSettings();
    await userEvent.click(theSwitch());
    expect(await screen.findByText(/No push service could be reached/)).toBeTruthy();
    expect(screen.queryByText(/Check your connection/)).toBeNull();
  });

  it('on iPhone outside the Home Screen explains adding it first, and cannot be turned on', () => {
    setUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1');
    renderSettings();
    expect(screen.getByText(/First add Memento to your Home Screen/)).toBeTruthy();
    expect(screen.getByText(/Add to Home Screen/, { selector: 'li' })).toBeTruthy();
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the browser cannot show reminders at all', () => {
    vi.stubGlobal('PushManager', undefined);
    renderSettings();
    expect(screen.getByText(/This browser cannot show reminders/)).toBeTruthy();
    expect((theSwitch() as HTMLButtonElement).disabled).toBe(true);
  });

  it('turns off: saved in the profile, the browser unsubscribed and the server told', async () => {
    browser.setPermission('granted');
    renderSettings();
    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));

    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    expect((await readRecord(db, 'profiles', 'me'))?.values.reminderEnabled).toBe(false);
    await waitFor(() => expect(deletes).toEqual([{ endpoint: ENDPOINT, purpose: 'daily-reminder' }]));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledTimes(1));
  });

  it('turns off without unsubscribing the browser while the server keeps it for the tracker’s notices', async () => {
    browser.setPermission('granted');
    keptOnServer = true;
    renderSettings();
    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('true'));

    await userEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch().getAttribute('aria-checked')).toBe('false'));
    expect((await readRecord(db, 'profiles', 'me'))?.values.reminderEnabled).toBe(false);
    expect(deletes).toEqual([{ endpoint: ENDPOINT, purpose: 'daily-reminder' }]);
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });

  it('keeps a new time in the synced profile, offline too', async () => {
    await writeRecord(db, 'profiles', 'me', { reminderEnabled: true, reminderMinutes: 1200, reminderZone: 'UTC' }, Date.now());
    setOnline(false);
    renderSettings();
    const time = await screen.findByLabelText('Time');
    await waitFor(() => expect((time as HTMLInputElement).value).toBe('20:00'));
    // A time picker reports one whole value at a time.
    fireEvent.change(time, { target: { value: '07:30' } });
    await waitFor(async () => expect((await readRecord(db, 'profiles', 'me'))?.values.reminderMinutes).toBe(450));
  });
});
