import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORY_PROBLEM_MESSAGES } from '#core/hn/story';
import { hnReplyLink } from '#core/hn/link';
import { paths } from '#core/paths';
import type { TrackerView } from '#core/schemas/hn';
import type { UserDb } from '../../../db/user-db';
import { installFakeApi, jsonReply, pendingReply, type FakeApi } from '../../../lib/testing/fake-api';
import { readTrackerView, saveTrackerList, saveTrackerView } from '../data/device-copy';
import { LAUNCH, LAUNCH_VIEW, controlOnline, freshDb, renderAt, waiting } from '../testing/hn-fixtures';
import { TrackerDetailPage } from './tracker-detail-page';

let api: FakeApi;
let db: UserDb;
let online: boolean;
let view: TrackerView;
const VIEW_PATH = `/api/getView/${String(LAUNCH.postId)}`;

beforeEach(async () => {
  online = true;
  controlOnline(() => online);
  db = await freshDb();
  view = LAUNCH_VIEW;
  api = installFakeApi();
  api.on('GET', VIEW_PATH, () => jsonReply(200, view));
});

afterEach(() => {
  vi.useRealTimers();
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function DetailRoute() {
  const { id = '' } = useParams();
  return <TrackerDetailPage id={id} account={{ name: 'Ada', email: 'ada@example.test', isPaid: false }} signInHref={paths.signup.href()} />;
}

const renderDetail = (id: string | number = LAUNCH.postId) => renderAt(paths.hnItem.href(id), db, <DetailRoute />, paths.hnItem.path);

const comments = (section: string) => within(screen.getByRole('region', { name: section })).getAllByRole('article');

describe('a tracker’s comments', () => {
  it('says it is getting the comments, then shows the post and the unanswered ones oldest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00.000Z') });
    const reply = pendingReply();
    api.on('GET', VIEW_PATH, () => reply.promise);
    renderDetail();
    expect(screen.getByText('Getting comments ...')).toBeTruthy();
    reply.release(jsonReply(200, view));

    expect(await screen.findByRole('heading', { level: 1, name: LAUNCH.title })).toBeTruthy();
    expect(screen.getByText('by dhouston')).toBeTruthy();
    const [first, second] = comments('Unanswered comments');
    expect(within(first as HTMLElement).getByText('pg')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('3 hours ago').getAttribute('dateTime')).toBe('2026-11-24T09:00:00.000Z');
    expect((first as HTMLElement).querySelector('p')?.nextElementSibling?.textContent).toBe('Congrats on the launch.How does it sync?');
    const reply9001 = within(first as HTMLElement).getByRole('link', { name: /Reply on Hacker News/ });
    expect(reply9001.getAttribute('href')).toBe(hnReplyLink(9001, LAUNCH.postId));
    expect(reply9001.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(second as HTMLElement).getByRole('link', { name: 'the doc' }).getAttribute('href')).toBe('https://example.com/doc');
    expect(within(second as HTMLElement).getByText('security').tagName).toBe('I');
    expect(screen.queryByText('Getting comments ...')).toBeNull();
  });

  it('offers Pro the replies deeper down on the free plan, and lists them for Pro', async () => {
    const { unmount } = renderDetail();
    const prompt = await screen.findByRole('region', { name: /Upgrade to Pro/ });
    expect(prompt.textContent).toMatch(/replies to your own comments/);
    unmount();

    view = { ...LAUNCH_VIEW, repliesToAuthor: [waiting(9100, 'patio11', '2026-11-24T10:00:00.000Z', 'And pricing?', 3)] };
    renderDetail();
    const [deep] = await screen.findAllByRole('article', { name: 'Comment by patio11' });
    expect(deep).toBeTruthy();
    expect(comments('Replies to you deeper down')).toHaveLength(1);
    expect(screen.queryByRole('region', { name: /Upgrade to Pro/ })).toBeNull();
  });

  it('says when nothing waits for the author', async () => {
    view = { ...LAUNCH_VIEW, unanswered: [] };
    renderDetail();
    expect(await screen.findByText('Every top-level comment has an answer from dhouston. Nothing waits.')).toBeTruthy();
  });

  it('opens offline from the copy on this device, as of when the comments were checked, also by the tracker’s id', async () => {
    await saveTrackerView(db, LAUNCH_VIEW, new Date());
    await saveTrackerList(db, [LAUNCH], new Date());
    online = false;
    const { unmount } = renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: LAUNCH.title })).toBeTruthy();
    expect(screen.getByText(/Saved on this device as of/).textContent).toMatch(/You’re offline\./);
    expect(comments('Unanswered comments')).toHaveLength(2);
    unmount();

    renderDetail(LAUNCH._id);
    expect(await screen.findByRole('heading', { level: 1, name: LAUNCH.title })).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('saves what it got for offline, and says what is missing offline without a copy, with Try again', async () => {
    const user = userEvent.setup();
    const { unmount } = renderDetail();
    await screen.findByRole('heading', { level: 1, name: LAUNCH.title });
    await waitFor(async () => expect((await readTrackerView(db, { postId: LAUNCH.postId }))?.value).toEqual(LAUNCH_VIEW));
    unmount();

    await db.hnCache.clear();
    online = false;
    renderDetail();
    expect((await screen.findByRole('alert')).textContent).toMatch(/no saved copy of these comments/);
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: LAUNCH.title })).toBeTruthy();
  });

  it('says so when the post is not tracked or gone, and forgets the saved copy', async () => {
    await saveTrackerView(db, LAUNCH_VIEW, new Date());
    api.on('GET', VIEW_PATH, () => jsonReply(404, { error: 'TRACKER_NOT_FOUND' }));
    const { unmount } = renderDetail();
    expect((await screen.findByRole('alert')).textContent).toMatch(/You don’t track this post/);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(async () => expect(await readTrackerView(db, { postId: LAUNCH.postId })).toBeNull());
    unmount();

    api.on('GET', VIEW_PATH, () => jsonReply(410, { error: 'STORY_DEAD' }));
    renderDetail();
    expect((await screen.findByRole('alert')).textContent).toContain(STORY_PROBLEM_MESSAGES.STORY_DEAD);
  });

  it('asks nothing for an address that names no tracker', async () => {
    renderDetail('not-a-post');
    expect((await screen.findByRole('alert')).textContent).toMatch(/names no tracker/);
    expect(api.requests).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'All trackers' }).getAttribute('href')).toBe(paths.hnrd.href());
  });
});
