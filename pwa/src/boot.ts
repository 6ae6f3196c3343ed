/**
 * The page's first script (the build puts it in index.html in place of the app's entry; see
 * `startAfterFirstPaint` in vite.config.ts). The app's code is fetched at once, from the HTML's
 * module preload, but runs only after the browser has painted what the HTML carries: evaluating
 * it and the first render take a slow phone a few hundred milliseconds, and the page the server
 * sent whole (or its placeholder) is on screen meanwhile instead of after them.
 */
const entry = document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][data-app-entry]');

function start(): void {
  if (entry !== null) void import(/* @vite-ignore */ entry.href);
}

// A frame callback runs just before a paint, and a task queued from it just after. A page opened
// in a background tab paints nothing until it is shown: it starts at once instead.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start));
