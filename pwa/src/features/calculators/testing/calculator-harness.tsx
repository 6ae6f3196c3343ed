import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { paths } from '#core/paths';
import * as daysUntil from '../../../app/routes/days-until';
import * as daysUntilResult from '../../../app/routes/days-until-result';
import * as weeksUntil from '../../../app/routes/weeks-until';
import * as weeksUntilResult from '../../../app/routes/weeks-until-result';

/**
 * Renders the real calculator route modules at `path` with the clock set to noon on `today`
 * (local time, so the browser-zone "today" is that day whatever zone the tests run in).
 */
export function renderCalculatorAt(path: string, today: { year: number; month: number; day: number }) {
  vi.useFakeTimers({ now: new Date(today.year, today.month - 1, today.day, 12), toFake: ['Date'] });
  const router = createMemoryRouter(
    [
      { path: paths.weeksUntil.path, Component: weeksUntil.Component },
      { path: paths.weeksUntilTarget.path, Component: weeksUntilResult.Component },
      { path: paths.daysUntil.path, Component: daysUntil.Component },
      { path: paths.daysUntilTarget.path, Component: daysUntilResult.Component },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
