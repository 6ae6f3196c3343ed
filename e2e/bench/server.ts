import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  readonly url: string;
  readonly dataDir: string;
  /** The server's process id (its memory can be read from /proc/<pid>/status). */
  readonly pid: number;
  /** Milliseconds from spawn until /api/health first answered 200. */
  readonly readyMs: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

export function newDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'memento-bench-'));
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts the production server (`npm run serve` without npm's own start-up cost) and waits for health.
 * `env` is laid over this process's environment (e.g. DATABASE_URL; undefined removes a variable).
 */
export async function startServer(dataDir: string, timeoutMs = 30_000, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The benches sign in many clients from one address.
      SIGN_IN_LIMIT_PER_CLIENT: '100000',
      SIGN_IN_LIMIT_PER_EMAIL: '100000',
      EVENTS_LIMIT_PER_CLIENT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const { pid } = child;
  if (pid === undefined) throw new Error('the server did not start');
  let readyMs = -1;
  while (readyMs < 0) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${timeoutMs} ms`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) readyMs = performance.now() - started;
    } catch {
      // Not listening yet. Ask again in 5 ms: close enough for a start-up figure, and it leaves
      // the second core to the server that is starting. The loop is bounded by the timeout above.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  return {
    url,
    dataDir,
    pid,
    readyMs,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
