import { calendarDayInZone, type CalendarDay } from '#core/dates/calendar-day';
import { resolveTarget, type TargetUnit } from '#core/dates/target';
import { CALCULATOR_UNITS, resultMeta } from '#core/dates/until-wording';
import { lifePageMeta } from '#core/life/life-page-meta';
import { matchesRoutePattern } from '#core/route-assets';
import { paths } from '#core/paths';
import { scriptJson, WRITTEN_DATA_ID, type WrittenPageData } from '#core/written-page-data';

const PRODUCT = 'Memento';

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** What a page says before any script runs: its title and description, as the app words them. */
export interface PageText {
  readonly title: string;
  readonly description: string;
  /** The words of the page's first heading, when they differ from its title. */
  readonly heading?: string;
  /** The page's own address, for link previews (og:url). */
  readonly url?: string;
  /** The records the page shows, read for it here (an expert's page: the expert): the page is then written whole with them. */
  readonly data?: WrittenPageData;
}

/** One address segment as typed, or undefined when it is not valid percent-encoding. */
function segment(urlPath: string, index: number): string | undefined {
  const raw = urlPath.split('/').filter(Boolean)[index];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

const CALCULATORS: readonly (readonly [pattern: string, unit: TargetUnit])[] = [
  [paths.weeksUntilTarget.path, 'weeks'],
  [paths.daysUntilTarget.path, 'days'],
];

const LIFE_CHARTS: readonly (readonly [pattern: string, variant: 'public' | 'dashboard'])[] = [
  [paths.dieChart.path, 'public'],
  [paths.dieMilestone.path, 'public'],
  [paths.mortalityResult.path, 'dashboard'],
  [paths.mortalityMilestone.path, 'dashboard'],
];

/**
 * The title and description of the date pages people find by searching (/weeksuntil/{target},
 * /daysuntil/{target}, /die/{bday}, /mortality/{bday}), counted from `today` (the server's; the
 * device counts again from its own at once). Null for any other path and for an address the app
 * would answer with a problem: those get the plain shell, and the app explains.
 */
export function datePageText(urlPath: string, today: CalendarDay): PageText | null {
  for (const [pattern, unit] of CALCULATORS) {
    if (!matchesRoutePattern(pattern, urlPath)) continue;
    const target = segment(urlPath, 1);
    if (target === undefined) return null;
    const resolution = resolveTarget(target, unit, today);
    return resolution.kind === 'ok' ? resultMeta(CALCULATOR_UNITS[unit], resolution, today) : null;
  }
  for (const [pattern, variant] of LIFE_CHARTS) {
    if (!matchesRoutePattern(pattern, urlPath)) continue;
    const bday = segment(urlPath, 1);
    const name = segment(urlPath, 2);
    if (bday === undefined) return null;
    const meta = lifePageMeta({ variant, bday, name }, today);
    // An unreadable birthday gets the entry page's words from lifePageMeta: the app shows the entry form then.
    return meta.title === lifePageMeta({ variant, bday: undefined, name: undefined }, today).title ? null : meta;
  }
  return null;
}

/** Today's date on the server, in UTC. */
export function serverToday(now = new Date()): CalendarDay {
  return calendarDayInZone(now, 'UTC');
}

/** The shell's loading mark, which a page's own words or markup replace. */
const LOADING_MARK = /<div class="boot" aria-hidden="true">[^<]*<\/div>/;

/**
 * `html` with its title, description and Open Graph title and description replaced (`title`
 * whole, as the tab shows it), and og:url added when given.
 */
function withHead(html: string, title: string, description: string, url?: string): string {
  // Replacer functions, not strings: a `$` in the text must stay a `$`.
  const attribute = (name: string, value: string) => (page: string) =>
    page.replace(new RegExp(`(<meta\\s+${name}\\s+content=")[^"]*(")`), (_match, open: string, close: string) => `${open}${value}${close}`);
  const steps = [
    (page: string) => page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`),
    attribute('name="description"', escapeHtml(description)),
    attribute('property="og:title"', escapeHtml(title)),
    attribute('property="og:description"', escapeHtml(description)),
    (page: string) => (url === undefined ? page : page.replace('</head>', () => `<meta property="og:url" content="${escapeHtml(url)}" /></head>`)),
  ];
  return steps.reduce((page, step) => step(page), html);
}

/** The page's title whole, as the tab shows it: its own words and the product's name. */
export function pageTitle(text: PageText): string {
  return text.title === PRODUCT ? text.title : `${text.title} · ${PRODUCT}`;
}

/**
 * `html` (the app shell) carrying `text`: its title, description and Open Graph title and
 * description replaced, and the page's heading and description in the body in place of the
 * loading mark, so they are there before any script runs (the app replaces them when it starts).
 */
export function withPageText(html: string, text: PageText): string {
  const withText = withHead(html, pageTitle(text), text.description, text.url);
  return withText.replace(
    LOADING_MARK,
    () => `<div class="boot"><h1>${escapeHtml(text.heading ?? text.title)}</h1><p>${escapeHtml(text.description)}</p></div>`,
  );
}

/** A page written whole by the app's own renderer (by the build, tooling/prerender, or here, page-renderer.ts): its markup, the title and description it sets, its route's styles. */
export interface PrerenderedPage {
  /** Markup from the app's own renderer: written as it is. */
  readonly html: string;
  readonly title: string;
  readonly description: string;
  /** Stylesheet text from the build, written as it is (the policy allows it by its hash: inline-sources.ts). */
  readonly styles: string;
  /** The day its render showed as today; the app's first render over it shows the same (pwa/src/main.tsx). */
  readonly day: string;
  /** The page's own address, for link previews (og:url). */
  readonly url?: string;
  /** The records it was written with, carried in the HTML for the app's first render (#core/written-page-data). */
  readonly data?: WrittenPageData;
}

/**
 * `html` (the app shell) carrying a prerendered page: its markup in place of the loading mark,
 * inert until the app has taken it over (main.tsx lifts it then), the day it was written on for
 * the app's first render, its route's styles after the shell's, its title and description in
 * the head, and the records it was written with (a data element the browser never runs).
 */
export function withPrerenderedPage(html: string, page: PrerenderedPage): string {
  const withText = page.title === '' ? html : withHead(html, page.title, page.description, page.url);
  const styled = page.styles === '' ? withText : withText.replace('</head>', () => `<style>${page.styles}</style></head>`);
  const { data } = page;
  const withData =
    data === undefined ? styled : styled.replace('</body>', () => `<script type="application/json" id="${WRITTEN_DATA_ID}">${scriptJson(data)}</script></body>`);
  return withData.replace(LOADING_MARK, () => page.html).replace('<div id="root">', () => `<div id="root" inert data-written-day="${escapeHtml(page.day)}">`);
}
