import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { datePageText, withPageText } from './page-text.ts';

const today = '2026-11-24' as CalendarDay;

const SHELL = `<!doctype html><html><head>
<title>Memento · You’re going to die. Make the most of it.</title>
<meta
  name="description"
  content="A two-minute daily practice."
/>
<meta property="og:title" content="Memento · You’re going to die." />
<meta property="og:description" content="A two-minute daily practice." />
</head><body><div id="root"><div class="boot" aria-hidden="true">Memento</div></div></body></html>`;

describe('datePageText', () => {
  it('words a preset, a date and a number of days as the app does', () => {
    expect(datePageText('/weeksuntil/christmas', today)).toEqual({
      title: '4 weeks and 3 days until Christmas',
      description: 'Friday, December 25, 2026 is 4 weeks and 3 days from today. Count the weeks until any day, on your phone, even offline.',
    });
    expect(datePageText('/daysuntil/2027-01-01', today)?.title).toBe('38 days until Friday, January 1, 2027');
    expect(datePageText('/weeksuntil/2-weeks-from-today', today)?.title).toMatch(/^2 weeks from today/i);
  });

  it('words a life chart and its milestones', () => {
    expect(datePageText('/die/1990-06-15', today)?.title).toBe('Your life in weeks');
    expect(datePageText('/mortality/1990-06-15', today)?.title).toBe('Weeks left to live');
  });

  it.each(['/weeksuntil/someday', '/daysuntil/2026-02-30', '/daysuntil/2020-01-01', '/die/not-a-birthday', '/weeksuntil/%E0%A4%A', '/', '/tools', '/weeksuntil'])(
    'leaves %s to the app (no page text)',
    (path) => {
      expect(datePageText(path, today)).toBeNull();
    },
  );
});

describe('withPageText', () => {
  it('puts the title, description and words into the shell before any script', () => {
    const html = withPageText(SHELL, { title: '4 weeks until Christmas', description: 'Friday is 4 weeks away.' });
    expect(html).toContain('<title>4 weeks until Christmas · Memento</title>');
    expect(html).toMatch(/name="description"\s+content="Friday is 4 weeks away."/);
    expect(html).toContain('<meta property="og:title" content="4 weeks until Christmas · Memento" />');
    expect(html).toContain('<meta property="og:description" content="Friday is 4 weeks away." />');
    expect(html).toContain('<div class="boot"><h1>4 weeks until Christmas</h1><p>Friday is 4 weeks away.</p></div>');
  });

  it('escapes the text, dollar signs included', () => {
    const html = withPageText(SHELL, { title: '<script>alert(1)</script> $& "x"', description: "$1 & 'y'" });
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; $&amp; &quot;x&quot; · Memento</title>');
    expect(html).toContain('content="$1 &amp; &#39;y&#39;"');
  });
});
