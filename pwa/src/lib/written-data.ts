import { readWrittenPageData, WRITTEN_DATA_ID, type WrittenPageData } from '#core/written-page-data';

/**
 * The records the server wrote the first page with (see #core/written-page-data): the app's first
 * render shows the same. After that render they are forgotten, and the pages ask the server or
 * their kept copies, as for any later page.
 */

/** Set by the server's page renderer (page-render.tsx) for the page it is writing. */
let onServer: WrittenPageData | undefined;
/** Read from the page's HTML once; `null` once the first render is done. */
let fromPage: WrittenPageData | null | undefined;

export function setWrittenData(data: WrittenPageData | undefined): void {
  onServer = data;
}

export function writtenData(): WrittenPageData {
  if (onServer !== undefined) return onServer;
  if (fromPage === null || typeof document === 'undefined') return {};
  fromPage ??= readWrittenPageData(document.getElementById(WRITTEN_DATA_ID)?.textContent);
  return fromPage;
}

/** Called once the app's first render is on screen (main.tsx). */
export function forgetWrittenData(): void {
  fromPage = null;
}
