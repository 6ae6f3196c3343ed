/**
 * The life chart's speed budget, from the issue: "measured in headless Chromium on the built app:
 * the chart's scripting time from navigation to the painted grid ≤ 16 ms on this machine (one
 * frame), and a hover update ≤ 4 ms."
 *
 * The budget is held against a navigation to the chart inside the app (DONE on /die), where the
 * chart's own code is all that runs. A load of the chart's address as a new document is printed
 * too, with its parts: it also evaluates React and the app shell and renders the shell, which
 * every page of the app pays before any of its own code runs, so it is reported, not budgeted.
 *
 * Every figure is read from a Chromium trace of the page's main thread, as thread (CPU) time, so
 * other work on a loaded machine stretches the wall clock but not the figure. The moment the grid
 * is in the document is the app's own User Timing mark `life-chart-drawn` (set in life-chart.tsx,
 * in the layout effect after the commit that adds it); "painted" is the first Paint on the main
 * thread after that mark.
 *
 * - Scripting: the main thread's script tasks (script compile and evaluation, function calls,
 *   event handlers, timers, microtasks, animation frames, GC), outermost event only, less any
 *   style, layout or paint they force (that is rendering, not scripting).
 * - Service workers are blocked, so every load is served by the HTTP cache or the server, never
 *   by the precache, and the worker's install does not run alongside the measurement.
 * - The page is not polled while a trace runs: a small init script (below) observes the mark and
 *   says so on the console after the next frame. Its callbacks, and Playwright's own listeners
 *   and evaluations (script without an http URL), are taken out of the figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { LIFE_YEARS, WEEKS_PER_ROW } from '../../pwa/core/life/life-weeks';
import { paths } from '#core/paths';
import { chromiumArgs, chromiumPath } from '../../playwright.config';

const LOAD_BUDGET_MS = 16;
const HOVER_BUDGET_MS = 4;
const WIDTHS = [360, 1280] as const;
const VIEWPORT_HEIGHT = 800;
const BIRTHDAY = { year: '1990', month: 'June', day: '15', url: paths.dieChart.href('1990-06-15') };
const TIMEOUT_MS = 30_000;

const MARK = 'life-chart-drawn';
const PAINTED = 'life-chart-painted';
const PROBE_URL = 'life-chart-bench-probe.js';
/** Installed in every document before the app runs: reports the mark once the frame after it is painted. */
const PROBE = `new PerformanceObserver((list, observer) => {
  if (list.getEntriesByName('${MARK}', 'mark').length === 0) return;
  observer.disconnect();
  requestAnimationFrame(() => setTimeout(() => console.debug('${PAINTED}')));
}).observe({ type: 'mark' });
//# sourceURL=${PROBE_URL}`;

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

/** The few fields of a Chrome trace event this file reads. Times are in microseconds. */
interface TraceEventData {
  readonly type?: string;
  readonly url?: string;
  /** A User Timing mark's time from the document's time origin, ms. */
  readonly startTime?: number;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  /** Wall-clock duration of a complete ('X') event. */
  readonly dur?: number;
  /** Thread (CPU) duration of a complete event. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: { readonly data?: TraceEventData };
}

/** DevTools' "Scripting" events. */
const SCRIPTING = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'v8.produceCache',
  'v8.produceModuleCache',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'RunMicrotasks',
  'FireAnimationFrame',
  'FireIdleCallback',
  'XHRReadyStateChange',
  'XHRLoad',
  'MajorGC',
  'MinorGC',
]);
/** Style, layout and paint: taken out when a script forces them, counted for a hover's frame. */
const RENDERING = new Set(['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'HitTest', 'Commit']);
const COMPILE_OR_EVALUATE = new Set(['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule']);

const cpu = (event: TraceEvent): number => event.tdur ?? event.dur ?? 0;
const end = (event: TraceEvent): number => event.ts + (event.dur ?? 0);
const dataOf = (event: TraceEvent): TraceEventData => event.args?.data ?? {};
/**
 * Script that is not the page's: Playwright's (run through the DevTools protocol, so without a URL,
 * or with an empty one, e.g. its hit-target listeners) and this file's probe.
 */
const isTooling = (event: TraceEvent): boolean =>
  (event.name === 'FunctionCall' || event.name === 'EvaluateScript') && !/^https?:/.test(dataOf(event).url ?? '');

function parseTrace(buffer: Buffer): TraceEvent[] {
  const parsed: unknown = JSON.parse(buffer.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('traceEvents' in parsed) || !Array.isArray(parsed.traceEvents)) {
    throw new Error('the trace has no traceEvents');
  }
  return parsed.traceEvents as TraceEvent[];
}

/** Complete events of one thread, parents before their children. */
function threadEvents(events: readonly TraceEvent[], pid: number, tid: number): TraceEvent[] {
  return events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
}

function only<T>(items: readonly T[], what: string): T {
  const [first] = items;
  if (first === undefined) throw new Error(`the trace has no ${what}`);
  return first;
}

export interface ScriptingFigures {
  /** Main-thread scripting from the start to the paint, ms. */
  readonly total: number;
  /** Of it, compiling and evaluating the scripts index.html loads (the app's shared bundle), ms. */
  readonly sharedBundle: number;
  /** Of it, compiling and evaluating the chart route's chunk and the chunks it imports, ms. */
  readonly routeChunks: number;
  /** Of it, compiling and evaluating any other chunk loaded on the way (e.g. the service worker's registration), ms. */
  readonly otherChunks: number;
  /** Of it, the one task that renders the chart and draws it (the mark falls inside), ms. */
  readonly drawTask: number;
  /** Wall clock from the start to the paint, ms: for orientation, not budgeted. */
  readonly wallToPaint: number;
}

interface Task {
  readonly event: TraceEvent;
  /** Thread time less that of the excluded events nested in it, µs. */
  net: number;
}

interface Open {
  readonly end: number;
  /** The task this event belongs to; null outside any. */
  readonly task: Task | null;
  /** Taken back out of its task, or tooling: nothing inside it counts. */
  readonly excluded: boolean;
}

/**
 * The outermost events in [from, to) that `counts` accepts, each with its thread time less that of
 * the outermost events nested in it that `excludes` accepts. The bench's own script (tooling) is
 * never counted, neither on its own nor inside a task.
 */
function outermostTasks(
  thread: readonly TraceEvent[],
  from: number,
  to: number,
  counts: (event: TraceEvent) => boolean,
  excludes: (event: TraceEvent) => boolean,
): Task[] {
  const tasks: Task[] = [];
  const stack: Open[] = [];
  for (const event of thread) {
    if (event.ts >= to) break;
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) stack.pop();
    const parent = stack.at(-1);
    if (event.ts < from || parent?.excluded === true) {
      stack.push({ end: end(event), task: null, excluded: parent?.excluded ?? false });
      continue;
    }
    const owner = parent?.task ?? null;
    if (owner !== null) {
      const excluded = isTooling(event) || excludes(event);
      if (excluded) owner.net -= cpu(event);
      stack.push({ end: end(event), task: owner, excluded });
    } else if (isTooling(event)) {
      stack.push({ end: end(event), task: null, excluded: true });
    } else if (counts(event)) {
      const task = { event, net: cpu(event) };
      tasks.push(task);
      stack.push({ end: end(event), task, excluded: false });
    } else {
      stack.push({ end: end(event), task: null, excluded: false });
    }
  }
  return tasks;
}

const sumMs = (tasks: readonly Task[]): number => tasks.reduce((sum, task) => sum + task.net, 0) / 1000;

/**
 * Scripting on the main thread in [start, paint): the outermost scripting events, less the style,
 * layout and paint nested in them; and, of it, compiling and evaluating each kind of script.
 */
function scriptingUntilPaint(events: readonly TraceEvent[], mark: TraceEvent, startTs: number, chunks: Chunks): ScriptingFigures {
  const thread = threadEvents(events, mark.pid, mark.tid);
  const paint = only(
    thread.filter((e) => e.name === 'Paint' && e.ts > mark.ts),
    'Paint after the mark',
  );
  const isRendering = (e: TraceEvent) => RENDERING.has(e.name);
  const scripting = outermostTasks(thread, startTs, paint.ts, (e) => SCRIPTING.has(e.name), isRendering);
  const loading = outermostTasks(thread, startTs, paint.ts, (e) => COMPILE_OR_EVALUATE.has(e.name), isRendering);

  // A module's evaluation names no script: it runs the graph whose last module was just compiled.
  const shared: Task[] = [];
  const route: Task[] = [];
  const other: Task[] = [];
  let lastCompiled: string | undefined;
  for (const task of loading) {
    const url = task.event.name === 'v8.evaluateModule' ? lastCompiled : dataOf(task.event).url;
    if (task.event.name === 'v8.compileModule') lastCompiled = url;
    if (url === undefined) continue;
    const path = new URL(url).pathname;
    if (chunks.shared.has(path)) shared.push(task);
    else if (chunks.route.has(path)) route.push(task);
    else other.push(task);
  }

  const drawing = scripting.find((t) => t.event.ts <= mark.ts && mark.ts <= end(t.event));
  return {
    total: sumMs(scripting),
    sharedBundle: sumMs(shared),
    routeChunks: sumMs(route),
    otherChunks: sumMs(other),
    drawTask: (drawing?.net ?? 0) / 1000,
    wallToPaint: (paint.ts - startTs) / 1000,
  };
}

function markIn(events: readonly TraceEvent[]): TraceEvent {
  return only(events.filter((e) => e.name === MARK), `'${MARK}' mark (blink.user_timing)`);
}

/** Script paths of the build, by role. */
interface Chunks {
  /** index.html's scripts and everything they import statically: the app's shared bundle. */
  readonly shared: ReadonlySet<string>;
  /** The chart route's chunk (routes/life) and the chunks it imports that are not shared. */
  readonly route: ReadonlySet<string>;
}

const ROUTE_CHUNK = /\blife-[\w-]+\.js\b/;

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${String(response.status)}`);
  return response.text();
}

/** `roots` and every chunk they import statically (`import … from "./x.js"`), as paths. */
async function staticGraph(baseUrl: string, roots: readonly string[], stop: ReadonlySet<string> = new Set()): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = roots.filter((path) => !stop.has(path));
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const source = await text(`${baseUrl}${path}`);
    for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.\/[\w.-]+\.js)["'`]/g)) {
      const imported = new URL(match[1] ?? '', `${baseUrl}${path}`).pathname;
      if (!stop.has(imported)) queue.push(imported);
    }
  }
  return seen;
}

/** Reads the build from the server: index.html's scripts, and the chart route's chunk named in them. */
async function chunksOf(baseUrl: string): Promise<Chunks> {
  const html = await text(`${baseUrl}/`);
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)];
  const shared = await staticGraph(
    baseUrl,
    sources.map((match) => new URL(match[1] ?? '', baseUrl).pathname),
  );
  let routeChunk: string | undefined;
  for (const path of shared) {
    const name = ROUTE_CHUNK.exec(await text(`${baseUrl}${path}`))?.[0];
    if (name !== undefined) routeChunk = `/assets/${name}`;
  }
  if (routeChunk === undefined) throw new Error('no life-*.js route chunk is named in the shared bundle');
  return { shared, route: await staticGraph(baseUrl, [routeChunk], shared) };
}

const waitForPainted = (page: Page): Promise<unknown> =>
  page.waitForEvent('console', { predicate: (message) => message.text() === PAINTED, timeout: TIMEOUT_MS });

/** Resolves after the next frame has been produced (outside any trace, or where its cost is not counted). */
const nextFrame = (page: Page): Promise<void> =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve));
      }),
  );

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: VIEWPORT_HEIGHT }, serviceWorkers: 'block' });
  await context.addInitScript(PROBE);
  return context.newPage();
}

let traceCount = 0;

/** Traces the page while `action` runs. LIFE_CHART_TRACES=<folder> keeps each trace for DevTools. */
async function traced(browser: Browser, page: Page, label: string, action: () => Promise<void>): Promise<TraceEvent[]> {
  await browser.startTracing(page, { categories: CATEGORIES });
  let buffer: Buffer;
  try {
    await action();
  } finally {
    // Always stop, so a failed run does not leave the browser tracing.
    buffer = await browser.stopTracing();
  }
  const folder = process.env.LIFE_CHART_TRACES;
  if (folder) {
    traceCount += 1;
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${String(traceCount).padStart(3, '0')}-${label}.json`), buffer);
  }
  return parseTrace(buffer);
}

async function closePage(page: Page): Promise<void> {
  await page.context().close();
}

/** On /die: the birthday picked, DONE pressed with the mouse. From the press to the grid's paint. */
async function doneRun(browser: Browser, baseUrl: string, width: number, chunks: Chunks): Promise<ScriptingFigures> {
  const page = await newPage(browser, width);
  try {
    await page.goto(`${baseUrl}${paths.die.href()}`);
    await page.getByRole('combobox', { name: 'Year' }).selectOption(BIRTHDAY.year);
    await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: BIRTHDAY.month });
    await page.getByRole('combobox', { name: 'Day' }).selectOption(BIRTHDAY.day);
    const done = page.getByRole('button', { name: 'DONE' });
    await done.scrollIntoViewIfNeeded();
    const box = await done.boundingBox();
    if (!box) throw new Error('DONE has no box');
    // The pointer rests on the button before the trace: only the press itself is measured.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForLoadState('networkidle');
    await nextFrame(page);
    const events = await traced(browser, page, `done-${String(width)}`, async () => {
      const press = async () => {
        await page.mouse.down();
        await page.mouse.up();
      };
      await Promise.all([waitForPainted(page), press()]);
    });
    const mark = markIn(events);
    const thread = threadEvents(events, mark.pid, mark.tid);
    const pointerDown = only(
      thread.filter((e) => e.name === 'EventDispatch' && dataOf(e).type === 'pointerdown'),
      'pointerdown',
    );
    return scriptingUntilPaint(events, mark, pointerDown.ts, chunks);
  } finally {
    await closePage(page);
  }
}

/** A second visit to the chart's address: the first filled the HTTP cache. From navigation start to the grid's paint. */
async function loadRun(browser: Browser, baseUrl: string, width: number, chunks: Chunks): Promise<ScriptingFigures> {
  const page = await newPage(browser, width);
  const url = `${baseUrl}${BIRTHDAY.url}`;
  try {
    await Promise.all([waitForPainted(page), page.goto(url)]);
    // Everything the page fetches, also after its paint, is in the cache before the measured visit.
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');
    const events = await traced(browser, page, `load-${String(width)}`, async () => {
      await Promise.all([waitForPainted(page), page.goto(url, { waitUntil: 'commit' })]);
    });
    const mark = markIn(events);
    // The mark's startTime counts from the document's time origin, its navigation start. (The
    // navigationStart trace event itself is missing when the visit gets a new renderer process.)
    const startTime = dataOf(mark).startTime;
    if (startTime === undefined) throw new Error('the mark has no startTime');
    const navigationStart = mark.ts - startTime * 1000;
    return scriptingUntilPaint(events, mark, navigationStart, chunks);
  } finally {
    await closePage(page);
  }
}

interface Point {
  readonly x: number;
  readonly y: number;
}

/** `count` cell centres inside the viewport, each in another cell than the one before. */
function hoverPoints(box: { x: number; y: number; width: number; height: number }, count: number): Point[] {
  const cellWidth = box.width / WEEKS_PER_ROW;
  const cellHeight = box.height / LIFE_YEARS;
  const rows = Array.from({ length: LIFE_YEARS }, (_, row) => row).filter((row) => {
    const y = box.y + (row + 0.5) * cellHeight;
    return y >= 0 && y < VIEWPORT_HEIGHT;
  });
  if (rows.length === 0) throw new Error('no row of the chart is in the viewport');
  return Array.from({ length: count }, (_, i) => ({
    x: box.x + (((i * 7 + 3) % WEEKS_PER_ROW) + 0.5) * cellWidth,
    y: box.y + ((rows[(i * 5) % rows.length] ?? 0) + 0.5) * cellHeight,
  }));
}

export interface HoverFigures {
  /** Per move: the pointermove dispatch (the chart's handler, with whatever it forces), ms. */
  readonly handler: number[];
  /** Per move: the frame's pointer and mouse dispatches plus its style, layout, paint and commit, ms. */
  readonly frame: number[];
}

const isPointerInput = (e: TraceEvent): boolean => e.name === 'EventDispatch' && /^(pointer|mouse)/.test(dataOf(e).type ?? '');

/** Splits the trace into one frame per pointermove: from the commit before the move to the first commit after it. */
function hoverFigures(events: readonly TraceEvent[], expected: number): HoverFigures {
  const first = only(
    events.filter((e) => e.name === 'EventDispatch' && dataOf(e).type === 'pointermove'),
    'pointermove',
  );
  const thread = threadEvents(events, first.pid, first.tid);
  // The handler keeps any style or layout it forces; only tooling is taken out.
  const tasks = outermostTasks(thread, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, (e) => SCRIPTING.has(e.name) || RENDERING.has(e.name), () => false);
  const moves = tasks.filter((t) => t.event.name === 'EventDispatch' && dataOf(t.event).type === 'pointermove');
  if (moves.length < expected) throw new Error(`the trace has ${String(moves.length)} pointermoves, ${String(expected)} were sent`);
  const commits = tasks.filter((t) => t.event.name === 'Commit').map((t) => t.event);
  const handler: number[] = [];
  const frame: number[] = [];
  moves.forEach((move, i) => {
    const next = moves[i + 1]?.event.ts ?? Number.POSITIVE_INFINITY;
    const before = commits.filter((c) => c.ts < move.event.ts).at(-1);
    const commit = commits.find((c) => c.ts > move.event.ts && c.ts < next);
    const from = before ? end(before) : Number.NEGATIVE_INFINITY;
    const until = commit ? end(commit) : next;
    const work = tasks.filter((t) => t.event.ts >= from && t.event.ts < until && (RENDERING.has(t.event.name) || isPointerInput(t.event)));
    handler.push(move.net / 1000);
    frame.push(sumMs(work));
  });
  return { handler, frame };
}

/** `moves` pointer moves over the grid, one frame apart, each to another cell. */
async function hoverRun(browser: Browser, baseUrl: string, width: number, moves: number): Promise<HoverFigures> {
  const page = await newPage(browser, width);
  try {
    await Promise.all([waitForPainted(page), page.goto(`${baseUrl}${BIRTHDAY.url}`)]);
    await page.waitForLoadState('networkidle');
    const chart = page.getByRole('group', { name: 'Your life in weeks' });
    await chart.scrollIntoViewIfNeeded();
    await nextFrame(page);
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    const points = hoverPoints(box, moves);
    const events = await traced(browser, page, `hover-${String(width)}`, async () => {
      for (const point of points) {
        await page.mouse.move(point.x, point.y);
        // The wait's own animation-frame callback is not among the counted events.
        await nextFrame(page);
      }
    });
    return hoverFigures(events, moves);
  } finally {
    await closePage(page);
  }
}

/** Nearest-rank percentile. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const median = (values: readonly number[]): number => percentile(values, 50);
const ms = (value: number): string => value.toFixed(1);
const ms2 = (value: number): string => value.toFixed(2);
const verdict = (value: number, budget: number): string => (value <= budget ? 'ok' : 'OVER');

interface WidthFigures {
  readonly width: number;
  readonly done: ScriptingFigures[];
  readonly load: ScriptingFigures[];
  readonly hover: HoverFigures;
}

function printSection(figures: readonly WidthFigures[], chunks: Chunks, runs: number, moves: number): void {
  const cells = (read: (f: WidthFigures) => string): string => figures.map(read).join(' | ');
  const mid = (list: readonly ScriptingFigures[], read: (s: ScriptingFigures) => number): number => median(list.map(read));
  const budgeted = (value: number, budget: number): string => `${ms(value)} ${verdict(value, budget)}`;
  const spread = (values: readonly number[]): string => `${ms2(median(values))} / ${ms2(percentile(values, 95))}`;

  console.log(`\n## Life chart (ms, median of ${String(runs)} runs)\n`);
  console.log(
    'Main-thread thread time in headless Chromium, service workers blocked. Scripting: script tasks (compile, evaluate, calls, events, timers, microtasks, frames, GC) less the style/layout they force. "Painted": the first Paint after the app\'s `life-chart-drawn` mark.\n',
  );
  console.log(`| measure | ${figures.map((f) => `${String(f.width)} px`).join(' | ')} | budget |`);
  console.log(`|---|${figures.map(() => '---:|').join('')}---|`);
  console.log(`| DONE on /die → grid painted: scripting | ${cells((f) => budgeted(mid(f.done, (s) => s.total), LOAD_BUDGET_MS))} | ≤ ${String(LOAD_BUDGET_MS)} |`);
  console.log(`| … of which the task that renders and draws the chart | ${cells((f) => ms(mid(f.done, (s) => s.drawTask)))} | |`);
  console.log(`| … wall clock from the press to the paint | ${cells((f) => ms(mid(f.done, (s) => s.wallToPaint)))} | |`);
  console.log(`| New document ${BIRTHDAY.url}, warm HTTP cache → grid painted: scripting (boots React and the shell first) | ${cells((f) => ms(mid(f.load, (s) => s.total)))} | (reported) |`);
  console.log(`| … of which compiling + evaluating the shared bundle (index.html's scripts) | ${cells((f) => ms(mid(f.load, (s) => s.sharedBundle)))} | |`);
  console.log(`| … of which compiling + evaluating the chart route's chunks | ${cells((f) => ms(mid(f.load, (s) => s.routeChunks)))} | |`);
  console.log(`| … of which compiling + evaluating other lazy chunks | ${cells((f) => ms(mid(f.load, (s) => s.otherChunks)))} | |`);
  console.log(`| … of which the task that renders the shell and the page and draws the chart | ${cells((f) => ms(mid(f.load, (s) => s.drawTask)))} | |`);
  console.log(`| … wall clock from navigation start to the paint | ${cells((f) => ms(mid(f.load, (s) => s.wallToPaint)))} | |`);
  console.log(`| Hover, ${String(moves)} moves: pointermove handler, median / p95 | ${cells((f) => spread(f.hover.handler))} | |`);
  console.log(
    `| Hover: handler + its frame's pointer events, style, layout, paint, commit, median / p95 | ${cells((f) => `${spread(f.hover.frame)} ${verdict(percentile(f.hover.frame, 95), HOVER_BUDGET_MS)}`)} | p95 ≤ ${String(HOVER_BUDGET_MS)} |`,
  );
  const names = (paths: ReadonlySet<string>): string => [...paths].map((path) => path.replace('/assets/', '')).join(', ');
  console.log('\n(Each "of which" is its own median, so they need not add up.)');
  console.log(`shared bundle: ${names(chunks.shared)}; chart route: ${names(chunks.route)}`);
  for (const f of figures) {
    const list = (values: readonly ScriptingFigures[]): string => values.map((s) => ms(s.total)).join(', ');
    console.log(`runs at ${String(f.width)} px: DONE ${list(f.done)}; load ${list(f.load)} ms`);
  }
}

/**
 * Measures the life chart against the server at `baseUrl` (the production server on the built
 * PWA) and prints the "Life chart" section: DONE and a warm load `runs` times each, `moves`
 * hover moves, at 360 and 1280 px wide.
 */
export async function lifeChartBudgets(baseUrl: string, runs = 7, moves = 50): Promise<void> {
  const chunks = await chunksOf(baseUrl);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const figures: WidthFigures[] = [];
    for (const width of WIDTHS) {
      const done: ScriptingFigures[] = [];
      const load: ScriptingFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        done.push(await doneRun(browser, baseUrl, width, chunks));
        load.push(await loadRun(browser, baseUrl, width, chunks));
      }
      figures.push({ width, done, load, hover: await hoverRun(browser, baseUrl, width, moves) });
    }
    printSection(figures, chunks, runs, moves);
  } finally {
    await browser.close();
  }
}
