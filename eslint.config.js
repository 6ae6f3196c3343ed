import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// Each product area under pwa/src/features is an element of its own, so that one area importing
// another is an error (the app's routes compose them instead).
const features = readdirSync(new URL('./pwa/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureType = (name) => `feature:${name}`;

/** The parts of the repository whose imports are checked, most specific first. */
const elements = [
  ...features.map((name) => ({ type: featureType(name), pattern: `pwa/src/features/${name}` })),
  { type: 'app', pattern: 'pwa/src/app' },
  { type: 'ui', pattern: 'pwa/src/components' },
  { type: 'lib', pattern: 'pwa/src/lib' },
  { type: 'pwa', pattern: 'pwa/src' },
  { type: 'core', pattern: 'pwa/core' },
  // The fault simulation runs the app's real sync client against the real server: a system test
  // that sits on both sides on purpose, and is the one place that may.
  { type: 'system-test', pattern: 'sync-server/src/testing/faults' },
  { type: 'server', pattern: 'sync-server' },
];

const anyOf = (types) => ({ to: { element: { types: { anyOf: types } } } });
const featureTypes = features.map(featureType);

const boundaryPolicies = [
  // A feature never imports another feature.
  ...features.map((name) => ({
    from: { element: { type: featureType(name) } },
    disallow: anyOf(featureTypes.filter((type) => type !== featureType(name))),
  })),
  // Shared pieces never depend on a product area.
  { from: { element: { types: { anyOf: ['ui', 'lib'] } } }, disallow: anyOf(featureTypes) },
  // The rules both sides share stay free of either side.
  { from: { element: { type: 'core' } }, disallow: anyOf([...featureTypes, 'app', 'ui', 'lib', 'pwa', 'server']) },
  // The server never reaches into the app (only into pwa/core).
  { from: { element: { type: 'server' } }, disallow: anyOf([...featureTypes, 'app', 'ui', 'lib', 'pwa']) },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}', 'sync-server/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
