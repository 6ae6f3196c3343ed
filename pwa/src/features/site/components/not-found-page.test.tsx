import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { paths } from '#core/paths';
import { NotFoundPage } from './not-found-page';

describe('not-found page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('says so kindly and leads home', async () => {
    const router = createMemoryRouter([{ path: paths.notFound.path, Component: NotFoundPage }], {
      initialEntries: [paths.notFound.href()],
    });
    render(<RouterProvider router={router} />);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('OH, NO');
    expect(screen.getByText("That page doesn't exist, but you do!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe(paths.home.href());
    expect(document.title).toBe('Page not found · Memento');
  });
});
