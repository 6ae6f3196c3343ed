import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { day } from '#core/dates/test-days';
import { paths } from '#core/paths';
import { renderLife } from '../testing/life-router';
import { cellTitle } from './use-chart-pointer';

const TODAY = day('2026-11-22');
const BDAY = '1990-06-15';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function chart() {
  return screen.getByRole('group', { name: 'Your life in weeks' });
}

/** Lays the chart out as 520 x 910 CSS px (10 px a week), since jsdom does no layout. */
function clickWeek(index: number) {
  const frame = chart();
  vi.spyOn(frame, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 520, height: 910 }));
  fireEvent.click(frame, { clientX: (index % 52) * 10 + 5, clientY: Math.floor(index / 52) * 10 + 5 });
}

describe('the life chart', () => {
  it('describes the weeks in words and shows the three counts', () => {
    renderLife(paths.dieChart.href(BDAY), TODAY);
    expect(chart().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/You have lived 1,901 of 4,732 weeks; this week is year 36, week 29\./)).toBeDefined();
    const counts = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(counts.slice(0, 3)).toEqual(['1,901', '2,831', '1,902']);
  });

  it('reads a count of weeks in the address as weeks lived', () => {
    const { unmount } = renderLife(paths.mortalityResult.href(1500), TODAY);
    expect(screen.getByRole('heading', { name: 'Weeks left to live' })).toBeDefined();
    expect(screen.getByText(/You have lived 1,500 of 4,732 weeks/)).toBeDefined();
    unmount();
    // The specification's /die/{weeks} still works beside the /die/{birthday} that DONE writes.
    renderLife(paths.dieChart.href(1500), TODAY);
    expect(screen.getByRole('heading', { name: 'Your life in weeks' })).toBeDefined();
    expect(screen.getByText(/You have lived 1,500 of 4,732 weeks/)).toBeDefined();
  });

  it('has a tab stop for each milestone and for this week, not for every week', () => {
    renderLife(paths.dieChart.href(BDAY), TODAY);
    const stops = within(chart()).getAllByRole('button');
    expect(stops).toHaveLength(18);
    expect(within(chart()).getByRole('img', { name: 'This week: year 36, week 29' }).tabIndex).toBe(0);
    expect(stops.find((b) => b.dataset.week === '2706')?.getAttribute('aria-label')).toBe(
      'Steve Jobs, year 52, week 2: see their milestone',
    );
    // Tab walks the weeks in order, this week included.
    const order = [...chart().querySelectorAll<HTMLElement>('[data-week]')].map((e) => Number(e.dataset.week));
    expect(order).toHaveLength(19);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('puts each week’s mark on its own cell and paints the weeks lived, marking them shown', () => {
    renderLife(paths.dieChart.href(BDAY), TODAY);
    // Steve Jobs at week 2,706: column 2706 % 52 = 2, row 52. A written page has none of this
    // until the app runs, and its stylesheet keeps unmarked parts hidden.
    const jobs = within(chart()).getByRole('button', { name: 'Steve Jobs, year 52, week 2: see their milestone' });
    expect([jobs.style.getPropertyValue('--col'), jobs.style.getPropertyValue('--row')]).toEqual(['2', '52']);
    expect(jobs.hasAttribute('data-vars')).toBe(true);
    const grid = chart().querySelector<HTMLElement>(':scope > div');
    // 1,901 weeks lived: 36 whole rows and 29 weeks of the next.
    expect([grid?.style.getPropertyValue('--lived-rows'), grid?.style.getPropertyValue('--lived-cols')]).toEqual(['36', '29']);
    expect(grid?.hasAttribute('data-vars')).toBe(true);
  });

  it('opens a milestone only from its exact week', () => {
    const { router } = renderLife(paths.dieChart.href(BDAY), TODAY);
    clickWeek(2705);
    clickWeek(2707);
    clickWeek(1901);
    expect(router.state.location.pathname).toBe(paths.dieChart.href(BDAY));
    clickWeek(2706);
    expect(router.state.location.pathname).toBe(paths.dieMilestone.href(BDAY, 'jobsphone'));
  });

  it('shows the milestone in a dialog and returns focus to its week on Escape', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.dieChart.href(BDAY), TODAY);
    const cell = within(chart()).getByRole('button', { name: /^Steve Jobs, year 52/ });
    cell.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Steve Jobs' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Week of their life').nextSibling?.textContent).toBe('2,706');
    expect(within(dialog).getByText('Age that week').nextSibling?.textContent).toBe('51');
    expect(within(dialog).getByText('Accomplishment').nextSibling?.textContent).toMatch(/iPhone/);
    // The shared dialog's focus trap: focus starts on Close and Tab stays inside.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe(paths.dieChart.href(BDAY));
    expect(document.activeElement).toBe(cell);
  });

  it('closes with the close button and goes back in history when opened from the chart', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.dieChart.href(BDAY), TODAY);
    await user.click(await screen.findByRole('link', { name: /Marie Curie/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dieChart.href(BDAY)));
    expect(router.state.historyAction).toBe('POP');
  });

  it('opens a milestone named in the address directly, on /mortality too', () => {
    renderLife(paths.mortalityMilestone.href(1500, 'legend'), TODAY);
    expect(screen.getByRole('dialog', { name: 'John Legend' })).toBeDefined();
  });

  it('closes a milestone opened from its address back to the chart, with focus on its week', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.dieMilestone.href(BDAY, 'jobsphone'), TODAY);
    await user.click(within(screen.getByRole('dialog', { name: 'Steve Jobs' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dieChart.href(BDAY)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(chart()).getByRole('button', { name: /^Steve Jobs, year 52/ }));
  });

  it('numbers a milestone week the same way in the overlay, the hover label and the list', async () => {
    renderLife(paths.dieMilestone.href(BDAY, 'jobsphone'), TODAY);
    const figure = within(screen.getByRole('dialog')).getByText('Week of their life').nextSibling?.textContent;
    expect(figure).toBe('2,706');
    const [year, week] = (cellTitle(2706, 0).match(/^Year (\d+), week (\d+)/) ?? []).slice(1).map(Number);
    expect(cellTitle(2706, 0)).toBe('Year 52, week 2 · Steve Jobs');
    expect((year ?? NaN) * 52 + (week ?? NaN)).toBe(2706);
    expect((await screen.findByRole('link', { name: /^Steve Jobs, 51/, hidden: true })).textContent).toContain('Week 2,706');
  });

  it('keeps the chart and says so when the milestone name is unknown', () => {
    renderLife(paths.dieMilestone.href(BDAY, 'nobody'), TODAY);
    expect(screen.getAllByRole('alert')[0]?.textContent).toMatch(/We don't know a milestone called “nobody”/);
    expect(chart()).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['garbage', /couldn't read a birthday/],
    ['1990-02-30', /couldn't read a birthday/],
    ['2027-01-01', /hasn't happened yet/],
    ['99999', /longer than any life/],
  ])('turns the address %s into the birthday form with a message', (bday, message) => {
    renderLife(paths.dieChart.href(bday), TODAY);
    expect(screen.getAllByRole('alert')[0]?.textContent).toMatch(message);
    expect(screen.getByRole('button', { name: 'DONE' })).toBeDefined();
  });

  it('has kind words and no negative numbers for someone past 91', () => {
    renderLife(paths.dieChart.href('1930-01-01'), day('2026-11-22'));
    expect(screen.getAllByRole('definition')[1]?.textContent).toBe('0');
    expect(screen.getByText(/You have lived past all 4,732 weeks/)).toBeDefined();
    expect(within(chart()).queryByRole('img')).toBeNull();
  });
});

describe('the ways on from the chart', () => {
  it('shares the public chart: a post on X with its text and address, the share sheet, and Copy Link', async () => {
    renderLife(paths.mortalityResult.href(BDAY), TODAY, { signedIn: true });
    const address = new URL(paths.dieChart.href(BDAY), window.location.origin).href;
    const post = await screen.findByRole('link', { name: /^Post on X/ });
    const href = new URL(post.getAttribute('href') ?? '');
    expect(href.searchParams.get('url')).toBe(address);
    expect(href.searchParams.get('text')).toMatch(/life in weeks/);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Share your chart' }).value).toBe(address);
    expect(screen.getByRole('button', { name: 'Copy Link' })).toBeDefined();
  });

  it('invites a visitor to sign up, and sends someone signed in to their dashboard', async () => {
    const { unmount } = renderLife(paths.dieChart.href(BDAY), TODAY);
    expect((await screen.findByRole('link', { name: 'Sign up for free' })).getAttribute('href')).toBe(paths.signup.href());
    expect(screen.queryByRole('link', { name: 'Go to Dashboard' })).toBeNull();
    unmount();

    renderLife(paths.dieChart.href(BDAY), TODAY, { signedIn: true });
    expect((await screen.findByRole('link', { name: 'Go to Dashboard' })).getAttribute('href')).toBe(paths.dashboard.href());
    expect(screen.queryByRole('link', { name: 'Sign up for free' })).toBeNull();
  });

  it.each([paths.mortality.href(), paths.mortalityResult.href(BDAY)])(
    'offers Back to Activities on %s only to someone signed in',
    (url) => {
      const { unmount } = renderLife(url, TODAY);
      expect(screen.queryByRole('link', { name: 'Back to Activities' })).toBeNull();
      unmount();
      renderLife(url, TODAY, { signedIn: true });
      expect(screen.getByRole('link', { name: 'Back to Activities' }).getAttribute('href')).toBe(paths.dashboard.href());
    },
  );
});
