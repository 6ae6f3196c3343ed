import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRERENDERED_FILE, prerenderedPageKey } from '#core/route-assets';

/** The policy source that allows one inline stylesheet: 'sha256-<base64>' of its exact text. */
function hashSource(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * The build writes the app shell's own stylesheet into index.html as a <style> element, so the
 * first paint waits for no request. The content security policy allows no inline style, except
 * an element whose exact text has a hash the policy names: these are those hashes.
 */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = '']) => hashSource(css));
}

/** The hash of each prerendered page's own styles (see page-text.ts `withPrerenderedPage`), by page. */
function prerenderedStyleSources(file: string): Map<string, string[]> {
  if (!fs.existsSync(file)) return new Map();
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const pages = typeof parsed === 'object' && parsed !== null ? (parsed as { pages?: unknown }).pages : undefined;
  const sources = new Map<string, string[]>();
  for (const page of Array.isArray(pages) ? (pages as unknown[]) : []) {
    const { path: pagePath, styles } = (page ?? {}) as { path?: unknown; styles?: unknown };
    if (typeof pagePath === 'string' && typeof styles === 'string' && styles !== '') sources.set(prerenderedPageKey(pagePath), [hashSource(styles)]);
  }
  return sources;
}

const modified = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

/**
 * The inline style sources of the page at a path: the shell's, and a prerendered page's own.
 * Read again when the build's files change (a new build while the server runs); none while
 * there is no build.
 */
export function shellStyleSources(publicDir: string): (urlPath: string) => readonly string[] {
  const indexFile = path.join(publicDir, 'index.html');
  const pagesFile = path.join(publicDir, PRERENDERED_FILE);
  let cached: { readonly stamp: string; readonly shell: readonly string[]; readonly pages: ReadonlyMap<string, readonly string[]> } | undefined;
  return (urlPath) => {
    try {
      const stamp = `${String(fs.statSync(indexFile).mtimeMs)}:${String(modified(pagesFile))}`;
      if (cached?.stamp !== stamp) {
        cached = { stamp, shell: inlineStyleSources(fs.readFileSync(indexFile, 'utf8')), pages: prerenderedStyleSources(pagesFile) };
      }
    } catch {
      return [];
    }
    return [...cached.shell, ...(cached.pages.get(prerenderedPageKey(urlPath)) ?? [])];
  };
}
