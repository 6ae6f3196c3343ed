import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { useSession } from '../session/use-session';
import { RootLayout } from './root-layout';

let pageRenders = 0;

/** A page that asks who is signed in, as the route pages do. */
function SessionPage() {
  const { isSignedIn, showToast } = useSession();
  return (
    <button type="button" onClick={() => showToast('Saved.')}>
      {isSignedIn ? 'Signed in: show a toast' : 'Show a toast'}
    </button>
  );
}

/** The page inside a profiler, which counts each time React renders it. */
function CountingPage() {
  return (
    <Profiler id="page" onRender={() => (pageRenders += 1)}>
      <SessionPage />
    </Profiler>
  );
}

function renderFrame() {
  const router = createMemoryRouter([{ Component: RootLayout, children: [{ path: '/', Component: CountingPage }] }], {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
}

describe('the app frame', () => {
  beforeEach(() => {
    pageRenders = 0;
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('shows a toast and hides it when pressed without drawing the page that reads the session again', async () => {
    renderFrame();
    const button = await screen.findByRole('button', { name: 'Show a toast' });
    const rendersBefore = pageRenders;

    act(() => button.click());
    const toast = await screen.findByRole('button', { name: /Saved\./ });
    expect(screen.getAllByRole('status').some((region) => region.textContent.includes('Saved.'))).toBe(true);

    act(() => toast.click());
    expect(screen.queryByRole('button', { name: /Saved\./ })).toBeNull();
    expect(pageRenders).toBe(rendersBefore);
  });
});
