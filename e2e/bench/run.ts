/**
 * `npm run bench`: builds the PWA and prints the figures each issue budgets.
 * Figures are printed, never asserted by tests; a line ends in OVER when a budget is missed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assetSizes, pageWeight, routeExtras, type AssetSize } from './bundle';
import { benchHnThread } from './hn-thread';
import { lifeChartBudgets } from './life-chart';
import { benchMixedLoad } from './load-mixed';
import { benchPayments } from './payments';
import { runSyncBenchmarks } from './sync-server';
import { benchInitialPull } from './sync-initial-pull';
import { benchLighthouse } from './lighthouse';
import { newDataDir, startServer } from './server';

const distDir = fileURLToPath(new URL('../../dist/pwa', import.meta.url));
const KB = 1024;

const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;
const verdict = (value: number, budget: number): string => (value <= budget ? 'ok' : 'OVER');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function entryChunk(): string | undefined {
  const html = readFileSync(`${distDir}/index.html`, 'utf8');
  // The app's entry: announced as a module preload for the boot script to run (vite.config.ts).
  return /<link rel="modulepreload"[^>]+href="\/([^"]+\.js)" data-app-entry>/.exec(html)?.[1];
}

/** The route modules' names: each is built into a chunk of its own, `assets/<name>-<hash>.js`. */
function routeModules(): Set<string> {
  const routesDir = fileURLToPath(new URL('../../pwa/src/app/routes', import.meta.url));
  return new Set(readdirSync(routesDir).filter((file) => /^[\w-]+\.tsx?$/.test(file) && !file.includes('.test.')).map((file) => file.replace(/\.tsx?$/, '')));
}

function bundleBudgets(): void {
  const routeBudget = 30 * KB;
  const entry = entryChunk();
  const routes = routeModules();
  const isRouteChunk = (file: string) => routes.has(/^assets\/(.+)-[\w-]{8}\.js$/.exec(file)?.[1] ?? '');
  console.log('\n## Build output (gzip)\n');
  console.log('Route chunks hold one route module each (pwa/src/app/routes); shared chunks hold code several routes import.\n');
  console.log('| file | raw | gzip | role | budget |');
  console.log('|---|---:|---:|---|---|');
  for (const asset of assetSizes(distDir)) {
    const isJs = asset.file.startsWith('assets/') && asset.file.endsWith('.js');
    const role = asset.file === entry ? 'app shell (in landing)' : isRouteChunk(asset.file) ? 'route chunk' : isJs ? 'shared chunk' : '';
    const budget = role === 'route chunk' ? `≤ 30 KB ${verdict(asset.gzip, routeBudget)}` : '';
    console.log(`| ${asset.file} | ${kb(asset.bytes)} | ${kb(asset.gzip)} | ${role} | ${budget} |`);
  }
}

/**
 * The payment pages (issue 12): each chunk a first visit to /pay or /humansounds/pay loads beyond
 * the landing page, against the route chunk budget. XState is a shared chunk of its own, loaded
 * by every page with a machine and cached once; a page that loads no xstate chunk has no checkout.
 */
async function paymentPageBudgets(url: string, landing: readonly AssetSize[]): Promise<void> {
  const routeBudget = 30 * KB;
  const routes = routeModules();
  const roleOf = (file: string): string => {
    const name = /^\/assets\/(.+)-[\w-]{8}\.(js|css)$/.exec(file);
    if (name?.[2] === 'css') return 'stylesheet';
    if (name?.[1] === 'xstate') return 'shared chunk (XState)';
    return routes.has(name?.[1] ?? '') ? 'route chunk' : 'shared chunk';
  };
  console.log('\n## Payment pages: what a first visit loads beyond the landing page (gzip)\n');
  console.log('| page | file | gzip | role | budget |');
  console.log('|---|---|---:|---|---|');
  for (const page of ['/pay', '/humansounds/pay']) {
    const extras = await routeExtras(url, page, landing);
    for (const asset of extras) {
      const budget = asset.file.endsWith('.js') ? `≤ 30 KB ${verdict(asset.gzip, routeBudget)}` : '';
      console.log(`| ${page} | ${asset.file} | ${kb(asset.gzip)} | ${roleOf(asset.file)} | ${budget} |`);
    }
    const total = extras.reduce((sum, asset) => sum + asset.gzip, 0);
    const checkout = extras.some((asset) => roleOf(asset.file) === 'shared chunk (XState)') ? '' : ' (no checkout on this page yet)';
    console.log(`| ${page} | all of the above${checkout} | ${kb(total)} | | |`);
  }
}

async function landingAndStartup(): Promise<void> {
  const dataDir = newDataDir();
  // The first start creates the data folder and migrates; the measured starts reopen it.
  const first = await startServer(dataDir);
  const landing = await pageWeight(`${first.url}/`);
  await paymentPageBudgets(first.url, landing);
  await first.stop();

  const total = landing.reduce((sum, asset) => sum + asset.gzip, 0);
  console.log('\n## Landing page: JS + CSS a first visit downloads (gzip)\n');
  for (const asset of landing) console.log(`- ${asset.file}: ${kb(asset.gzip)}`);
  console.log(`Total: ${kb(total)} (budget ≤ 105 KB: ${verdict(total, 105 * KB)})`);

  const starts: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const server = await startServer(dataDir);
    starts.push(server.readyMs);
    await server.stop();
  }
  console.log('\n## Server start with an existing data folder (spawn → first 200 on /api/health)\n');
  console.log(`runs: ${starts.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  console.log(`median ${median(starts).toFixed(0)} ms, max ${Math.max(...starts).toFixed(0)} ms (budget ≤ 3000 ms: ${verdict(Math.max(...starts), 3000)})`);
}

/** `--name=value` from the command line, if given. */
function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** Lighthouse on the public pages; `--runs=N` and `--pages=/a,/b` narrow it (see ./lighthouse.ts). */
async function lighthouseBench(): Promise<void> {
  const runs = option('runs');
  const pages = option('pages');
  await benchLighthouse({
    ...(runs === undefined ? {} : { runs: Number(runs) }),
    ...(pages === undefined ? {} : { pages: pages.split(',') }),
  });
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    execFileSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  }
  // `npm run bench -- lighthouse`: only the public pages' Lighthouse figures.
  if (process.argv.includes('lighthouse')) {
    await lighthouseBench();
    return;
  }
  bundleBudgets();
  await landingAndStartup();
  const lifeServer = await startServer(newDataDir());
  try {
    await lifeChartBudgets(lifeServer.url);
  } finally {
    await lifeServer.stop();
  }
  await runSyncBenchmarks();
  await benchHnThread();
  await benchInitialPull();
  // 200 checkouts from 50 buyers through the local Stripe (issue 12), on the same PostgreSQL.
  await benchPayments();
  // The probe's load figure (issue 11): about 75 s, on BENCH_DATABASE_URL / TEST_DATABASE_URL's PostgreSQL.
  await benchMixedLoad();
  await lighthouseBench();
}

await main();
