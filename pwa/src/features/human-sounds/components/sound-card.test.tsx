import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HUMAN_SOUNDS } from '#core/human-sounds/catalogue';
import { SoundCard } from './sound-card';

/**
 * jsdom does not play media: play() and pause() stand in for the browser's, firing the events a
 * browser fires (play, then playing once sound comes out; pause), or rejecting as it would.
 */
function fakeMedia(play: (element: HTMLMediaElement) => Promise<void> = (element) => {
  element.dispatchEvent(new Event('play'));
  element.dispatchEvent(new Event('playing'));
  return Promise.resolve();
}) {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    return play(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('pause'));
  });
  return played;
}

afterEach(() => {
  vi.restoreAllMocks();
});

const [windDown, pop] = HUMAN_SOUNDS;

function renderTwo() {
  render(
    <ul>
      <SoundCard sound={windDown} />
      <SoundCard sound={pop} />
    </ul>,
  );
}

describe('a sound of the catalogue', () => {
  it('shows its picture, name, Good for and Vibe, and keeps its audio unloaded until played', () => {
    renderTwo();
    const card = screen.getByRole('article', { name: 'Pop' });
    within(card).getByRole('heading', { level: 3, name: 'Pop' });
    expect(within(card).getByText('Good for').nextElementSibling?.textContent).toBe(pop.goodFor);
    expect(within(card).getByText('Vibe').nextElementSibling?.textContent).toBe(pop.vibe);
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/humansounds/illustrations/pop.svg');
    const audio = card.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('/humansounds/audio/pop.mp3');
    expect(audio?.getAttribute('preload')).toBe('none');
  });

  it('reveals how it was made on request, and hides it again', async () => {
    const user = userEvent.setup();
    renderTwo();
    const card = screen.getByRole('article', { name: 'Pop' });
    const reveal = within(card).getByRole('button', { name: 'See how it was made!' });
    const recipe = document.getElementById(reveal.getAttribute('aria-controls') ?? '');
    expect(recipe?.textContent).toBe(pop.howMade);
    expect(reveal.getAttribute('aria-expanded')).toBe('false');
    expect(recipe?.hidden).toBe(true);
    await user.click(reveal);
    expect(reveal.getAttribute('aria-expanded')).toBe('true');
    expect(recipe?.hidden).toBe(false);
    await user.click(reveal);
    expect(recipe?.hidden).toBe(true);
  });

  it('plays and pauses; starting another sound stops the first', async () => {
    const played = fakeMedia();
    const user = userEvent.setup();
    renderTwo();
    await user.click(screen.getByRole('button', { name: 'Play Pop' }));
    screen.getByRole('button', { name: 'Pause Pop' });
    await user.click(screen.getByRole('button', { name: 'Play Wind Down' }));
    screen.getByRole('button', { name: 'Pause Wind Down' });
    screen.getByRole('button', { name: 'Play Pop' });
    await user.click(screen.getByRole('button', { name: 'Pause Wind Down' }));
    screen.getByRole('button', { name: 'Play Wind Down' });
    expect(played).toEqual(['/humansounds/audio/pop.mp3', '/humansounds/audio/wind-down.mp3']);
  });

  it('shows the play button again once the sound has ended', async () => {
    fakeMedia();
    const user = userEvent.setup();
    renderTwo();
    await user.click(screen.getByRole('button', { name: 'Play Pop' }));
    screen.getByRole('article', { name: 'Pop' }).querySelector('audio')?.dispatchEvent(new Event('ended'));
    await screen.findByRole('button', { name: 'Play Pop' });
  });

  it('says what to do when the sound cannot be loaded (offline before it was ever saved)', async () => {
    fakeMedia((element) => {
      element.dispatchEvent(new Event('error'));
      return Promise.reject(new DOMException('Failed to load because no supported source was found.', 'NotSupportedError'));
    });
    const user = userEvent.setup();
    renderTwo();
    await user.click(screen.getByRole('button', { name: 'Play Pop' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Pop could not be played. The sounds are saved on this device after one visit online: connect and try again.',
    );
    screen.getByRole('button', { name: 'Play Pop' });
  });

  it('treats a pause before the sound began as a pause, not a failure', async () => {
    fakeMedia((element) => {
      element.dispatchEvent(new Event('play'));
      return Promise.reject(new DOMException('The play() request was interrupted by a call to pause().', 'AbortError'));
    });
    const user = userEvent.setup();
    renderTwo();
    await user.click(screen.getByRole('button', { name: 'Play Pop' }));
    await user.click(screen.getByRole('button', { name: 'Pause Pop' }));
    screen.getByRole('button', { name: 'Play Pop' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
