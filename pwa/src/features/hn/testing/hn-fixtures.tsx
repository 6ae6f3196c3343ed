import 'fake-indexeddb/auto';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { paths } from '#core/paths';
import type { TrackerListItem, TrackerView, WaitingCommentView } from '#core/schemas/hn';
import { openUserDb, type UserDb } from '../../../db/user-db';
import { UserDbContext } from '../../../session/user-db-context';

/** Sample answers in the shapes of #core/schemas/hn, and a way to render a tracker screen on a real (fake-IndexedDB) database. */

export const LAUNCH: TrackerListItem = {
  _id: '0b5f6c1e-2a8d-4c3f-9e7a-1d2b3c4d5e6f',
  link: 'https://news.ycombinator.com/item?id=8863',
  postId: 8863,
  title: 'My YC app: Dropbox - Throw away your USB drive',
  score: 1204,
  commentCount: 37,
  unansweredCount: 3,
  lastChecked: '2026-11-24T11:00:00.000Z',
};

export const SECOND: TrackerListItem = {
  _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  link: 'https://news.ycombinator.com/item?id=121003',
  postId: 121003,
  title: 'Show HN: A tracker for launch posts',
  score: null,
  commentCount: null,
  unansweredCount: null,
  lastChecked: null,
};

export function waiting(id: number, by: string, postedAt: string, text: string, depth = 1): WaitingCommentView {
  return { id, by, postedAt, text, replyUrl: `https://news.ycombinator.com/reply?id=${id}`, parentId: LAUNCH.postId, depth };
}

export const LAUNCH_VIEW: TrackerView = {
  item: LAUNCH,
  post: {
    id: LAUNCH.postId,
    title: LAUNCH.title,
    by: 'dhouston',
    score: 1204,
    commentCount: 37,
    postedAt: '2026-11-20T12:00:00.000Z',
    url: 'https://www.dropbox.com/',
    text: '',
  },
  unanswered: [
    waiting(9001, 'pg', '2026-11-24T09:00:00.000Z', 'Congrats on the launch.<p>How does it sync?'),
    waiting(9002, 'tptacek', '2026-11-24T10:30:00.000Z', 'What about <i>security</i>? See <a href="https://example.com/doc" rel="nofollow">the doc</a>.'),
  ],
  repliesToAuthor: null,
  checkedAt: '2026-11-24T11:00:00.000Z',
};

let count = 0;
/** A database of its own for each test. */
export function freshDb(): Promise<UserDb> {
  count += 1;
  return openUserDb(`hn-test-${String(count)}-${String(Date.now())}`);
}

/** Makes `navigator.onLine` answer `online()`; undo with vi.restoreAllMocks(). */
export function controlOnline(online: () => boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(online);
}

/** `element` at `url`, with the person's database; /hnrd, /hnitem and /hnupgrade stand in for the other pages. */
export function renderAt(url: string, db: UserDb | null, element: ReactNode, path: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <UserDbContext value={db}>
        <Routes>
          <Route path={path} element={element} />
          {path !== paths.hnrd.path && <Route path={paths.hnrd.path} element={<h1>Trackers page</h1>} />}
          <Route path={paths.hnUpgrade.path} element={<h1>Upgrade page</h1>} />
        </Routes>
      </UserDbContext>
    </MemoryRouter>,
  );
}
