import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ROUTE_MODULES } from './pwa/src/app/route-modules';
import { HELD_CHUNKS_ATTRIBUTE, ROUTE_ASSETS_FILE, type RouteAssets } from './pwa/core/route-assets';

/**
 * After the build: `route-assets.json` lists, for each page path, the scripts and stylesheets its
 * route module needs beyond the entry (the server announces them in that page's HTML, so the
 * browser fetches them with the entry instead of after it has run).
 */
function routeAssets(): Plugin {
  return {
    name: 'memento:route-assets',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry && !isBootChunk(chunk));
      if (entry === undefined) return;
      /** A chunk and every chunk it imports statically, depth first. */
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const inEntry = closure(entry.fileName);
      const moduleChunk = new Map<string, string>();
      for (const chunk of chunks) {
        const name = /[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (name !== undefined && chunk.isDynamicEntry) moduleChunk.set(name, chunk.fileName);
      }
      const routes: RouteAssets['routes'] = ROUTE_MODULES.flatMap(([path, module]) => {
        const file = moduleChunk.get(module);
        if (file === undefined) return [];
        const files = [...closure(file)].filter((name) => !inEntry.has(name));
        const styles = files.flatMap((name) => [...(byFile.get(name)?.viteMetadata?.importedCss ?? [])]);
        return [{ path, scripts: files.map((name) => `/${name}`), styles: styles.map((name) => `/${name}`) }];
      });
      const manifest: RouteAssets = { routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_ASSETS_FILE, source: JSON.stringify(manifest) });
    },
  };
}

/**
 * The app shell's own stylesheet (a few KB) written into index.html as a <style> element instead
 * of linked: the first paint then waits for the HTML alone, not for a second request. Its link
 * stays, disabled: the browser does not fetch a disabled stylesheet, and the app's loader, which
 * some pages' chunks ask for the same file, finds it attached and fetches it no second time. The
 * server allows exactly this text by its hash in the content security policy
 * (sync-server/src/http/inline-sources.ts).
 */
function inlineShellStyles(): Plugin {
  return {
    name: 'memento:inline-shell-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (bundle === undefined) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset' || typeof asset.source !== 'string' || asset.source.includes('</style')) return tag;
          return `<style>${asset.source}</style>${tag.replace(/>$/, ' disabled>')}`;
        });
      },
    },
  };
}

/** The chunk of React's renderer (react-dom/client). */
const RENDERER_CHUNK = 'react-dom';

const isBootChunk = (chunk: { readonly facadeModuleId: string | null }): boolean => /[\\/]src[\\/]boot\.ts$/.test(chunk.facadeModuleId ?? '');

/**
 * index.html runs the small boot script (pwa/src/boot.ts), written into it, instead of loading
 * the app's entry: a script of its own would be one more request before the app starts. The
 * entry is announced as a module preload inside the <template data-app-chunks> the boot script
 * reads, where the server adds each page's own chunks (sync-server/src/http/page-html.ts); the
 * browser fetches none of them before the first paint. The boot file itself leaves the build.
 * The server allows exactly this script by its hash in the content security policy
 * (sync-server/src/http/inline-sources.ts). Only in the build: the dev server runs the app as
 * written.
 */
function startAfterFirstPaint(): Plugin {
  return {
    name: 'memento:start-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (bundle === undefined) return html;
        const boot = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry && isBootChunk(item));
        if (boot?.type !== 'chunk') throw new Error('the build has no boot chunk (pwa/src/boot.ts)');
        if (boot.imports.length > 0 || boot.dynamicImports.length > 0) throw new Error('the boot script must import nothing: it is written into the page');
        const code = boot.code.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '').trim();
        if (/<\/script|<!--/i.test(code)) throw new Error('the boot script cannot be written into the page as it is');
        const entryScript = /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/;
        const renderer = Object.values(bundle).find((item) => item.type === 'chunk' && item.name === RENDERER_CHUNK);
        if (renderer === undefined) throw new Error(`the build has no ${RENDERER_CHUNK} chunk`);
        if (!entryScript.test(html)) throw new Error("index.html has no module script for the app's entry");
        // The script now lives in the page: its file (and map) would be one more thing to store offline, unused.
        Reflect.deleteProperty(bundle, boot.fileName);
        if (boot.sourcemapFileName !== null) Reflect.deleteProperty(bundle, boot.sourcemapFileName);
        return html.replace(
          entryScript,
          (_tag, file: string) =>
            `<script type="module">${code}</script>\n    <template ${HELD_CHUNKS_ATTRIBUTE}><link rel="modulepreload" fetchpriority="low" crossorigin href="${file}" data-app-entry><link rel="modulepreload" fetchpriority="low" crossorigin href="/${renderer.fileName}"></template>`,
        );
      },
    },
  };
}

/**
 * React Router's package names only its development build in its exports; the production build
 * beside it differs in one constant that drops the development warnings and their texts (both
 * `react-router` and `react-router/dom`, which react-router-dom imports, so there is one copy).
 * Only in the build: the dev server and the tests keep the warnings.
 */
function reactRouterProduction(): Plugin {
  const dir = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));
  return {
    name: 'memento:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${dir}index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${dir}dom-export.mjs` },
        ],
      },
    }),
  };
}

/** The service worker and the web app manifest: every page opens offline after the first visit. */
function offlineWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Memento',
      short_name: 'Memento',
      description:
        'A two-minute daily practice for a finite life: your weeks left to live, a gratitude journal, reminders and a streak calendar.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#ffffff',
      categories: ['health', 'lifestyle', 'productivity'],
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    // The precache globs below already take every icon; the plugin adds the manifest itself.
    includeManifestIcons: false,
    injectManifest: {
      // Every route's code, styles, the app shell, icons and the manifest: all pages open offline.
      // The Human Sounds MP3s too, so the catalogue plays offline (not its preview video).
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'humansounds/audio/*.mp3'],
      globIgnores: ['**/*.map', 'manifest.webmanifest'],
    },
    devOptions: { enabled: false },
  });
}

const repo = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/pwa', import.meta.url));

export default defineConfig(({ isSsrBuild = false }) => ({
  root: 'pwa',
  publicDir: 'public',
  // The page renderer (dist/render) carries its own React, built for production: left to Node,
  // React picks its development build wherever NODE_ENV is not 'production' (as under
  // `npm start`), which wrote each page three times slower (6.4 ms against 2.0 ms a date page).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  css: {
    modules: {
      // `card_AbC1`: the class's own name and a short mark of its file (4 characters of a hash of
      // the path, so the same everywhere). Shorter than the default `_card_<hash>_<line>` in both
      // the CSS and the class maps in the JavaScript, and it compresses better (0.5 KB gzip of
      // a first visit); still readable in the browser's inspector.
      generateScopedName: (name: string, filename: string) =>
        `${name}_${createHash('sha256').update(relative(repo, filename)).digest('base64url').slice(0, 4)}`,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    // Browsers without <link rel="modulepreload"> (Safari before 17) fetch the same modules a
    // moment later; the polyfill would cost every first visit its bytes.
    modulePreload: {
      polyfill: false,
      // What a page change fetches alongside a route's chunk: its stylesheets (the page must not
      // show unstyled), not every script it imports. Those the route chunk names itself, and the
      // service worker has them all stored soon after the first visit; listing every route's
      // scripts in the entry cost the landing page 1.4 KB gzip. A page opened directly gets its
      // scripts announced in its HTML instead (route-assets.json, below).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps),
    },
    rolldownOptions: {
      // The page's HTML and the boot script that starts the app after the first paint.
      input: { index: fileURLToPath(new URL('./pwa/index.html', import.meta.url)), boot: fileURLToPath(new URL('./pwa/src/boot.ts', import.meta.url)) },
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the app shell) in one
          // chunk: a first visit fetches one script instead of several small ones that import
          // each other, and saves the import/export glue between them.
          // Then the small building blocks of components/ui that the shell does not use and the
          // public pages use together (cards, page headings, icon tiles) in one more chunk: one
          // file instead of a script and a stylesheet for each saves their overhead. The dialog
          // and the settings panels are not among them: the signed-in app and the chart's
          // overlay load them when they need them.
          groups: [
            { name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/boot.ts') },
            // React's renderer, which the entry imports dynamically so that it runs in a task of its
            // own (pwa/src/main.tsx); the HTML announces it beside the entry.
            { name: RENDERER_CHUNK, test: /[\\/]node_modules[\\/](?:react-dom[\\/](?:client\.js|cjs[\\/]react-dom-client\.)|scheduler[\\/])/ },
            { name: 'ui', test: /[\\/]src[\\/]components[\\/]ui[\\/](?:card|page-heading|icon-tile)[.-]/ },
            // XState, for every flow that is a machine (reminders now; payments, onboarding and
            // the game next): one shared chunk that the pages with a machine load and cache
            // once, instead of a copy in each route's chunk.
            { name: 'xstate', test: /[\\/]node_modules[\\/](?:xstate|@xstate[\\/]react)[\\/]/ },
            // The landing page's icons, which other pages share too: one file instead of five.
            {
              name: 'landing-icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?:grid-3x3|sparkles|check|bell-ring|notebook-pen|hourglass)\.mjs$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  plugins: [
    react(),
    reactRouterProduction(),
    // The page renderer (`npm run build`'s server half, pwa/src/page-render.tsx) needs none of
    // the browser build's files: no route list, no HTML, no service worker.
    ...(isSsrBuild ? [] : [routeAssets(), inlineShellStyles(), startAfterFirstPaint(), offlineWorker()]),
  ],
  test: {
    root: repo,
    // `npm test` runs the unit tests beside the lint, the compiler and the build: on two cores a
    // test may wait for the processor far longer than it runs. Speed has its benchmarks.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          root: repo,
          include: ['pwa/core/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'pwa',
          root: repo,
          include: ['pwa/src/**/*.test.{ts,tsx}'],
          exclude: ['pwa/src/**/*.server.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['pwa/src/testing/setup.ts'],
          // A fresh process per file cost about 2 s of start-up each (jsdom, imports): a worker's
          // files share one instead, and the setup file gives each file a fresh start.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // The app's modules as the server runs them to write a page: no DOM at all.
          name: 'pwa-server',
          root: repo,
          include: ['pwa/src/**/*.server.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'tooling',
          root: repo,
          include: ['tooling/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          root: repo,
          include: ['sync-server/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          // The files run one after another in one process, sharing the modules they import
          // instead of loading them again for each of the 88 files: on Postgres (CI) that took
          // the run from 328 to 173 CPU-s, on PGlite from 520 to 322. Each file still opens and
          // closes its own database.
          isolate: false,
        },
      },
    ],
  },
}));
