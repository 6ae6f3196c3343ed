/**
 * The page's first script, written into index.html itself (see `startAfterFirstPaint` in
 * vite.config.ts). The HTML names the app's chunks, and the page's own, in a <template> that the
 * browser leaves alone: nothing of the app is fetched, parsed or run before the browser has
 * painted what the HTML carries. Then this script moves those announcements into the document,
 * which fetches them all at once, and runs the app. On a slow phone, the app's code took the
 * bandwidth and the processor the first paint needed; the page the server sent whole (or its
 * placeholder) now comes first.
 */
const held = document.querySelector<HTMLTemplateElement>('template[data-app-chunks]');

function start(): void {
  if (held !== null) document.head.append(held.content);
  const entry = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-app-entry]');
  if (entry !== null) void import(/* @vite-ignore */ entry.href);
}

// A frame callback runs just before a paint, and a task queued from it just after. A page opened
// in a background tab paints nothing until it is shown: it starts at once instead.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
