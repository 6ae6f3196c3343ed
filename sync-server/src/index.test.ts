import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './env.ts';
import { NO_BUILD_DIR } from './testing/no-build.ts';

const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const ENTRY = path.join(REPO_ROOT, 'sync-server', 'src', 'index.ts');
// Two cold starts side by side with the other suites (CI's first phase) took past 30 s.
const START_TIMEOUT_MS = 60_000;

type Child = ChildProcessByStdio<null, Readable, Readable>;

interface Started {
  readonly child: Child;
  readonly url: string;
  /** The messages the server logged up to its "listening" line. */
  readonly messages: readonly string[];
}

/** Every server this file started: one that a failed test left running is stopped at the end. */
const spawned = new Set<Child>();

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-start-'));
});
afterAll(async () => {
  for (const child of spawned) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = exitCode(child);
    // tsx hands the signal on to the server it runs.
    child.kill('SIGTERM');
    await exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

function spawnServer(variables: Record<string, string>): Child {
  const child = spawn(TSX, [ENTRY], {
    cwd: REPO_ROOT,
    // Blank values count as unset, so nothing configured on this machine leaks in.
    env: {
      ...process.env,
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      NODE_ENV: 'development',
      PUBLIC_DIR: NO_BUILD_DIR,
      ...variables,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.add(child);
  return child;
}

/** Resolves with the URL from the "listening" log line and the messages before it; rejects if the process ends first. */
function listening(child: Child): Promise<{ url: string; messages: string[] }> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    const messages: string[] = [];
    const timer = setTimeout(() => {
      reject(new Error(`no "listening" line within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.url && entry.msg?.startsWith('Memento listening')) {
          clearTimeout(timer);
          resolve({ url: entry.url, messages });
        } else if (entry.msg !== undefined) {
          messages.push(entry.msg);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)} before listening: ${stderr}`));
    });
  });
}

function exitCode(child: Child): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function start(): Promise<Started> {
  const child = spawnServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const { url, messages } = await listening(child);
  const response = await fetch(`${url}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  return { child, url, messages };
}

async function stop(child: Child): Promise<void> {
  const exited = exitCode(child);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}

describe('the server process', () => {
  it('starts on a new data folder, reopens it, and stops cleanly on SIGTERM', async () => {
    const first = await start();
    expect(first.messages).toContain('database migrated');
    await stop(first.child);
    await expect(fs.access(path.join(dataDir, 'pglite', 'PG_VERSION'))).resolves.toBeUndefined();

    const second = await start();
    // A second server on the same folder would corrupt it: it must refuse to start.
    const intruder = spawnServer({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    let intruderOutput = '';
    intruder.stderr.on('data', (chunk: Buffer) => (intruderOutput += chunk.toString()));
    expect(await exitCode(intruder)).toBe(1);
    expect(intruderOutput).toMatch(/data folder is in use by another server/);
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    await stop(second.child);
    // Reopened, the database is the one the first start made: nothing left to migrate.
    expect(second.messages).not.toContain('database migrated');
    // Two cold starts and a refused third: past 30 s in CI's first phase beside the other suites.
  }, 180_000);

  it('refuses to start with a readable list of configuration problems', async () => {
    const child = spawnServer({ PORT: 'eighty', NODE_ENV: 'production' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(1);
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toContain('PORT: must be a whole number (got "eighty")');
    expect(stderr).toContain('ALLOW_LOCAL_SIGNIN=true');
    expect(stderr).toContain('ALLOW_TEST_PAYMENTS=true');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
