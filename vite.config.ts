import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const repo = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/pwa', import.meta.url));

// react-router's package exports name only its development build (warnings, dev checks: ~0.5 KB
// gzip more on every first visit); a build takes the production files instead. Dev and tests
// keep the development build and its warnings.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
  { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
];

// To the bundler, two kinds of top-level statement in react-router's production chunk are side
// effects that keep unused components in the first bundle: `X.displayName = "X"`, and
// `var X = React.forwardRef(…)` / `React.createContext(…)` / `React.memo(…)` without a pure
// annotation (React is CommonJS, so nothing proves those calls pure). That kept Form and its
// submit code, HistoryRouter, the router's ScrollRestoration … in every first visit. A build
// drops the names (they serve only React DevTools) and marks those calls pure, in that file only;
// each edit keeps the line count, so the source map stays line-accurate.
const reactRouterTreeShaking: Plugin = {
  name: 'memento:react-router-tree-shaking',
  apply: 'build',
  transform: {
    filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/ },
    handler(code) {
      const shaken = code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2');
      return { code: shaken, map: null };
    },
  },
};

export default defineConfig(({ command }) => ({
  root: 'pwa',
  resolve: {
    alias: command === 'build' ? reactRouterProduction : [],
  },
  publicDir: 'public',
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // Browsers without <link rel="modulepreload"> (Safari before 17) fetch the same modules a
    // moment later; the polyfill would cost every first visit its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, the app shell) in one
          // chunk: a first visit fetches one script instead of several small ones that import
          // each other, and saves the import/export glue between them.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  plugins: [
    reactRouterTreeShaking,
    react(),
    VitePWA({
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
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map', 'manifest.webmanifest'],
      },
      devOptions: { enabled: false },
    }),
  ],
  test: {
    root: repo,
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
          environment: 'jsdom',
          setupFiles: ['pwa/src/test/setup.ts'],
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
