import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../playwright.config';

export interface AssetSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzip: number;
}

export const gzipSize = (content: Buffer | string): number => gzipSync(content).length;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every JavaScript and CSS file of the build with its raw and gzip size, largest first. */
export function assetSizes(distDir: string): AssetSize[] {
  return walk(distDir)
    .filter((path) => /\.(js|mjs|css)$/.test(path))
    .map((path) => {
      const content = readFileSync(path);
      return { file: relative(distDir, path), bytes: content.length, gzip: gzipSize(content) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** The JavaScript and CSS a first-time visitor's browser actually downloads for a page (styles inside the HTML included). */
export async function pageWeight(url: string): Promise<AssetSize[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    const loaded: Promise<AssetSize | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'document') {
        // The shell's stylesheet comes inside the HTML (see vite.config.ts): counted as a download of its own.
        loaded.push(
          response.text().then(
            (html) => {
              const css = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '').join('');
              return css === '' ? null : { file: 'index.html (inline styles)', bytes: Buffer.byteLength(css), gzip: gzipSize(css) };
            },
            () => null,
          ),
        );
        return;
      }
      if (type !== 'script' && type !== 'stylesheet') return;
      loaded.push(
        response.body().then(
          (body) => ({ file: new URL(response.url()).pathname, bytes: body.length, gzip: gzipSize(body) }),
          () => null,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return (await Promise.all(loaded)).filter((asset): asset is AssetSize => asset !== null);
  } finally {
    await browser.close();
  }
}

/**
 * What a first visit to `route` downloads beyond what the landing page downloads: the route's
 * own chunks and the shared chunks only it (among the two) needs, by the same measure as `pageWeight`.
 */
export async function routeExtras(baseUrl: string, route: string, landing: readonly AssetSize[]): Promise<AssetSize[]> {
  const onLanding = new Set(landing.map((asset) => asset.file));
  const loaded = await pageWeight(`${baseUrl}${route}`);
  return loaded.filter((asset) => !onLanding.has(asset.file)).sort((a, b) => b.gzip - a.gzip);
}
