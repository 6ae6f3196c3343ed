let writtenOrigin: string | undefined;

/**
 * The origin a page written on the server (pwa/src/page-render.tsx) is written for: the one the
 * browser will open it at, so the links the page spells out in full match the app's render over it.
 */
export function setWrittenOrigin(origin: string | undefined): void {
  writtenOrigin = origin;
}

/** The site's origin, for addresses spelled out in full (a link to share): the browser's own. */
export function siteOrigin(): string {
  if (typeof window !== 'undefined') return window.location.origin;
  if (writtenOrigin === undefined) throw new Error('A page written on the server needs the origin it is written for');
  return writtenOrigin;
}
