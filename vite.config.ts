import { createHash } from 'node:crypto';
import { relative } from 'node:path';
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
//
// The app uses React Router in declarative mode only (<BrowserRouter> and <Routes>, see
// src/app/router.tsx): no data router, no framework mode, no React Server Components. Code that
// only those modes reach still sits in the components every page uses (Link's prefetching,
// NavLink's view-transition state, the data router's error boundaries and default error page,
// the RSC redirect handler: about 3 KB gzip of each first visit). A build cuts those branches
// with the edits below; `declarativeRouterOnly` fails the build if app code starts using a data
// router, and an edit that no longer finds its text (a React Router update) fails it too.
interface SourceEdit {
  /** What the branch serves, and why declarative mode never reaches it. */
  readonly why: string;
  readonly find: RegExp;
  readonly replace: string;
}

const declarativeModeEdits: readonly SourceEdit[] = [
  {
    why: 'Link prefetching works only inside the framework mode\'s <HydratedRouter>; elsewhere it returns "no prefetch"',
    find: /let \[shouldPrefetch, prefetchRef, prefetchHandlers\] = usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/,
    replace: 'let prefetchRef = null, prefetchHandlers = {};',
  },
  {
    why: 'the prefetch links Link would render next to itself (framework mode)',
    find: /return shouldPrefetch && !isAbsolute \? .*\bPrefetchPageLinks, \{ page: href \}\)\) : link;/,
    replace: 'return link;',
  },
  {
    why: 'NavLink\'s isTransitioning reads the data router\'s state; without one it is false',
    find: /let isTransitioning = routerState != null &&[^\n]*\n[^\n]*\n\s*useViewTransitionState\(path\) && viewTransition === true;/,
    replace: 'let isTransitioning = false;',
  },
  {
    why: 'the data router\'s state in rendering matches: errors, hydration fallbacks, its error boundaries and default error page',
    find: /let dataRouterState = dataRouterOpts\?\.state;/,
    replace: 'let dataRouterState = void 0;',
  },
  {
    why: 'the data router\'s error boundary (unreachable after the edit above) reads the RSC context',
    find: /^RenderErrorBoundary\.contextType = RSCRouterContext;$/m,
    replace: '',
  },
  {
    why: 'useNavigate\'s data-router flavour, for routes a data router renders',
    find: /return isDataRoute \? useNavigateStable\(\) : useNavigateUnstable\(\);/,
    replace: 'return useNavigateUnstable();',
  },
];

/** React Router's production build, where both plugins below edit its code. */
const REACT_ROUTER_PRODUCTION_CHUNK = /react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;

/** Applies each edit exactly once, keeping the line count (the source map stays line-accurate). */
function applyEdits(code: string, edits: readonly SourceEdit[]): string {
  return edits.reduce((text, edit) => {
    const found = [...text.matchAll(new RegExp(edit.find.source, `${edit.find.flags}g`))].map((match) => match[0]);
    if (found.length !== 1) {
      throw new Error(`React Router edit (${edit.why}) matched ${found.length} times instead of once: ${edit.find}`);
    }
    const lines = found.join('').split('\n').length - edit.replace.split('\n').length;
    return text.replace(edit.find, () => edit.replace + '\n'.repeat(Math.max(lines, 0)));
  }, code);
}

const reactRouterTreeShaking: Plugin = {
  name: 'memento:react-router-tree-shaking',
  apply: 'build',
  transform: {
    filter: { id: REACT_ROUTER_PRODUCTION_CHUNK },
    handler(code) {
      const shaken = code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2');
      // The chunk that holds the components (the other one holds the route matching).
      const edited = shaken.includes('function usePrefetchBehavior(') ? applyEdits(shaken, declarativeModeEdits) : shaken;
      return { code: edited, map: null };
    },
  },
};

// React Router's production build keeps its developer messages: the text of every invariant
// (thrown when a hook is used outside a <Router>, a route path is malformed …) and warning, about
// 1.3 KB gzip of each first visit. As React's own production build does, a build leaves them out:
// each message becomes one sentence (held once, in a variable) that points to the development
// build (`npm run dev`, the tests), which keeps them all. The checks themselves stay, so a mistake
// still throws.
const MESSAGE_LEFT_OUT = 'memento_routerMessageLeftOut';
const messageLeftOut = `var ${MESSAGE_LEFT_OUT} = ${JSON.stringify('React Router: this message is left out of production builds; the development build shows it')};`;

/** The argument that holds the message, for React Router's invariant and warning helpers. */
const messageArgument: Readonly<Record<string, number>> = { invariant: 1, invariant2: 1, warning: 1, warningOnce: 2 };

interface Span {
  readonly start: number;
  readonly end: number;
}

const isNode = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isSpan = (value: unknown): value is Span & Record<string, unknown> =>
  isNode(value) && typeof value.start === 'number' && typeof value.end === 'number';

/** The spans of the message arguments of React Router's invariant and warning calls in a syntax tree. */
function messageSpans(node: unknown, found: Span[] = []): Span[] {
  if (Array.isArray(node)) {
    for (const child of node) messageSpans(child, found);
    return found;
  }
  if (!isNode(node)) return found;
  const callee = node.callee;
  if (node.type === 'CallExpression' && isNode(callee) && callee.type === 'Identifier' && typeof callee.name === 'string') {
    const index = messageArgument[callee.name];
    const args = node.arguments;
    const message = index !== undefined && Array.isArray(args) ? (args as unknown[])[index] : undefined;
    if (isSpan(message) && message.type !== 'Identifier') found.push({ start: message.start, end: message.end });
  }
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && key !== 'start' && key !== 'end') messageSpans(value, found);
  }
  return found;
}

const reactRouterMessages: Plugin = {
  name: 'memento:react-router-messages',
  apply: 'build',
  transform: {
    filter: { id: REACT_ROUTER_PRODUCTION_CHUNK },
    handler(code) {
      const spans = messageSpans(this.parse(code)).sort((a, b) => b.start - a.start);
      let edited = code;
      for (const { start, end } of spans) {
        // Keeps the line count, so the source map stays line-accurate.
        const lines = code.slice(start, end).split('\n').length - 1;
        edited = edited.slice(0, start) + MESSAGE_LEFT_OUT + '\n'.repeat(lines) + edited.slice(end);
      }
      // On the first line, beside what is there: no line moves.
      return { code: spans.length > 0 ? `${messageLeftOut} ${edited}` : edited, map: null };
    },
  },
};

/** The edits above hold only while no app module renders a data router or framework router. */
const declarativeRouterOnly: Plugin = {
  name: 'memento:declarative-router-only',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]pwa[\\/]src[\\/].+\.tsx?$/ },
    handler(code, id) {
      const dataRouterApi =
        /\bimport\b[^;]*?\b(create(?:Browser|Hash|Memory|Static)Router|RouterProvider|HydratedRouter|StaticRouterProvider)\b[^;]*?\bfrom\s*['"]react-router/.exec(
          code,
        );
      if (dataRouterApi) {
        this.error(
          `${id} uses ${dataRouterApi[1]}: the build cuts React Router's data-router code (vite.config.ts, declarativeModeEdits); drop those edits first`,
        );
      }
      return null;
    },
  },
};

export default defineConfig(({ command }) => ({
  root: 'pwa',
  resolve: {
    alias: command === 'build' ? reactRouterProduction : [],
  },
  publicDir: 'public',
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
          // Then the small building blocks of components/ui that the shell does not use (cards, page
          // headings) in one more chunk: the public pages use them together, and one file
          // instead of a script and a stylesheet for each saves their overhead.
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'ui', test: /[\\/]src[\\/]components[\\/]ui[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  plugins: [
    declarativeRouterOnly,
    reactRouterTreeShaking,
    reactRouterMessages,
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
