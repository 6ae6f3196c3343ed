import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { paths } from '#core/paths';
import type { CharityRaised } from '#core/schemas/human-sounds';
import { installFakeApi, jsonReply, type FakeApi } from '../../../lib/testing/fake-api';
import { HumanSoundsCataloguePage } from './catalogue-page';

const RAISED: CharityRaised = { salesCents: 1_500, matchCents: 1_500, totalCents: 3_000, matchLimitCents: 100_000, asOf: '2026-11-20T15:00:00Z' };
const SAVED_KEY = 'memento.humanSounds.raised';

let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  api = installFakeApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCatalogue() {
  const router = createMemoryRouter(
    [
      { path: paths.home.path, element: <p>Home page</p> },
      { path: paths.humanSounds.path, element: <HumanSoundsCataloguePage /> },
      { path: paths.humanSoundsPay.path, element: <p>Pay page</p> },
    ],
    { initialEntries: [paths.humanSounds.href()] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function offline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

/** The three figures of the charity section, as shown. */
function figures(): string[] {
  const section = screen.getByRole('region', { name: 'Raised for charity' });
  return [...section.querySelectorAll('dd')].map((dd) => dd.textContent);
}

describe('the Human Sounds catalogue', () => {
  it('lists the ten sounds in order, links both Download Audio Library buttons to the checkout, and offers the preview video', async () => {
    api.on('GET', '/api/humansounds/raised', () => jsonReply(200, RAISED));
    renderCatalogue();
    screen.getByRole('heading', { level: 1, name: 'Human Sounds' });
    expect(document.title).toBe('Human Sounds · Memento');
    const list = screen.getByRole('region', { name: 'The sounds' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      HUMAN_SOUNDS.map((sound) => sound.name),
    );
    expect(within(list).getAllByRole('button', { name: /^Play / })).toHaveLength(10);
    const buy = screen.getAllByRole('link', { name: 'Download Audio Library' });
    expect(buy.map((link) => link.getAttribute('href'))).toEqual([paths.humanSoundsPay.href(), paths.humanSoundsPay.href()]);
    const video = screen.getByRole('link', { name: 'Download the free preview video' });
    expect(video.getAttribute('href')).toBe('/humansounds/human-sounds-preview.webm');
    expect(video.hasAttribute('download')).toBe(true);
    await screen.findByText('$30');
  });

  it('goes to the checkout, and to the other projects', async () => {
    api.on('GET', '/api/humansounds/raised', () => jsonReply(200, RAISED));
    const user = userEvent.setup();
    const router = renderCatalogue();
    await user.click(screen.getAllByRole('link', { name: 'Download Audio Library' })[1] ?? document.body);
    await screen.findByText('Pay page');
    await router.navigate(-1);
    await user.click(await screen.findByRole('link', { name: 'See other projects' }));
    await screen.findByText('Home page');
  });

  it('answers the FAQ honestly: made by a script, our own illustrations, the match up to $1,000', () => {
    api.on('GET', '/api/humansounds/raised', () => jsonReply(200, RAISED));
    renderCatalogue();
    const faq = screen.getByRole('region', { name: 'Questions' });
    const answer = (question: string) => within(faq).getByText(question).nextElementSibling?.textContent ?? '';
    expect(answer('Why was this made?')).toMatch(/soft, friendly sounds/);
    expect(answer('Were they recorded by people?')).toMatch(/^No\. .*made by a short script in this project from a\s+recipe we wrote/);
    expect(answer('What happens to the money?')).toMatch(/\$5, and every sale goes to charity.*up to \$1,000 in\s+total/);
    expect(answer('Where are the illustrations from?')).toBe('They are ours: each one was drawn for this page, to go with its sound.');
    expect(answer('Will there be more sounds?')).toMatch(/write to hello@memento\.app/);
  });

  it('shows what sales raised and what the match adds, live, and keeps the figures for offline', async () => {
    api.on('GET', '/api/humansounds/raised', () => jsonReply(200, RAISED));
    renderCatalogue();
    screen.getByText('Getting the amount raised ...');
    await screen.findByText('$30');
    expect(figures()).toEqual(['$15', '$15', '$30']);
    expect(JSON.parse(localStorage.getItem(SAVED_KEY) ?? 'null')).toEqual(RAISED);
  });

  it('offline, shows the last figures it knew with their date, without asking the server', () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify({ ...RAISED, salesCents: 120_000, matchCents: 100_000, totalCents: 220_000 }));
    offline();
    renderCatalogue();
    expect(figures()).toEqual(['$1,200', '$1,000', '$2,200']);
    screen.getByText('You are offline: these are the last figures this device saw, from November 20, 2026.');
    screen.getByText(/You are offline: the sounds still play, but buying the library and downloading the video need a connection\./);
    expect(api.requests).toEqual([]);
  });

  it('offline with nothing saved, says the figure needs a connection; a damaged saved value counts as nothing', () => {
    localStorage.setItem(SAVED_KEY, '{"salesCents":"lots"}');
    offline();
    renderCatalogue();
    screen.getByText('The amount raised needs a connection to load. Connect to the internet to see it.');
    expect(screen.getByRole('region', { name: 'Raised for charity' }).querySelector('dd')).toBeNull();
  });

  it('when the server fails, says so, keeps the saved figures, and tries again on request', async () => {
    localStorage.setItem(SAVED_KEY, JSON.stringify(RAISED));
    let answer = () => jsonReply(503, { error: 'UNAVAILABLE' });
    api.on('GET', '/api/humansounds/raised', () => answer());
    const user = userEvent.setup();
    renderCatalogue();
    await screen.findByText('The latest figures could not be loaded; these are from November 20, 2026.');
    expect(figures()).toEqual(['$15', '$15', '$30']);
    answer = () => jsonReply(200, { ...RAISED, salesCents: 2_000, matchCents: 2_000, totalCents: 4_000 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('$40');
    expect(screen.queryByText(/could not be loaded/)).toBeNull();
  });

  it('loads the figure once the connection comes back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.on('GET', '/api/humansounds/raised', () => jsonReply(200, RAISED));
    renderCatalogue();
    screen.getByText(/needs a connection to load/);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await screen.findByText('$30');
  });
});
