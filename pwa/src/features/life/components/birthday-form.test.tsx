import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { day } from '#core/dates/test-days';
import { paths } from '#core/paths';
import { renderLife } from '../testing/life-router';

const TODAY = day('2026-11-22');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function select(name: 'Month' | 'Day' | 'Year') {
  return screen.getByRole<HTMLSelectElement>('combobox', { name });
}

function dayValues(): string[] {
  return [...select('Day').options].map((o) => o.value);
}

describe('the birthday picker', () => {
  it('opens on 1 January 2005 with months by name and years from this year down to 1930', () => {
    renderLife(paths.die.href(), TODAY);
    expect(screen.getByRole('heading', { name: 'How many weeks until you die?' })).toBeDefined();
    expect([select('Month').value, select('Day').value, select('Year').value]).toEqual(['1', '1', '2005']);
    const months = [...select('Month').options].map((o) => o.textContent);
    expect(months[0]).toBe('January');
    expect(months).toHaveLength(12);
    const years = [...select('Year').options].map((o) => Number(o.value));
    expect([years[0], years.at(-1)]).toEqual([2026, 1930]);
  });

  it('offers only the days of the chosen month and pulls a missing day back', async () => {
    const user = userEvent.setup();
    renderLife(paths.die.href(), TODAY);
    await user.selectOptions(select('Day'), '31');
    await user.selectOptions(select('Month'), 'February');
    expect(select('Day').value).toBe('28');
    expect(dayValues()).toHaveLength(28);

    await user.selectOptions(select('Year'), '2004');
    expect(dayValues()).toHaveLength(29);
    await user.selectOptions(select('Day'), '29');
    await user.selectOptions(select('Year'), '2003');
    expect(select('Day').value).toBe('28');

    await user.selectOptions(select('Month'), 'April');
    await user.selectOptions(select('Day'), '30');
    expect(dayValues().at(-1)).toBe('30');
  });

  it('charts exactly the birthday shown when DONE is pressed', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.die.href(), TODAY);
    await user.selectOptions(select('Month'), 'June');
    await user.selectOptions(select('Day'), '15');
    await user.selectOptions(select('Year'), '1990');
    await user.click(screen.getByRole('button', { name: 'DONE' }));
    expect(router.state.location.pathname).toBe(paths.dieChart.href('1990-06-15'));
  });

  it('refuses a birthday that has not happened yet', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.die.href(), TODAY);
    await user.selectOptions(select('Year'), '2026');
    await user.selectOptions(select('Month'), 'December');
    expect(screen.getByRole('alert').textContent).toMatch(/hasn't come yet/);
    await user.click(screen.getByRole('button', { name: 'DONE' }));
    expect(router.state.location.pathname).toBe(paths.die.href());
  });

  it('charts a 28-year-old straight away from the sample link', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.life.href(), TODAY);
    await user.click(screen.getByRole('link', { name: 'Or, use the birthday of a 28-year old' }));
    expect(router.state.location.pathname).toBe(paths.dieChart.href('1998-11-22'));
    await waitFor(() => expect(screen.getByText(/You have lived 1,461 of 4,732 weeks/)).toBeDefined());
  });

  it('on /mortality leads back to the activities and on to the weeks-left result', async () => {
    const user = userEvent.setup();
    const { router } = renderLife(paths.mortality.href(), TODAY, { signedIn: true });
    expect(screen.getByRole('link', { name: 'Back to Activities' }).getAttribute('href')).toBe(paths.dashboard.href());
    expect(screen.queryByRole('link', { name: /28-year old/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'DONE' }));
    expect(router.state.location.pathname).toBe(paths.mortalityResult.href('2005-01-01'));
  });
});
