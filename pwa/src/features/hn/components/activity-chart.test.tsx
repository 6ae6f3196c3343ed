import { screen, within } from '@testing-library/react';
import { useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import type { TrackerView } from '#core/schemas/hn';
import type { UserDb } from '../../../db/user-db';
import { installFakeApi, jsonReply } from '../../../lib/testing/fake-api';
import { LAUNCH, LAUNCH_VIEW, controlOnline, freshDb, renderAt } from '../testing/hn-fixtures';
import { TrackerDetailPage } from './tracker-detail-page';

let db: UserDb;

beforeEach(async () => {
  controlOnline(() => true);
  db = await freshDb();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T12:00:00.000Z') });
});

afterEach(() => {
  vi.useRealTimers();
  db.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function DetailRoute({ isPaid }: { readonly isPaid: boolean }) {
  const { id = '' } = useParams();
  return <TrackerDetailPage id={id} account={{ name: 'Ada', email: 'ada@example.test', isPaid }} signInHref={paths.signup.href()} />;
}

function open(view: TrackerView, isPaid: boolean) {
  installFakeApi().on('GET', `/api/getView/${String(LAUNCH.postId)}`, () => jsonReply(200, view));
  renderAt(paths.hnItem.href(LAUNCH.postId), db, <DetailRoute isPaid={isPaid} />, paths.hnItem.path);
}

const PRO_VIEW: TrackerView = {
  ...LAUNCH_VIEW,
  repliesToAuthor: [],
  samples: [
    { at: '2026-11-24T09:00:00.000Z', score: 40, commentCount: 3 },
    { at: '2026-11-24T09:02:00.000Z', score: 52, commentCount: 5 },
    { at: '2026-11-24T11:00:00.000Z', score: 1204, commentCount: 37 },
  ],
};

describe('the time series on a tracker’s page', () => {
  it('draws Pro’s score and comments over time, with the whole story in its caption', async () => {
    open(PRO_VIEW, true);
    const section = await screen.findByRole('region', { name: 'Score and comments over time' });
    // The caption names the figure: what a screen reader announces in place of the lines.
    const figure = within(section).getByRole('figure', {
      name: 'Score went from 40 points to 1,204 points and comments went from 3 comments to 37 comments, between 9:00 AM and 11:00 AM (3 checks).',
    });
    const lines = figure.querySelectorAll('svg path');
    expect(lines).toHaveLength(2);
    for (const svg of figure.querySelectorAll('svg')) expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('region', { name: /Upgrade to Pro/ })).toBeNull();
  });

  it('says so when Pro has no point yet', async () => {
    open({ ...PRO_VIEW, samples: [] }, true);
    const section = await screen.findByRole('region', { name: 'Score and comments over time' });
    expect(within(section).getByText(/No points yet/)).toBeTruthy();
    expect(section.querySelectorAll('svg')).toHaveLength(0);
  });

  it('shows the free plan no chart, and a line saying Pro has it', async () => {
    open(LAUNCH_VIEW, false);
    const prompt = await screen.findByRole('region', { name: /Upgrade to Pro/ });
    expect(prompt.textContent).toContain('charts the post’s score and comments over time');
    expect(screen.queryByRole('region', { name: 'Score and comments over time' })).toBeNull();
  });
});
