/**
 * Runs npm scripts at the same time and fails when any of them fails: `tsx tooling/ci/run-together.ts
 * lint typecheck`. Each script's output is held back and printed whole when it ends, so two
 * reports never interleave.
 *
 * `npm test` runs its independent parts this way (lint, typecheck, the unit test runs, the build):
 * each of them alone keeps little more than one core busy (the lint and the compiler one each, the
 * server's test files one at a time), so on two cores they finish together far sooner than one
 * after the other.
 */
import { spawn } from 'node:child_process';

interface Finished {
  readonly script: string;
  readonly code: number;
  readonly seconds: number;
}

function run(script: string): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    let finished = false;
    const finish = (code: number) => {
      // A spawn that fails reports 'error' and may report 'close' after it: one report each.
      if (finished) return;
      finished = true;
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : `failed (exit ${String(code)})`} in ${seconds.toFixed(0)} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ script, code, seconds });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? (signal === null ? 1 : 128)));
  });
}

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx tooling/ci/run-together.ts <npm script> [<npm script> ...]');
  process.exit(2);
}
const results = await Promise.all(scripts.map(run));
const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
