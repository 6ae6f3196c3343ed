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
const START_TIMEOUT_MS = 30_000;

type Child = ChildProcessByStdio<null, Readable, Readable>;

interface Started {
  readonly child: Child;
  readonly url: string;
  /** Milliseconds from spawn to the first 200 from /api/health. */
  readonly firstResponseMs: number;
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'memento-start-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

function spawnServer(variables: Record<string, string>): Child {
  return spawn(TSX, [ENTRY], {
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
}

/** Resolves with the URL from the "listening" log line; rejects if the process ends first. */
function listeningUrl(child: Child): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
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
          resolve(entry.url);
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
  const startedAt = performance.now();
  const child = spawnServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
  const url = await listeningUrl(child);
  const response = await fetch(`${url}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok', database: 'ok' });
  return { child, url, firstResponseMs: performance.now() - startedAt };
}

async function stop(child: Child): Promise<void> {
  const exited = exitCode(child);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
}

describe('the server process', () => {
  it('starts on a new data folder, reopens it, and stops cleanly on SIGTERM', async () => {
    const first = await start();
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
    // Reopening skips creating the database, so it is much quicker than the first start (about
    // 1.5 s against 5-8 s here). The bound only catches gross regressions on a busy machine.
    expect(second.firstResponseMs).toBeLessThan(first.firstResponseMs);
    expect(second.firstResponseMs).toBeLessThan(10_000);
  });

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
