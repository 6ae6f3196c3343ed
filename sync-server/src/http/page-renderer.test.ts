import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalendarDay } from '#core/dates/calendar-day';
import { builtPageRenderer, PAGE_RENDER_FILE } from './page-renderer.ts';

let dir: string;
const day = (text: string) => text as CalendarDay;
const problems: string[] = [];
const onError = (urlPath: string, error: unknown) => {
  problems.push(`${urlPath}: ${error instanceof Error ? error.message : String(error)}`);
};

/**
 * A stand-in for the build's renderer: it answers from the path, and counts its renders on
 * globalThis so a test can tell a kept page from a new render.
 */
const RENDERER = `
globalThis.__renders = 0;
export async function renderPage({ pathname, day, origin }) {
  globalThis.__renders += 1;
  if (pathname === '/throws') throw new Error('no such page');
  if (pathname === '/half') return '<!--$!--><template data-msg="Switched to client rendering"></template><p>Loading</p><!--/$-->';
  if (pathname === '/styled') return '<p style="color:red">red</p>';
  return '<main><h1>' + pathname + ' on ' + day + '</h1><a href="' + origin + pathname + '">link</a></main>';
}
`;

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-render-'));
  problems.length = 0;
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the build’s page renderer', () => {
  it('writes a page from the build’s renderer, for the day and origin given, and keeps it', async () => {
    await fs.writeFile(path.join(dir, PAGE_RENDER_FILE), RENDERER);
    const renderer = builtPageRenderer(dir, { onError });

    const html = await renderer.render('/weeksuntil/christmas', day('2026-11-29'), 'https://memento.example');
    expect(html).toBe('<main><h1>/weeksuntil/christmas on 2026-11-29</h1><a href="https://memento.example/weeksuntil/christmas">link</a></main>');
    const after = renders();
    // The same address that day, letter case and a trailing slash aside: the kept page.
    expect(await renderer.render('/WeeksUntil/christmas/', day('2026-11-29'), 'https://memento.example')).toBe(html);
    expect(renders()).toBe(after);
    // Another day is another page.
    expect(await renderer.render('/weeksuntil/christmas', day('2026-11-30'), 'https://memento.example')).toContain('on 2026-11-30');
    expect(renders()).toBe(after + 1);
    expect(problems).toEqual([]);
  });

  it('gives no page where the render failed, wrote only part of it, or used inline styles, and says why', async () => {
    await fs.writeFile(path.join(dir, PAGE_RENDER_FILE), RENDERER);
    const renderer = builtPageRenderer(dir, { onError });

    expect(await renderer.render('/throws', day('2026-11-29'), 'https://memento.example')).toBeNull();
    expect(await renderer.render('/half', day('2026-11-29'), 'https://memento.example')).toBeNull();
    expect(await renderer.render('/styled', day('2026-11-29'), 'https://memento.example')).toBeNull();
    expect(problems).toEqual([
      '/throws: no such page',
      '/half: a component failed to render on the server',
      '/styled: the markup has inline style attributes',
    ]);
  });

  it('gives no page before there is a build, and uses the build once it is there', async () => {
    const renderer = builtPageRenderer(dir, { onError });
    expect(await renderer.render('/weeksuntil/christmas', day('2026-11-29'), 'https://memento.example')).toBeNull();

    await fs.writeFile(path.join(dir, PAGE_RENDER_FILE), RENDERER.replace("'<main><h1>'", "'<main class=\"late\"><h1>'"));
    expect(await renderer.render('/weeksuntil/christmas', day('2026-11-29'), 'https://memento.example')).toContain('<main class="late">');
  });

  it('gives no page after a new build replaced the one it loaded, whose markup would not match it', async () => {
    const file = path.join(dir, PAGE_RENDER_FILE);
    await fs.writeFile(file, RENDERER);
    const renderer = builtPageRenderer(dir, { onError });
    expect(await renderer.render('/weeksuntil/christmas', day('2026-11-29'), 'https://memento.example')).not.toBeNull();

    // A later modification time, as a new build writes it (some file systems keep whole seconds).
    await fs.utimes(file, new Date(), new Date(Date.now() + 5_000));
    expect(await renderer.render('/daysuntil/2030-01-01', day('2026-11-29'), 'https://memento.example')).toBeNull();
  });

  it('gives no page from a file that is not a renderer', async () => {
    await fs.writeFile(path.join(dir, PAGE_RENDER_FILE), 'export const something = 1;');
    const renderer = builtPageRenderer(dir, { onError });
    expect(await renderer.render('/weeksuntil/christmas', day('2026-11-29'), 'https://memento.example')).toBeNull();
  });
});
