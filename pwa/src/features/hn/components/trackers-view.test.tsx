import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORY_PROBLEM_MESSAGES } from '#core/hn/story';
import { TRACKER_LINK_HINT, TRACKER_LINK_MESSAGES } from '#core/hn/link';
import { paths } from '#core/paths';
import type { TrackerListItem } from '#core/schemas/hn';
import type { UserDb } from '../../../db/user-db';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../../lib/testing/fake-api';
import { readTrackerList, saveTrackerList, saveTrackerView } from '../data/device-copy';
import { ADD_NEEDS_CONNECTION, FREE_LIMIT_MESSAGE } from '../hn-messages';
import { LAUNCH, LAUNCH_VIEW, SECOND, controlOnline, freshDb, renderAt } from '../testing/hn-fixtures';
import { TrackersView } from './trackers-view';

let api: FakeApi;
let db: UserDb;
let online: boolean;
let trackers: TrackerListItem[];

beforeEach(async () => {
  online = true;
  controlOnline(() => online);
  db = await freshDb();
  trackers = [LAUNCH];
  api = installFakeApi();
  api.on('GET', '/api/getTrackers', () => jsonReply(200, { hnLinks: trackers }));
});

afterEach(() => {
  vi.useRealTimers();
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderList = (isPaid = false) => renderAt(paths.hnrd.href(), db, <TrackersView isPaid={isPaid} />, paths.hnrd.path);
const field = () => screen.getByRole('textbox', { name: 'Track a post' });
const row = (title: string) => screen.getByRole('link', { name: title }).closest('li') as HTMLElement;

describe('the tracker list', () => {
  it('says it is getting the trackers, then lists each with score, comments, unanswered count and when it was checked', async () => {
    const reply = pendingReply();
    api.on('GET', '/api/getTrackers', () => reply.promise);
    renderList();
    expect(screen.getByText('Getting trackers ...')).toBeTruthy();
    reply.release(jsonReply(200, { hnLinks: [LAUNCH, SECOND] }));

    const first = within(await screen.findByRole('list')).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: LAUNCH.title }).getAttribute('href')).toBe(paths.hnItem.href(LAUNCH.postId));
    expect(first.textContent).toMatch(/1,204 points.*37 comments.*3 unanswered.*checked/);
    expect(within(first).getByText(/ago|just now/).getAttribute('dateTime')).toBe(LAUNCH.lastChecked);
    expect(row(SECOND.title).textContent).toMatch(/Not checked yet/);
    expect(screen.queryByText('Getting trackers ...')).toBeNull();
    // Kept on the device for next time.
    await waitFor(async () => expect((await readTrackerList(db))?.value).toEqual([LAUNCH, SECOND]));
  });

  it('shows the empty message with an example link when there are no trackers', async () => {
    trackers = [];
    renderList();
    const example = await screen.findByRole('link', { name: 'https://news.ycombinator.com/item?id=8863' });
    expect(example.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText(/not tracking any posts yet/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Upgrade to Pro/ })).toBeNull();
  });

  it('offers Pro to a free account that has trackers, and not to a Pro account, which shows its badge', async () => {
    const { unmount } = renderList(false);
    const prompt = await screen.findByRole('region', { name: /Upgrade to Pro/ });
    expect(within(prompt).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(paths.hnUpgrade.href());
    expect(screen.queryByText('PRO')).toBeNull();
    unmount();

    renderList(true);
    await screen.findByRole('link', { name: LAUNCH.title });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/PRO/);
    expect(screen.queryByRole('region', { name: /Upgrade to Pro/ })).toBeNull();
  });
});

describe('adding a tracker', () => {
  it('shows the hint, refuses a bad link on the device without asking the server, and adds a good one, reloading the list', async () => {
    const user = userEvent.setup();
    api.on('POST', '/api/addNewTracker', () => {
      trackers = [SECOND, LAUNCH];
      return jsonReply(201, { item: SECOND, created: true });
    });
    renderList(true);
    await screen.findByRole('link', { name: LAUNCH.title });
    expect(screen.getByText(TRACKER_LINK_HINT)).toBeTruthy();

    await user.type(field(), 'https://example.com/item?id=1');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(TRACKER_LINK_MESSAGES.NOT_AN_ITEM_LINK)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(api.seen('/api/addNewTracker')).toHaveLength(0);

    await user.clear(field());
    await user.type(field(), 'news.ycombinator.com/item?id=121003#top');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(`Now tracking “${SECOND.title}”.`)).toBeTruthy();
    expect(api.seen('/api/addNewTracker')[0]?.body).toEqual({ hnLink: 'https://news.ycombinator.com/item?id=121003' });
    expect(await screen.findByRole('link', { name: SECOND.title })).toBeTruthy();
    expect(api.seen('/api/getTrackers')).toHaveLength(2);
    expect((field() as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['STORY_NOT_FOUND', 404],
    ['STORY_DELETED', 410],
    ['STORY_DEAD', 410],
    ['NOT_A_STORY', 400],
  ] as const)('turns the server’s %s into its own message', async (code, status) => {
    const user = userEvent.setup();
    api.on('POST', '/api/addNewTracker', () => jsonReply(status, { error: code }));
    renderList(true);
    await user.type(await screen.findByRole('textbox', { name: 'Track a post' }), '99999999');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(STORY_PROBLEM_MESSAGES[code])).toBeTruthy();
  });

  it('turns the free plan’s refusal into the upgrade prompt', async () => {
    const user = userEvent.setup();
    api.on('POST', '/api/addNewTracker', () => jsonReply(403, { error: 'TRACKER_LIMIT' }));
    renderList();
    await user.type(await screen.findByRole('textbox', { name: 'Track a post' }), '121003');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(new RegExp(FREE_LIMIT_MESSAGE.slice(0, 40)))).toBeTruthy();
    const prompts = screen.getAllByRole('region', { name: /Upgrade to Pro/ });
    expect(prompts).toHaveLength(1);
    expect(within(prompts[0] as HTMLElement).getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe(paths.hnUpgrade.href());
  });

  it('says a connection is needed when offline, without sending anything', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: LAUNCH.title });
    online = false;
    window.dispatchEvent(new Event('offline'));
    await user.type(field(), '121003');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findAllByText(new RegExp(ADD_NEEDS_CONNECTION.slice(0, 30)))).not.toHaveLength(0);
    expect(api.seen('/api/addNewTracker')).toHaveLength(0);
  });
});

describe('deleting a tracker', () => {
  it('asks first; Cancel keeps it, Delete removes it here, on the server and on the device', async () => {
    const user = userEvent.setup();
    trackers = [LAUNCH, SECOND];
    api.on('POST', '/api/deleteTracker', () => jsonReply(200, { id: LAUNCH._id, deleted: true }));
    renderList();
    await screen.findByRole('link', { name: LAUNCH.title });
    await saveTrackerView(db, LAUNCH_VIEW, new Date());

    await user.click(within(row(LAUNCH.title)).getByRole('button', { name: /^Delete/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this tracker?' })).getByRole('button', { name: 'Cancel' }));
    expect(api.seen('/api/deleteTracker')).toHaveLength(0);
    expect(screen.getByRole('link', { name: LAUNCH.title })).toBeTruthy();

    await user.click(within(row(LAUNCH.title)).getByRole('button', { name: /^Delete/ }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this tracker?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Deleted “${LAUNCH.title}”.`)).toBeTruthy();
    expect(api.seen('/api/deleteTracker')[0]?.body).toEqual({ id: LAUNCH._id });
    expect(screen.queryByRole('link', { name: LAUNCH.title })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => expect((await readTrackerList(db))?.value).toEqual([SECOND]));
    expect(await db.hnCache.get(`view:${String(LAUNCH.postId)}`)).toBeUndefined();
  });

  it('keeps the tracker and says why when the server cannot be reached', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('link', { name: LAUNCH.title });
    online = false;
    await user.click(within(row(LAUNCH.title)).getByRole('button', { name: /^Delete/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Deleting a tracker needs a connection/);
    expect(screen.getByRole('link', { name: LAUNCH.title })).toBeTruthy();
  });
});

describe('offline', () => {
  it('opens the list saved on this device, as of when it was saved', async () => {
    online = false;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 25, 9, 0) });
    await saveTrackerList(db, [LAUNCH], new Date(2026, 10, 24, 15, 5));
    renderList();
    expect(await screen.findByRole('link', { name: LAUNCH.title })).toBeTruthy();
    expect(screen.getByText(/Saved on this device as of/).textContent).toMatch(/as of Nov 24, 3:05 PM\. You’re offline\./);
    expect(api.seen('/api/getTrackers')).toHaveLength(0);
  });

  it('says what is missing when the device has no copy yet, and tries again on request', async () => {
    const user = userEvent.setup();
    online = false;
    renderList();
    expect((await screen.findByRole('alert')).textContent).toMatch(/no saved copy of your trackers/);
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: LAUNCH.title })).toBeTruthy();
  });

  it('falls back to the saved list when the server does not answer, saying so', async () => {
    await saveTrackerList(db, [LAUNCH], new Date());
    api.on('GET', '/api/getTrackers', () => jsonReply(503, { error: 'UNAVAILABLE' }));
    renderList();
    await screen.findByRole('link', { name: LAUNCH.title });
    expect((await screen.findByText(/Saved on this device/)).textContent).toMatch(/Something went wrong on our side/);
  });
});
