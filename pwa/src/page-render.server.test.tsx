import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { getWrittenDay } from './lib/current-instant';
import { renderPage } from './page-render';

const ORIGIN = 'https://memento.example';
const day = (text: string) => text as CalendarDay;

/** The words a reader sees in markup: tags dropped, spaces folded. */
function words(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

describe('a date page written on the server, where there is no DOM', () => {
  it('has no window, document or storage to lean on', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    expect(typeof localStorage).toBe('undefined');
  });

  it('shows the answer counted from the given day, the presets and the full link to share', async () => {
    const html = await renderPage({ pathname: '/weeksuntil/christmas', day: day('2026-11-29'), origin: ORIGIN });
    expect(html).not.toContain('<template');
    const text = words(html);
    expect(text).toContain('3 weeks and 5 days until Christmas');
    expect(text).toContain('Count to another day');
    expect(text).toContain('Count in days instead');
    expect(html).toContain(`value="${ORIGIN}/weeksuntil/christmas"`);
    // The device's own share sheet is the device's to offer, after the app has taken the page over.
    expect(text).toContain('Copy Link');
    expect(text).not.toMatch(/\bShare\b(?! this page)/);
    // Nobody is signed in on a page the server writes.
    expect(text).toContain('Log in');
  });

  it('counts from the day it is given, not the server’s clock', async () => {
    const html = await renderPage({ pathname: '/daysuntil/2030-01-01', day: day('2029-12-25'), origin: ORIGIN });
    expect(words(html)).toContain('7 days until Tuesday, January 1, 2030');
  });

  it('writes a life chart with its numbers', async () => {
    const html = await renderPage({ pathname: '/die/1990-06-15', day: day('2026-11-29'), origin: ORIGIN });
    expect(html).not.toContain('<template');
    expect(words(html)).toContain('Weeks lived 1,902 Weeks left 2,830');
  });

  it('leaves no written day behind for the next render', async () => {
    await renderPage({ pathname: '/weeksuntil/christmas', day: day('2026-11-29'), origin: ORIGIN });
    expect(getWrittenDay()).toBeUndefined();
  });
});
