import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const repo = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/pwa', import.meta.url));

export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
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
});
