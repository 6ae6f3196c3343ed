import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FounderProfile, GetOneSomethingNewResponse, SavedSomethingNew } from '#core/schemas/something-new';
import { SomethingNewPage } from './something-new-page';

const ada: FounderProfile = { twitter: 'ada_real', name: 'Ada Real', bio: 'Builds a calm inbox', proflink: 'https://pictures.example/ada.png' };
const bo: FounderProfile = { twitter: 'bo_real', name: 'Bo Real', bio: 'Builds, again', proflink: null };
const SAVED_KEY = 'memento.somethingNew';

/** The server's answers in turn, and the addresses asked. */
function fakeServer(replies: readonly (GetOneSomethingNewResponse | number)[]): string[] {
  const asked: string[] = [];
  let next = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    asked.push(input instanceof Request ? input.url : input.toString());
    const reply = replies[Math.min(next++, replies.length - 1)];
    const [status, body] = typeof reply === 'number' ? [reply, { error: 'INTERNAL' }] : [200, reply];
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  });
  return asked;
}

const operatorReply = (profile: FounderProfile): GetOneSomethingNewResponse => ({
  item: [profile],
  sample: false,
  datasetUrl: 'https://shop.example/founders',
});

function renderPage() {
  render(
    <MemoryRouter>
      <SomethingNewPage />
    </MemoryRouter>,
  );
}

const card = () => screen.getByRole('article');

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Something New', () => {
  it('shows the founder last seen at once, then asks for another one excluding it, and keeps both on the device', async () => {
    const saved: SavedSomethingNew = { recent: [bo], sample: false, datasetUrl: null };
    localStorage.setItem(SAVED_KEY, JSON.stringify(saved));
    const asked = fakeServer([operatorReply(ada)]);
    renderPage();
    expect(within(card()).getByRole('heading', { name: 'Bo Real' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Ada Real' })).toBeTruthy();
    expect(asked).toEqual(['/api/getOneSomethingNew?exclude=bo_real']);
    await waitFor(() => {
      expect((JSON.parse(localStorage.getItem(SAVED_KEY) ?? '') as SavedSomethingNew).recent.map((p) => p.twitter)).toEqual(['ada_real', 'bo_real']);
    });
  });

  it('forgets the sample profiles seen once the site serves its real data, so none passes for real', async () => {
    const saved: SavedSomethingNew = { recent: [bo, { ...bo, twitter: 'cy_sample', name: 'Cy Sample' }], sample: true, datasetUrl: null };
    localStorage.setItem(SAVED_KEY, JSON.stringify(saved));
    fakeServer([operatorReply(ada)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Ada Real' });
    await waitFor(() => {
      expect((JSON.parse(localStorage.getItem(SAVED_KEY) ?? '') as SavedSomethingNew).recent.map((p) => p.twitter)).toEqual(['ada_real']);
    });
    expect(screen.queryByRole('navigation', { name: 'Seen on this device' })).toBeNull();
  });

  it("links a real founder's handle and the configured shop, and draws the initials when the picture fails", async () => {
    fakeServer([operatorReply(ada)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Ada Real' });
    expect(within(card()).getByRole('link', { name: '@ada_real' }).getAttribute('href')).toBe('https://x.com/ada_real');
    const buy = screen.getByRole('link', { name: 'Buy Dataset' });
    expect(buy.getAttribute('href')).toBe('https://shop.example/founders');
    expect(buy.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByText(/^Fictional sample data/)).toBeNull();

    const picture = card().querySelector('img');
    expect(picture?.getAttribute('src')).toBe(ada.proflink);
    fireEvent.error(picture as HTMLImageElement);
    expect(card().querySelector('img')).toBeNull();
    expect(within(card()).getByText('AR')).toBeTruthy();
  });

  it('says what went wrong when the server fails, and the button asks again, excluding the founder on the card', async () => {
    const asked = fakeServer([operatorReply(ada), 500, operatorReply(bo)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Ada Real' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get Random Profile' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A profile could not be loaded right now. Try again.');
    expect(within(card()).getByRole('heading', { name: 'Ada Real' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get Random Profile' }));
    expect(await screen.findByRole('heading', { name: 'Bo Real' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked.slice(1)).toEqual(['/api/getOneSomethingNew?exclude=ada_real', '/api/getOneSomethingNew?exclude=ada_real']);
  });

  it('offline with nothing seen yet: says a connection is needed, and asks nothing', () => {
    const asked = fakeServer([operatorReply(ada)]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderPage();
    expect(screen.getByText('Profiles need a connection the first time. Connect to the internet to see one.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'A connection is needed for new profiles' })).toBeTruthy();
    expect(asked).toEqual([]);
  });
});
