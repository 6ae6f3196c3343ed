import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_FILE, routeAssetsFor, type PrerenderedPages, type RouteAssets } from '#core/route-assets';
import { addToHead, escapeHtml, holdForApp, pageHtmlSource, preloadTags } from './page-html.ts';

const ASSETS: RouteAssets = {
  routes: [
    { path: '/', scripts: ['/assets/landing-A.js'], styles: ['/assets/landing-A.css'] },
    { path: '/weeksuntil/:target', scripts: ['/assets/result-B.js', '/assets/shared-C.js'], styles: [] },
    { path: '/hnrd/*', scripts: ['/assets/hn-D.js'], styles: [] },
  ],
};

describe('a page’s preloads', () => {
  it('announces the chunks of the route the path matches, first match wins', () => {
    const tags = preloadTags(routeAssetsFor(ASSETS, '/weeksuntil/christmas'));
    expect(tags).toBe(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/result-B.js">' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/shared-C.js">',
    );
    expect(preloadTags(routeAssetsFor(ASSETS, '/'))).toContain('<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/landing-A.css">');
    expect(preloadTags(routeAssetsFor(ASSETS, '/hnrd/item/1'))).toContain('/assets/hn-D.js');
  });

  it('adds nothing for a path no route takes', () => {
    expect(preloadTags(routeAssetsFor(ASSETS, '/no/such/page'))).toBe('');
  });
});

describe('escapeHtml', () => {
  it('makes markup and quotes inert', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;');
  });
});

describe('addToHead', () => {
  it('puts the tags just before </head>, and leaves the page alone without tags', () => {
    expect(addToHead('<head><title>M</title></head><body></body>', '<meta name="x">')).toBe(
      '<head><title>M</title><meta name="x"></head><body></body>',
    );
    expect(addToHead('<head></head>', '')).toBe('<head></head>');
  });
});

describe('holdForApp', () => {
  const HELD = '<template data-app-chunks><link rel="modulepreload" href="/assets/index-E.js" data-app-entry></template>';

  it('adds the tags to what the boot script moves into the page after the first paint', () => {
    expect(holdForApp(`<head>${HELD}<title>M</title></head>`, '<link rel="modulepreload" href="/assets/page-P.js">')).toBe(
      '<head><template data-app-chunks><link rel="modulepreload" href="/assets/index-E.js" data-app-entry><link rel="modulepreload" href="/assets/page-P.js"></template><title>M</title></head>',
    );
  });

  it('puts them at the end of <head> in a shell that holds nothing back, and leaves the page alone without tags', () => {
    expect(holdForApp('<head><template><p></p></template></head>', '<link rel="modulepreload" href="/assets/page-P.js">')).toBe(
      '<head><template><p></p></template><link rel="modulepreload" href="/assets/page-P.js"></head>',
    );
    expect(holdForApp(`<head>${HELD}</head>`, '')).toBe(`<head>${HELD}</head>`);
  });
});

describe('pageHtmlSource', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-page-html-'));
    await fs.writeFile(
      path.join(dir, 'index.html'),
      '<!doctype html><head><title>Memento</title><template data-app-chunks><link rel="modulepreload" crossorigin href="/assets/index-E.js" data-app-entry></template></head><div id="root"></div>',
    );
    await fs.writeFile(path.join(dir, 'route-assets.json'), JSON.stringify(ASSETS));
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('serves the shell with the route’s preloads and each hook’s tags', async () => {
    const hook = (urlPath: string) => (urlPath.startsWith('/ex/') ? `<meta property="og:title" content="${escapeHtml(urlPath)}">` : '');
    const later = (urlPath: string) => Promise.resolve(urlPath === '/' ? '<meta name="later">' : '');
    const source = pageHtmlSource(dir, { headHooks: [hook, later] });
    const landing = await source.render('/');
    // The route's chunks beside the app's entry, held back until the first paint; the hooks' tags in the page.
    expect(landing).toContain(
      'data-app-entry><link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/landing-A.js"><link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/landing-A.css"></template><meta name="later"></head>',
    );
    expect(landing).not.toContain('og:title');
    expect(await source.render('/ex/"><script>')).toContain('<meta property="og:title" content="/ex/&quot;&gt;&lt;script&gt;"></head>');
  });

  it('serves the plain shell when the build wrote no route list', async () => {
    const bare = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-page-html-'));
    await fs.writeFile(path.join(bare, 'index.html'), '<head></head>');
    expect(await pageHtmlSource(bare).render('/')).toBe('<head></head>');
    await fs.rm(bare, { recursive: true, force: true });
  });

  it('serves a prerendered page whole: its markup, styles, title and description; a page with its own words keeps them', async () => {
    const built = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-page-html-'));
    await fs.writeFile(
      path.join(built, 'index.html'),
      '<head><title>Memento</title><meta name="description" content="shell" /></head><div id="root"><div class="boot" aria-hidden="true">Memento</div></div>',
    );
    const pages: PrerenderedPages = {
      pages: [{ path: '/tools', html: '<main><h1>Tools</h1></main>', title: 'Tools · Memento', description: 'Small tools', styles: '.tools{gap:1rem}', day: '2026-11-27' }],
    };
    await fs.writeFile(path.join(built, PRERENDERED_FILE), JSON.stringify(pages));
    const routes: RouteAssets = { routes: [{ path: '/tools', scripts: ['/assets/tools-T.js'], styles: ['/assets/tools-T.css'] }] };
    await fs.writeFile(path.join(built, 'route-assets.json'), JSON.stringify(routes));
    const source = pageHtmlSource(built, { pageText: (urlPath) => (urlPath === '/weeksuntil/christmas' ? { title: 'Weeks until Christmas', description: 'Count' } : null) });

    const tools = await source.render('/Tools/');
    // Inert until the app has taken it over: nothing can be pressed with nothing behind it. The
    // day it was written on goes with it, for the app's first render to show the same.
    expect(tools).toContain('<div id="root" inert data-written-day="2026-11-27"><main><h1>Tools</h1></main></div>');
    expect(tools).toContain('<title>Tools · Memento</title>');
    expect(tools).toContain('<meta name="description" content="Small tools" />');
    expect(tools).toContain('<style>.tools{gap:1rem}</style>');
    // Its stylesheet is in the page already: announced disabled, so nothing fetches it again.
    expect(tools).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/tools-T.js"><link rel="stylesheet" crossorigin href="/assets/tools-T.css" disabled></head>');
    expect(await source.render('/weeksuntil/christmas')).toContain('<div class="boot"><h1>Weeks until Christmas</h1><p>Count</p></div>');
    expect(await source.render('/life')).toContain('<div class="boot" aria-hidden="true">Memento</div>');
    await fs.rm(built, { recursive: true, force: true });
  });

  it('serves a date page written here whole, with its route’s styles inside, else with its words', async () => {
    const built = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-page-html-'));
    await fs.mkdir(path.join(built, 'assets'));
    await fs.writeFile(
      path.join(built, 'index.html'),
      '<head><title>Memento</title><meta name="description" content="shell" /></head><div id="root"><div class="boot" aria-hidden="true">Memento</div></div>',
    );
    const routes: RouteAssets = { routes: [{ path: '/weeksuntil/:target', scripts: ['/assets/result-R.js'], styles: ['/assets/result-R.css', '/assets/share-S.css'] }] };
    await fs.writeFile(path.join(built, 'route-assets.json'), JSON.stringify(routes));
    await fs.writeFile(path.join(built, 'assets', 'result-R.css'), '.count{font-size:4rem}');
    await fs.writeFile(path.join(built, 'assets', 'share-S.css'), '.share{gap:1rem}');
    const origins: string[] = [];
    const source = pageHtmlSource(built, {
      pageText: (urlPath) => (urlPath.startsWith('/weeksuntil/') ? { title: '4 weeks until Christmas', description: 'Count', url: `https://memento.example${urlPath}` } : null),
      writtenPage: (urlPath, origin) => {
        origins.push(origin);
        return Promise.resolve(urlPath === '/weeksuntil/christmas' ? { html: '<main><h1>4 weeks</h1></main>', day: '2026-11-27' } : null);
      },
    });

    const page = await source.render('/weeksuntil/christmas', 'https://memento.example');
    expect(origins).toEqual(['https://memento.example']);
    expect(page).toContain('<div id="root" inert data-written-day="2026-11-27"><main><h1>4 weeks</h1></main></div>');
    expect(page).toContain('<title>4 weeks until Christmas · Memento</title>');
    expect(page).toContain('<meta name="description" content="Count" />');
    expect(page).toContain('<meta property="og:url" content="https://memento.example/weeksuntil/christmas" />');
    // The route's stylesheets, in their order, as one element the policy allows by its hash.
    expect(page).toContain('<style>.count{font-size:4rem}\n.share{gap:1rem}</style>');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/result-R.css" disabled><link rel="stylesheet" crossorigin href="/assets/share-S.css" disabled>');

    // Not written (the renderer had no page): the words in the shell, the styles fetched as usual.
    const words = await source.render('/weeksuntil/easter', 'https://memento.example');
    expect(words).toContain('<div id="root"><div class="boot"><h1>4 weeks until Christmas</h1><p>Count</p></div></div>');
    expect(words).toContain('<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/result-R.css">');
    await fs.rm(built, { recursive: true, force: true });
  });

  it('serves a date page with its words when its route’s styles cannot be read', async () => {
    const built = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-page-html-'));
    await fs.writeFile(path.join(built, 'index.html'), '<head><title>Memento</title></head><div id="root"><div class="boot" aria-hidden="true">Memento</div></div>');
    const routes: RouteAssets = { routes: [{ path: '/weeksuntil/:target', scripts: [], styles: ['/assets/gone-G.css'] }] };
    await fs.writeFile(path.join(built, 'route-assets.json'), JSON.stringify(routes));
    const source = pageHtmlSource(built, {
      pageText: () => ({ title: '4 weeks until Christmas', description: 'Count' }),
      writtenPage: () => Promise.resolve({ html: '<main><h1>4 weeks</h1></main>', day: '2026-11-27' }),
    });
    expect(await source.render('/weeksuntil/christmas', 'https://memento.example')).toContain('<div class="boot"><h1>4 weeks until Christmas</h1>');
    await fs.rm(built, { recursive: true, force: true });
  });

  it('serves a page written by an older build, which lacks a field, with the plain shell', async () => {
    const built = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-page-html-'));
    await fs.writeFile(path.join(built, 'index.html'), '<head><title>Memento</title></head><div id="root"><div class="boot" aria-hidden="true">Memento</div></div>');
    const older = { pages: [{ path: '/tools', html: '<main><h1>Tools</h1></main>', title: 'Tools · Memento', description: 'Small tools', styles: '' }] };
    await fs.writeFile(path.join(built, PRERENDERED_FILE), JSON.stringify(older));
    const tools = await pageHtmlSource(built).render('/tools');
    expect(tools).toContain('<div id="root"><div class="boot" aria-hidden="true">Memento</div></div>');
    await fs.rm(built, { recursive: true, force: true });
  });
});
