/**
 * Lighthouse (mobile preset, the library's default config) against the built app served by the
 * production server, on Debian's Chromium: each public page measured in a fresh browser, median
 * of three runs, printed as a table against issue 17's budgets.
 *
 * `npm run bench -- lighthouse` runs only this part (add `--no-build` to measure the current build,
 * `--runs=N` for another number of runs, `--pages=/,/life` for some pages only).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { signInReplySchema } from '#core/schemas/auth';
import { chromiumArgs, chromiumPath } from '../../playwright.config';
import { newDataDir, startServer } from './server';

/** Every public page, with a sample for each route that takes a parameter. */
export const PUBLIC_PAGES: readonly string[] = [
  '/',
  '/life',
  '/die/1990-06-15',
  '/mortality',
  '/mortality/1990-06-15',
  '/weeksuntil',
  '/weeksuntil/christmas',
  '/weeksuntil/2-weeks-from-today',
  '/daysuntil',
  '/daysuntil/2030-01-01',
  '/tools',
  '/privacy-policy',
  '/humansounds',
  '/bestgame',
  '/somethingnew',
  '/hnrd',
  '/expert',
  // An expert's page (the bench adds the expert first).
  '/ex/example',
];

export const LIGHTHOUSE_BUDGETS = { score: 98, lcpMs: 1400, tbtMs: 50, cls: 0.02 } as const;

export interface LighthouseFigures {
  readonly score: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** JavaScript transferred (compressed bytes on the wire). */
  readonly jsBytes: number;
  /**
   * Lighthouse's measure of the machine's CPU at the time of the run (higher is faster): the
   * simulated figures scale what this machine did, so runs on different machines or loads differ.
   */
  readonly benchmarkIndex: number;
}

function numeric(result: Result, audit: string): number {
  return result.audits[audit]?.numericValue ?? Number.NaN;
}

interface NetworkItem {
  readonly resourceType?: string;
  readonly transferSize?: number;
}

function scriptBytes(result: Result): number {
  const details = result.audits['network-requests']?.details;
  if (details?.type !== 'table') return Number.NaN;
  return (details.items as NetworkItem[])
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

export function figuresOf(result: Result): LighthouseFigures {
  return {
    score: Math.round((result.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: numeric(result, 'first-contentful-paint'),
    lcpMs: numeric(result, 'largest-contentful-paint'),
    tbtMs: numeric(result, 'total-blocking-time'),
    cls: numeric(result, 'cumulative-layout-shift'),
    jsBytes: scriptBytes(result),
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

/** The run whose LCP is the median one (Lighthouse's own advice: a whole run, not a mix of runs). */
export function medianRun(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const sorted = [...runs].sort((a, b) => a.lcpMs - b.lcpMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no Lighthouse runs');
  return middle;
}

/** One Lighthouse run; a run whose trace failed (it happens on a busy machine) is run again, up to three times. */
async function measure(url: string): Promise<LighthouseFigures> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await measureOnce(url);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function measureOnce(url: string): Promise<LighthouseFigures> {
  // A fresh browser for every run: nothing cached, no service worker, no earlier page's state.
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', ...chromiumArgs],
  });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
    const runner = await lighthouse(url, flags);
    if (runner === undefined) throw new Error(`Lighthouse gave no result for ${url}`);
    const { runtimeError } = runner.lhr;
    if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
    return figuresOf(runner.lhr);
  } finally {
    chrome.kill();
  }
}

const ms = (value: number): string => `${(value / 1000).toFixed(2)} s`;

/** The lowest and highest of a figure over the runs, so the reader sees how far one run may stray. */
function spread(runs: readonly LighthouseFigures[], pick: (run: LighthouseFigures) => number, show: (value: number) => string): string {
  const values = runs.map(pick);
  return `${show(Math.min(...values))}–${show(Math.max(...values))}`;
}

export interface LighthouseOptions {
  readonly runs?: number;
  readonly pages?: readonly string[];
}

/** The expert whose page /ex/example is: a person signs in and fills in the page's form, as on /expert/form. */
async function addExampleExpert(url: string): Promise<void> {
  const signIn = await fetch(`${url}/api/auth/local`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench-expert@example.com' }),
  });
  if (!signIn.ok) throw new Error(`local sign-in answered ${String(signIn.status)}`);
  const { token } = signInReplySchema.parse(await signIn.json());
  const added = await fetch(`${url}/api/addExpert`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      siteName: 'example',
      yourName: 'Jane Doe',
      yourBio: 'I have taught mathematics for twelve years, from first algebra to university entrance exams. I explain one idea at a time, with worked examples, until it makes sense.',
      theVerb: 'Tutor',
      helpList: ['Algebra', 'Geometry', 'Exam preparation'],
      rate: 40,
    }),
  });
  if (!added.ok) throw new Error(`adding the example expert answered ${String(added.status)}: ${await added.text()}`);
}

export async function benchLighthouse({ runs = 3, pages = PUBLIC_PAGES }: LighthouseOptions = {}): Promise<void> {
  // A first start migrates a new data folder: slow on a busy machine.
  const server = await startServer(newDataDir(), 120_000);
  const b = LIGHTHOUSE_BUDGETS;
  try {
    await addExampleExpert(server.url);
    console.log(`\n## Lighthouse, mobile preset, public pages (median of ${String(runs)} by LCP; Debian Chromium)\n`);
    console.log(`Budgets: score ≥ ${String(b.score)}, LCP ≤ ${ms(b.lcpMs)}, TBT ≤ ${String(b.tbtMs)} ms, CLS ≤ ${String(b.cls)}.\n`);
    console.log('The median run\'s figures; then each figure\'s lowest–highest over the runs, and Lighthouse\'s CPU index of the machine (higher is faster).\n');
    console.log('| page | score | FCP | LCP | TBT | CLS | JS transferred | budget | LCP over runs | TBT over runs | CPU index |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|');
    for (const page of pages) {
      const results: LighthouseFigures[] = [];
      for (let run = 0; run < runs; run += 1) results.push(await measure(`${server.url}${page}`));
      const m = medianRun(results);
      const misses = [
        m.score < b.score ? 'score' : '',
        m.lcpMs > b.lcpMs ? 'LCP' : '',
        m.tbtMs > b.tbtMs ? 'TBT' : '',
        m.cls > b.cls ? 'CLS' : '',
      ].filter(Boolean);
      const verdict = misses.length === 0 ? 'ok' : `OVER (${misses.join(', ')})`;
      console.log(
        `| ${page} | ${String(m.score)} | ${ms(m.fcpMs)} | ${ms(m.lcpMs)} | ${m.tbtMs.toFixed(0)} ms | ${m.cls.toFixed(3)} | ${(m.jsBytes / 1024).toFixed(1)} KB | ${verdict} | ` +
          `${spread(results, (run) => run.lcpMs, ms)} | ${spread(results, (run) => run.tbtMs, (value) => `${value.toFixed(0)} ms`)} | ` +
          `${spread(results, (run) => run.benchmarkIndex, (value) => value.toFixed(0))} |`,
      );
    }
  } finally {
    await server.stop();
  }
}
