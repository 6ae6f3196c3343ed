/**
 * The page's first script, written into index.html itself (see `startAfterFirstPaint` in
 * vite.config.ts). The HTML names the app's chunks, and the page's own, in a <template> that the
 * browser leaves alone: nothing of the app is fetched, parsed or run before the browser has
 * painted what the HTML carries. Then this script moves those announcements into the document,
 * which fetches them, and runs the app. On a slow phone, the app's code took the bandwidth and the
 * processor the first paint needed; the page the server sent whole (or its placeholder) now comes
 * first.
 */
const held = document.querySelector<HTMLTemplateElement>('template[data-app-chunks]');

/**
 * Adds `links` to the document one per task. Each module preload starts a request: a dozen at
 * once took about 5 ms on the build machine (spikes past 12 ms), four times that under Lighthouse's
 * slowdown for a mid-range phone, in one task. A message channel, not timers: nested timers are
 * held back 4 ms each.
 */
function appendOneByOne(links: Element[]): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const link = links.shift();
    if (link === undefined) {
      channel.port1.close();
      return;
    }
    document.head.append(link);
    channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
}

function start(): void {
  const links = held === null ? [] : [...held.content.children];
  const entry = links.find((link) => link.hasAttribute('data-app-entry'));
  // The stylesheets come disabled (the page's styles are in the HTML already): nothing is fetched
  // for them, and the app's loader, finding them attached, fetches them no second time.
  const now = links.filter((link) => link === entry || link.matches('link[rel="stylesheet"][disabled]'));
  document.head.append(...now);
  appendOneByOne(links.filter((link) => !now.includes(link)));
  // Where the app cannot be fetched (the connection dropped on a first visit), the written page
  // stays as a plain page whose links work, rather than one that cannot be pressed at all.
  if (entry instanceof HTMLLinkElement) import(/* @vite-ignore */ entry.href).catch(() => document.getElementById('root')?.removeAttribute('inert'));
}

// A frame callback runs just before a paint, and a task queued from it just after. A page opened
// in a background tab paints nothing until it is shown: it starts at once instead.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
