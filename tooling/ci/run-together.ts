/**
 * Runs npm scripts at the same time and fails when any of them fails: `tsx tooling/ci/run-together.ts
 * lint typecheck`. Each script's output is held back and printed whole when it ends, so two
 * reports never interleave. Scripts after `--background` run at a lower priority: they take the
 * processor time the others leave, so the longest of the others is not slowed by them.
 *
 * `npm test` runs its independent parts this way (lint, typecheck, the unit test runs, the build):
 * each of them alone keeps little more than one core busy (the lint and the compiler one each, the
 * server's test files one at a time), so on two cores they finish together far sooner than one
 * after the other. The unit test runs go first: the server's, one file at a time, is the longest
 * part, and the lint, the compiler and the build fill the time it leaves.
 */
import { spawn } from 'node:child_process';
import { constants, setPriority } from 'node:os';

interface Finished {
  readonly script: string;
  readonly code: number;
  readonly seconds: number;
}

/** How much a script after `--background` yields the processor to the others (a Unix niceness). */
const BACKGROUND_PRIORITY = constants.priority.PRIORITY_BELOW_NORMAL;

function run(script: string, background: boolean): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    // Set before npm has started its own children, which inherit it.
    if (background && child.pid !== undefined) setPriority(child.pid, BACKGROUND_PRIORITY);
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

const args = process.argv.slice(2);
const split = args.indexOf('--background');
const foreground = split === -1 ? args : args.slice(0, split);
const background = split === -1 ? [] : args.slice(split + 1);
if (foreground.length + background.length === 0) {
  console.error('usage: tsx tooling/ci/run-together.ts <npm script> ... [--background <npm script> ...]');
  process.exit(2);
}
const results = await Promise.all([...foreground.map((script) => run(script, false)), ...background.map((script) => run(script, true))]);
const failed = results.filter((result) => result.code !== 0).map((result) => result.script);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
