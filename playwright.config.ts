import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium against the real server (`npm run serve`, the second
 * half of `npm start`) serving the built PWA, with its own embedded database in a fresh folder.
 * The port and folder are chosen once in the main process; workers re-read this file and inherit
 * the values through the environment, so everyone talks to the same server.
 */
/**
 * Two ports free right now, as the system hands them out (a port picked at random could be one a
 * local service or a lingering connection holds, and the server would not start). Asked of a
 * child process because the config is read synchronously.
 */
function freePorts(): [string, string] {
  const script = `const net = require('node:net');
const a = net.createServer().listen(0, '127.0.0.1', () => {
  const b = net.createServer().listen(0, '127.0.0.1', () => {
    process.stdout.write(a.address().port + ' ' + b.address().port);
    a.close();
    b.close();
  });
});`;
  const [server = '', hn = ''] = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).split(' ');
  return [server, hn];
}

if (process.env.E2E_PORT === undefined || process.env.E2E_HN_PORT === undefined) {
  [process.env.E2E_PORT, process.env.E2E_HN_PORT] = freePorts();
}
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'memento-e2e-'));
// E2E_HN_PORT: the local Hacker News API (sync-server/src/testing/local-hn) with its fixture
// threads. The server reads it instead of the site, so no test reaches the real one.

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const hnPort = Number(process.env.E2E_HN_PORT);

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // Recording a trace for every test, kept only on failure, cost about 15% of the suite's
    // processor time (life + calculators, 27 tests: 100-110 CPU-s against 87-94 without), and CI
    // keeps only the printed report. To see a failure step by step: `npx playwright test <spec>
    // --trace retain-on-failure`.
    trace: 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: `npx tsx sync-server/src/testing/local-hn/cli.ts --port ${hnPort}`,
      url: `http://127.0.0.1:${hnPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'npm run serve',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        // Every test signs in from the same address; the limits' own tests run on the server.
        SIGN_IN_LIMIT_PER_CLIENT: '100000',
        SIGN_IN_LIMIT_PER_EMAIL: '100000',
        EVENTS_LIMIT_PER_CLIENT: '1000000',
        HN_API_BASE: `http://127.0.0.1:${hnPort}/v0`,
      },
    },
  ],
});
