import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { paths } from '#core/paths';
import { SiteFooter } from './site-footer';

describe('site footer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([2026, 2031])('shows the current year (%i), not a fixed one', (year) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(year, 5, 15, 12));
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByText(`© ${year} Memento`)).toBeTruthy();
    expect(screen.getByText('Made with care in NYC')).toBeTruthy();
  });

  it('links to the tools and the privacy policy', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Tools' }).getAttribute('href')).toBe(paths.tools.href());
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe(paths.privacyPolicy.href());
  });
});
