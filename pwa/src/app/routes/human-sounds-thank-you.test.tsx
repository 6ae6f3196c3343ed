import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '#core/paths';
import { installFakeApi, jsonReply, type FakeApi } from '../../lib/testing/fake-api';
import { Component as ThankYouRoute } from './human-sounds-thank-you';

/** The thank-you page behind a purchase's download token, in each state the server can put it in. */

const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eGZvb2JhcmJhenF1eHF1dXg';
const LIBRARY = `/api/humansounds/library/${TOKEN}`;

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderThankYou(token = TOKEN) {
  const router = createMemoryRouter(
    [
      { path: paths.humanSounds.path, element: <p>Catalogue page</p> },
      { path: paths.humanSoundsThankYou.path, Component: ThankYouRoute },
    ],
    { initialEntries: [paths.humanSoundsThankYou.href(token)] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const contactLink = () => screen.getByRole('link', { name: 'hello@memento.app' });

describe('the Human Sounds thank-you page', () => {
  it('offers the download as a plain link, with the purchase e-mail, the contact and the way back', async () => {
    api.on('GET', LIBRARY, () =>
      jsonReply(200, { email: 'ada@example.com', purchasedAt: '2026-11-24T15:00:00Z', downloadHref: `${LIBRARY}/zip` }),
    );
    const user = userEvent.setup();
    renderThankYou();
    screen.getByText('Getting your download ...');
    await screen.findByRole('heading', { level: 1, name: 'Thank you!' });
    const download = screen.getByRole('link', { name: 'Download Library' });
    expect(download.getAttribute('href')).toBe(`${LIBRARY}/zip`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByText('Receipt sent to').nextElementSibling?.textContent).toBe('ada@example.com');
    expect(screen.getByText('Bought on').nextElementSibling?.textContent).toBe('November 24, 2026');
    expect(contactLink().getAttribute('href')).toMatch(/^mailto:hello@memento\.app/);
    await user.click(screen.getByRole('link', { name: 'Go to Human Sounds' }));
    await screen.findByText('Catalogue page');
  });

  it('a token the server does not know: says the link does not work and whom to write to', async () => {
    api.on('GET', LIBRARY, () => jsonReply(404, { error: 'NOT_FOUND', message: 'No such download.' }));
    renderThankYou();
    await screen.findByRole('heading', { level: 1, name: 'This download link does not work' });
    screen.getByText(/Open the link in your receipt e-mail again/);
    contactLink();
    screen.getByRole('link', { name: 'Go to Human Sounds' });
    expect(screen.queryByRole('link', { name: 'Download Library' })).toBeNull();
  });

  it('a token refused as malformed by the server (400) gets the same page', async () => {
    api.on('GET', LIBRARY, () => jsonReply(400, { error: 'VALIDATION_FAILED' }));
    renderThankYou();
    await screen.findByRole('heading', { level: 1, name: 'This download link does not work' });
  });

  it('a token that cannot be one is refused without asking the server', () => {
    renderThankYou('not-a-token');
    screen.getByRole('heading', { level: 1, name: 'This download link does not work' });
    expect(api.requests).toEqual([]);
  });

  it('a refunded purchase: says the download ended with the refund, and whom to write to', async () => {
    api.on('GET', LIBRARY, () => jsonReply(410, { error: 'DOWNLOAD_REVOKED', message: 'This order was refunded.' }));
    renderThankYou();
    await screen.findByRole('heading', { level: 1, name: 'This purchase was refunded' });
    screen.getByText(/its download has ended/);
    contactLink();
    expect(screen.queryByRole('link', { name: 'Download Library' })).toBeNull();
  });

  it('offline: says a connection is needed to download, and loads once the connection is back', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    api.on('GET', LIBRARY, () => jsonReply(200, { email: 'ada@example.com', purchasedAt: '2026-11-24T15:00:00Z', downloadHref: `${LIBRARY}/zip` }));
    renderThankYou();
    screen.getByRole('heading', { level: 1, name: 'A connection is needed to download' });
    expect(api.requests).toEqual([]);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await screen.findByRole('link', { name: 'Download Library' });
  });

  it('a server failure: Error: and what to do, and Try again asks again', async () => {
    let answer = () => jsonReply(503, { error: 'UNAVAILABLE', message: 'The server is busy.' });
    api.on('GET', LIBRARY, () => answer());
    const user = userEvent.setup();
    renderThankYou();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error: The server is busy\. Try again in a moment/);
    answer = () => jsonReply(200, { email: 'ada@example.com', purchasedAt: '2026-11-24T15:00:00Z', downloadHref: `${LIBRARY}/zip` });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Download Library' });
    expect(api.seen(LIBRARY)).toHaveLength(2);
  });

  it('a failure without words of the server’s own still reads as a sentence', async () => {
    api.on('GET', LIBRARY, () => jsonReply(500, { error: 'INTERNAL' }));
    renderThankYou();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error: The link could not be checked right now\. Try again/);
  });
});
