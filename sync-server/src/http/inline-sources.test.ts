import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_FILE, ROUTE_ASSETS_FILE, type PrerenderedPages, type RouteAssets } from '#core/route-assets';
import { inlineScriptSources, inlineStyleSources, shellScriptSources, shellStyleSources } from './inline-sources.ts';

describe('inlineStyleSources', () => {
  it('names each <style> element by the SHA-256 of its exact text, as a browser checks it', () => {
    // The hash of `body{margin:0}` in base64, as CSP Level 3 defines a hash source.
    expect(inlineStyleSources('<head><style>body{margin:0}</style></head>')).toEqual(["'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='"]);
    expect(inlineStyleSources('<style>a{}</style><style>\nb{}\n</style>')).toHaveLength(2);
  });

  it('names nothing in a shell without inline styles', () => {
    expect(inlineStyleSources('<link rel="stylesheet" href="/assets/index.css">')).toEqual([]);
  });
});

describe('shellStyleSources', () => {
  it('names the shell’s styles and a prerendered page’s own, and follows a new build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'memento-shell-'));
    const index = path.join(dir, 'index.html');
    const sources = shellStyleSources(dir);
    expect(sources('/')).toEqual([]);

    writeFileSync(index, '<style>a{color:red}</style>');
    const shell = inlineStyleSources('<style>a{color:red}</style>');
    expect(sources('/tools')).toEqual(shell);

    const pages: PrerenderedPages = { pages: [{ path: '/tools', html: '<main></main>', title: 'Tools', description: '', styles: '.tool{gap:1rem}', day: '2026-11-27' }] };
    writeFileSync(path.join(dir, PRERENDERED_FILE), JSON.stringify(pages));
    const toolsStyles = inlineStyleSources('<style>.tool{gap:1rem}</style>');
    expect(sources('/tools')).toEqual([...shell, ...toolsStyles]);
    // The router's view of the address: a trailing slash and letter case do not matter.
    expect(sources('/Tools/')).toEqual([...shell, ...toolsStyles]);
    expect(sources('/life')).toEqual(shell);

    writeFileSync(index, '<style>a{color:blue}</style>');
    // A later modification time, as a new build writes it (some file systems keep whole seconds).
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    expect(sources('/life')).toEqual(inlineStyleSources('<style>a{color:blue}</style>'));
  });

  it('names the route’s stylesheets as one text, which a date page written whole carries', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'memento-shell-'));
    writeFileSync(path.join(dir, 'index.html'), '<style>a{color:red}</style>');
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'assets', 'result-R.css'), '.count{font-size:4rem}');
    writeFileSync(path.join(dir, 'assets', 'share-S.css'), '.share{gap:1rem}');
    const routes: RouteAssets = { routes: [{ path: '/weeksuntil/:target', scripts: [], styles: ['/assets/result-R.css', '/assets/share-S.css'] }] };
    writeFileSync(path.join(dir, ROUTE_ASSETS_FILE), JSON.stringify(routes));
    const shell = inlineStyleSources('<style>a{color:red}</style>');

    expect(shellStyleSources(dir)('/weeksuntil/christmas')).toEqual([...shell, ...inlineStyleSources('<style>.count{font-size:4rem}\n.share{gap:1rem}</style>')]);
    // A route without stylesheets of its own adds nothing.
    expect(shellStyleSources(dir)('/privacy-policy')).toEqual(shell);
  });
});


describe('inlineScriptSources', () => {
  it('names the text of each inline module script by its SHA-256, and no script loaded from a file', () => {
    // `console.log(1)` hashed with SHA-256, in base64.
    expect(inlineScriptSources('<head><script type="module">console.log(1)</script></head>')).toEqual(["'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"]);
    expect(inlineScriptSources('<script type="module" crossorigin src="/assets/index.js"></script>')).toEqual([]);
  });
});

describe('shellScriptSources', () => {
  it('names the shell’s inline scripts for every page, none without a build, and follows a new build', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'memento-shell-'));
    const index = path.join(dir, 'index.html');
    const sources = shellScriptSources(dir);
    expect(sources()).toEqual([]);

    writeFileSync(index, '<script type="module">start()</script>');
    expect(sources()).toEqual(inlineScriptSources('<script type="module">start()</script>'));

    writeFileSync(index, '<script type="module">start(2)</script>');
    utimesSync(index, new Date(), new Date(Date.now() + 5_000));
    expect(sources()).toEqual(inlineScriptSources('<script type="module">start(2)</script>'));
  });
});
