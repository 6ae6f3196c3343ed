import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { renderCalculatorAt } from '../testing/calculator-harness';

const SEPT_6_2026 = { year: 2026, month: 9, day: 6 };

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

function headingText(): string {
  return screen.getByRole('heading', { level: 1 }).textContent;
}

describe('weeks until a target', () => {
  it('counts the weeks and days to a preset and names it', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('christmas'), SEPT_6_2026);
    expect(headingText()).toBe('15 weeks and 5 days until Christmas');
    expect(screen.getByText('Friday, December 25, 2026')).toBeTruthy();
    expect(document.title).toContain('15 weeks and 5 days until Christmas');
    const share = screen.getByRole<HTMLInputElement>('textbox', { name: 'Share this page' });
    expect(share.value).toBe(`${window.location.origin}/weeksuntil/christmas`);
  });

  it('counts to a date', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('2026-09-23'), SEPT_6_2026);
    expect(headingText()).toBe('2 weeks and 3 days until Wednesday, September 23, 2026');
  });

  it('counts to Thanksgiving this year', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('thanksgiving'), SEPT_6_2026);
    expect(headingText()).toBe('11 weeks and 4 days until Thanksgiving');
    expect(screen.getByText('Thursday, November 26, 2026')).toBeTruthy();
  });

  it('counts days only when the day is less than a week away', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('thanksgiving'), { year: 2026, month: 11, day: 24 });
    expect(headingText()).toBe('2 days until Thanksgiving');
    expect(document.title).toContain('2 days until Thanksgiving');
  });

  it('shows the long date for a number of weeks and for the weeks-from-today presets', () => {
    const { unmount } = renderCalculatorAt(paths.weeksUntilTarget.href(3), SEPT_6_2026);
    expect(headingText()).toBe('3 weeks from today is September 27, 2026');
    expect(screen.getByText('a Sunday')).toBeTruthy();
    unmount();
    renderCalculatorAt(paths.weeksUntilTarget.href('1-week-from-today'), SEPT_6_2026);
    expect(headingText()).toBe('1 week from today is September 13, 2026');
  });

  it('says when the day is today', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('christmas'), { year: 2026, month: 12, day: 25 });
    expect(headingText()).toBe('Christmas is today');
  });

  it('moves Christmas to next year the day after', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('christmas'), { year: 2026, month: 12, day: 26 });
    expect(headingText()).toBe('52 weeks until Christmas');
    expect(screen.getByText('Saturday, December 25, 2027')).toBeTruthy();
  });

  it('marks the preset being shown and links every preset through the path registry', () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('endofyear'), SEPT_6_2026);
    const nav = screen.getByRole('navigation', { name: 'Count to another day' });
    const links = nav.querySelectorAll('a');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual([
      paths.weeksUntilTarget.href('endofyear'),
      paths.weeksUntilTarget.href('christmas'),
      paths.weeksUntilTarget.href('thanksgiving'),
      paths.weeksUntilTarget.href('3-weeks-from-today'),
      paths.weeksUntilTarget.href('2-weeks-from-today'),
      paths.weeksUntilTarget.href('1-week-from-today'),
    ]);
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('End of the yearDec 31, 2026');
  });

  it('copies the link to the page and confirms it', async () => {
    renderCalculatorAt(paths.weeksUntilTarget.href('christmas'), SEPT_6_2026);
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/weeksuntil/christmas`);
    expect(screen.getByRole('status').textContent).toBe('Copied');
  });
});

describe('days until a target', () => {
  it('counts days to a date with digit grouping', () => {
    const { unmount } = renderCalculatorAt(paths.daysUntilTarget.href('2026-12-31'), SEPT_6_2026);
    expect(headingText()).toBe('116 days until Thursday, December 31, 2026');
    unmount();
    renderCalculatorAt(paths.daysUntilTarget.href('9999-12-31'), SEPT_6_2026);
    expect(headingText()).toBe('2,912,194 days until Friday, December 31, 9999');
  });

  it('reads a bare number as days and links to the weeks calculator by date', () => {
    renderCalculatorAt(paths.daysUntilTarget.href(45), SEPT_6_2026);
    expect(headingText()).toBe('45 days from today is October 21, 2026');
    expect(screen.getByText('a Wednesday')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Count in weeks instead' }).getAttribute('href')).toBe(
      paths.weeksUntilTarget.href('2026-10-21'),
    );
  });

  it('counts tomorrow as 1 day', () => {
    renderCalculatorAt(paths.daysUntilTarget.href('2026-09-07'), SEPT_6_2026);
    expect(headingText()).toBe('1 day until Monday, September 7, 2026');
  });
});

describe('targets with no answer', () => {
  it.each([
    ['2026-02-30', "That day isn't on the calendar"],
    ['garbage', "We couldn't read that date"],
    ['-3', 'Counting only goes forward'],
    ['10001', "That's too far ahead"],
  ])('explains %s and offers the form with the next Christmas', (target, heading) => {
    renderCalculatorAt(paths.weeksUntilTarget.href(target), SEPT_6_2026);
    expect(headingText()).toBe(heading);
    expect(screen.getByLabelText<HTMLInputElement>('Count the weeks until').value).toBe('2026-12-25');
    expect(screen.queryByRole('textbox', { name: 'Share this page' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Invalid Date/);
  });

  it('says how long ago a past day was and suggests its next anniversary', () => {
    renderCalculatorAt(paths.daysUntilTarget.href('2025-12-25'), SEPT_6_2026);
    expect(headingText()).toBe('That day has passed');
    expect(screen.getByText(/Thursday, December 25, 2025 was 255 days ago/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Count the days until').value).toBe('2026-12-25');
    expect(document.title).toContain('that day has passed');
  });
});
