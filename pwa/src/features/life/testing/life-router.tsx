import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { paths } from '#core/paths';
import { LifeContent } from '../components/life-content';
import { useLifeRoute } from '../life-route';

/** What the route module composes, minus the page frame, with "today" fixed by the test. */
function LifeUnderTest({ today, signedIn }: { readonly today: CalendarDay; readonly signedIn: boolean }) {
  const route = useLifeRoute();
  const { pathname } = useLocation();
  return (
    <>
      <output data-testid="location">{pathname}</output>
      <LifeContent route={route} today={today} signedIn={signedIn} />
    </>
  );
}

const LIFE_PATHS = [
  paths.life.path,
  paths.die.path,
  paths.dieChart.path,
  paths.dieMilestone.path,
  paths.mortality.path,
  paths.mortalityResult.path,
  paths.mortalityMilestone.path,
];

/** jsdom has no media queries: the colour scheme never changes. */
export function stubBrowserApis(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: false, media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

export function renderLife(url: string, today: CalendarDay, { signedIn = false }: { readonly signedIn?: boolean } = {}) {
  stubBrowserApis();
  const router = createMemoryRouter(
    LIFE_PATHS.map((path) => ({ path, element: <LifeUnderTest today={today} signedIn={signedIn} /> })),
    { initialEntries: [url] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
