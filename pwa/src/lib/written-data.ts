import { readWrittenPageData, WRITTEN_DATA_ID, type WrittenPageData } from '#core/written-page-data';

/**
 * The records the server wrote the first page with (see #core/written-page-data): the render that
 * takes the written page over shows the same. That render happens while the page is still inert
 * (main.tsx lifts it once the page is taken over); after it, the pages ask the server or their
 * kept copies, as for any later page, so a written record never stands in for a newer one.
 */

/** Set by the server's page renderer (page-render.tsx) for the page it is writing. */
let onServer: WrittenPageData | undefined;
/** Read from the page's HTML the first time it is asked for. */
let fromPage: WrittenPageData | undefined;

export function setWrittenData(data: WrittenPageData | undefined): void {
  onServer = data;
}

export function writtenData(): WrittenPageData {
  if (onServer !== undefined) return onServer;
  if (typeof document === 'undefined' || document.getElementById('root')?.hasAttribute('inert') !== true) return {};
  fromPage ??= readWrittenPageData(document.getElementById(WRITTEN_DATA_ID)?.textContent);
  return fromPage;
}
