import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { renderCalculatorAt } from '../testing/calculator-harness';

afterEach(() => {
  vi.useRealTimers();
});

function dateField(name: RegExp) {
  return screen.getByLabelText<HTMLInputElement>(name);
}

describe('the weeks-until entry page', () => {
  it('starts on the next Christmas and says so in the hint', () => {
    renderCalculatorAt(paths.weeksUntil.href(), { year: 2026, month: 9, day: 6 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Weeks until');
    const field = dateField(/weeks until/);
    expect(field.value).toBe('2026-12-25');
    expect(field.type).toBe('date');
    expect(field.required).toBe(true);
    expect(field.min).toBe('2026-09-06');
    expect(screen.getByText('Pick a day from today on, for example Friday, December 25, 2026.')).toBeTruthy();
  });

  it('defaults to next year once Christmas has passed', () => {
    renderCalculatorAt(paths.weeksUntil.href(), { year: 2026, month: 12, day: 26 });
    expect(dateField(/weeks until/).value).toBe('2027-12-25');
  });

  it('goes to the result for the chosen date on DONE', async () => {
    const user = userEvent.setup();
    const { router } = renderCalculatorAt(paths.weeksUntil.href(), { year: 2026, month: 9, day: 6 });
    await user.click(screen.getByRole('button', { name: /done/i }));
    expect(router.state.location.pathname).toBe(paths.weeksUntilTarget.href('2026-12-25'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      '15 weeks and 5 days until Friday, December 25, 2026',
    );
  });

  it('explains an empty or past date instead of leaving', async () => {
    const user = userEvent.setup();
    const { router } = renderCalculatorAt(paths.daysUntil.href(), { year: 2026, month: 9, day: 6 });
    const field = dateField(/days until/);

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: /done/i }));
    expect(screen.getByText('Pick a date first.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);

    await user.type(field, '2026-09-05');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    await user.click(screen.getByRole('button', { name: /done/i }));
    expect(screen.getByText('That day has already passed. Pick today or a later day.')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.daysUntil.href());
  });

  it('lists the presets for its own calculator', () => {
    renderCalculatorAt(paths.daysUntil.href(), { year: 2026, month: 9, day: 6 });
    expect(screen.getByRole('link', { name: /Thanksgiving/ }).getAttribute('href')).toBe(
      paths.daysUntilTarget.href('thanksgiving'),
    );
    expect(screen.getByRole('link', { name: /3 weeks from today/ }).textContent).toContain('Sep 27, 2026');
  });
});
