/**
 * Runs npm scripts at the same time and fails when any of them fails: `tsx tooling/ci/run-together.ts
 * lint typecheck`. Each script's output is held back and printed whole when it ends, so two
 * reports never interleave; a failed script's report is printed again at the very end, since a
 * CI log is often read from its tail.
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
  readonly output: Buffer;
}

function heading(script: string, code: number, seconds: number): string {
  return `> ${script}: ${code === 0 ? 'passed' : `failed (exit ${String(code)})`} in ${seconds.toFixed(0)} s`;
}

/** The last lines of a report, where test runners and compilers sum up what failed; CI keeps about 90 lines of a log. */
function tail(output: Buffer, lines: number): string {
  const all = output.toString('utf8').trimEnd().split('\n');
  return all.slice(-lines).join('\n');
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
      const whole = Buffer.concat(output);
      process.stdout.write(`\n${heading(script, code, seconds)}\n`);
      process.stdout.write(whole);
      resolve({ script, code, seconds, output: whole });
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
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
  for (const result of failed) {
    process.stdout.write(`\n${heading(result.script, result.code, result.seconds)}, its last lines again:\n`);
    process.stdout.write(`${tail(result.output, 80)}\n`);
  }
  console.error(`\nFailed: ${failed.map((result) => result.script).join(', ')}`);
  process.exit(1);
}
