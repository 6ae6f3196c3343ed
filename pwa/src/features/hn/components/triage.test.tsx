import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doneFields, snoozedFields } from '#core/hn/triage';
import { triageKey } from '#core/schemas/hn-triage';
import { paths } from '#core/paths';
import { formatHlc } from '#core/sync/hlc';
import { getRecord, putRecords } from '../../../db/record-packs';
import type { UserDb } from '../../../db/user-db';
import { installFakeApi, jsonReply } from '../../../lib/testing/fake-api';
import { applyChange } from '../../../sync/apply-change';
import { saveTrackerView } from '../data/device-copy';
import { LAUNCH, LAUNCH_VIEW, controlOnline, freshDb, renderAt } from '../testing/hn-fixtures';
import { TrackerDetailPage } from './tracker-detail-page';
import { TrackersView } from './trackers-view';

let db: UserDb;

beforeEach(async () => {
  controlOnline(() => true);
  db = await freshDb();
  const api = installFakeApi();
  api.on('GET', `/api/getView/${String(LAUNCH.postId)}`, () => jsonReply(200, LAUNCH_VIEW));
  api.on('GET', '/api/getTrackers', () => jsonReply(200, { hnLinks: [LAUNCH] }));
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

async function renderDetail() {
  const rendered = renderAt(paths.hnItem.href(LAUNCH.postId), db, <DetailRoute />, paths.hnItem.path);
  // The buttons show once the device's triages are read, after the comments.
  await waitFor(() => expect(document.querySelector('[data-triage-first="9001"]')).not.toBeNull());
  return rendered;
}

const waitingList = () => screen.getByRole('region', { name: 'Unanswered comments' });
const waitingBy = () => within(waitingList()).queryAllByRole('article').map((article) => article.getAttribute('aria-label'));
const setAside = () => screen.getByRole('region', { name: /^Done and snoozed/ });
const stored = async (commentId: number) => (await getRecord(db, 'hnTriage', triageKey(LAUNCH.postId, commentId)))?.values;

describe('triage of the waiting comments', () => {
  it('Done takes the comment out of the list, saves it on the device for sync, and moves focus to the next comment', async () => {
    const user = userEvent.setup();
    await renderDetail();
    await user.click(screen.getByRole('button', { name: 'Done with the comment by pg' }));

    await waitFor(() => expect(waitingBy()).toEqual(['Comment by tptacek']));
    expect(within(waitingList()).getByRole('heading', { level: 2 }).textContent).toBe('Unanswered comments 1');
    expect(within(setAside()).getByText('Done and snoozed (1)')).toBeTruthy();
    expect(screen.getByText('Marked the comment by pg done.').closest('[role="status"]')).not.toBeNull();
    // Focus moves in an effect after the commit, which may land just after the list has changed.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done with the comment by tptacek' })));
    expect(await stored(9001)).toMatchObject({ state: 'done', snoozedUntil: null });
    // Queued for the other devices with the record, in the same transaction.
    expect((await db.outbox.toArray()).map((entry) => [entry.table, entry.key, entry.fields.state])).toEqual([['hnTriage', '8863:9001', 'done']]);
  });

  it('Undo from the toast puts the comment back and focuses it; the last comment done moves focus to Undo', async () => {
    const user = userEvent.setup();
    await renderDetail();
    await user.click(screen.getByRole('button', { name: 'Done with the comment by pg' }));
    await waitFor(() => expect(waitingBy()).toEqual(['Comment by tptacek']));
    await user.click(screen.getByRole('button', { name: 'Done with the comment by tptacek' }));
    await waitFor(() => expect(waitingBy()).toEqual([]));
    expect(within(waitingList()).getByText('Nothing else waits here: the rest are done or snoozed.')).toBeTruthy();
    const undo = screen.getByRole('button', { name: 'Undo' });
    // Focus moves in an effect after the list changes: on a busy machine that is a moment later.
    await waitFor(() => expect(document.activeElement).toBe(undo));

    await user.click(undo);
    await waitFor(() => expect(waitingBy()).toEqual(['Comment by tptacek']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done with the comment by tptacek' })));
    expect(await stored(9002)).toMatchObject({ state: 'open' });
    expect(await stored(9001)).toMatchObject({ state: 'done' });
  });

  it('Snooze offers its choices, Escape closes them, and a snooze shows until when', async () => {
    const user = userEvent.setup();
    await renderDetail();
    const snooze = screen.getByRole('button', { name: 'Snooze the comment by pg' });
    await user.click(snooze);
    expect(snooze.getAttribute('aria-expanded')).toBe('true');
    const choices = screen.getByRole('group', { name: 'Snooze the comment by pg for' });
    expect(within(choices).getAllByRole('button').map((button) => button.textContent)).toEqual(['1 hour', 'Tomorrow morning', '1 week']);
    await user.click(within(choices).getByRole('button', { name: '1 hour' }));

    await waitFor(() => expect(waitingBy()).toEqual(['Comment by tptacek']));
    expect(screen.getByText(/^Snoozed the comment by pg until (tomorrow at )?\d{1,2}:\d{2} [AP]M\.$/)).toBeTruthy();
    const values = await stored(9001);
    expect(values?.state).toBe('snoozed');
    expect(Number(values?.snoozedUntil) - Number(values?.triagedAt)).toBe(3_600_000);

    await user.click(screen.getByRole('button', { name: 'Snooze the comment by tptacek' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /Snooze the comment by tptacek/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Snooze the comment by tptacek' })));
  });

  it('lists done and snoozed comments folded away, and Restore brings one back to its place', async () => {
    const user = userEvent.setup();
    const now = Date.now();
    await putRecords(db, 'hnTriage', [
      { key: triageKey(LAUNCH.postId, 9001), values: doneFields(now - 7_200_000), clocks: {} },
      { key: triageKey(LAUNCH.postId, 9002), values: snoozedFields(now + 86_400_000 * 3, now), clocks: {} },
    ]);
    renderAt(paths.hnItem.href(LAUNCH.postId), db, <DetailRoute />, paths.hnItem.path);
    const summary = await screen.findByText('Done and snoozed (2)');
    expect(waitingBy()).toEqual([]);
    await user.click(summary);
    const entries = within(setAside()).getAllByRole('article');
    expect(entries.map((entry) => [entry.getAttribute('aria-label'), within(entry).getByText(/^(Done|Snoozed)/).textContent])).toEqual([
      ['Comment by tptacek', expect.stringMatching(/^Snoozed until \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M$/) as string],
      ['Comment by pg', 'Done 2 hours ago'],
    ]);

    await user.click(within(setAside()).getByRole('button', { name: 'Restore the comment by pg' }));
    await waitFor(() => expect(waitingBy()).toEqual(['Comment by pg']));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done with the comment by pg' })));
    expect(screen.getByText('Done and snoozed (1)')).toBeTruthy();
  });

  it('brings a snoozed comment back by itself when its time comes', async () => {
    // Snoozed for 3 s: long enough for the page to show it snoozed first on a busy machine (with
    // 300 ms, a render that took longer under the CI's load found it already back).
    await putRecords(db, 'hnTriage', [{ key: triageKey(LAUNCH.postId, 9002), values: snoozedFields(Date.now() + 3_000, Date.now()), clocks: {} }]);
    renderAt(paths.hnItem.href(LAUNCH.postId), db, <DetailRoute />, paths.hnItem.path);
    await screen.findByText('Done and snoozed (1)');
    expect(waitingBy()).toEqual(['Comment by pg']);
    await waitFor(() => expect(waitingBy()).toEqual(['Comment by pg', 'Comment by tptacek']));
    expect(screen.queryByText(/Done and snoozed/)).toBeNull();
  });

  it('shows a triage pulled from another device at once', async () => {
    await renderDetail();
    const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'phone' });
    await act(() =>
      applyChange(db, {
        table: 'hnTriage',
        key: triageKey(LAUNCH.postId, 9002),
        values: doneFields(Date.now()),
        clocks: { state: hlc, snoozedUntil: hlc, triagedAt: hlc },
        deleted: false,
        rev: 1,
      }),
    );
    await waitFor(() => expect(waitingBy()).toEqual(['Comment by pg']));
  });
});

describe('the tracker list', () => {
  it('leaves done comments out of the unanswered count when this device has the post’s comments, and says how many', async () => {
    await saveTrackerView(db, LAUNCH_VIEW, new Date());
    await putRecords(db, 'hnTriage', [
      { key: triageKey(LAUNCH.postId, 9001), values: doneFields(Date.now()), clocks: {} },
      // Not among the waiting comments the device knows of (answered since): it counts nothing.
      { key: triageKey(LAUNCH.postId, 7777), values: doneFields(Date.now()), clocks: {} },
    ]);
    renderAt(paths.hnrd.href(), db, <TrackersView isPaid={false} />, paths.hnrd.path);
    const row = (await screen.findByRole('link', { name: LAUNCH.title })).closest('li') as HTMLElement;
    await waitFor(() => expect(row.textContent).toMatch(/2 unanswered.*1 done or snoozed/));
  });
});
