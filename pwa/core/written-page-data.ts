import { readPublicExpert, type PublicExpert } from './experts/public-expert-reply';

/**
 * What a page the server writes shows beyond its address: the records it read for it. The server
 * renders the page with them and puts them into the HTML too, so the app's first render on the
 * device (which takes the written page over) shows the same, without asking the server again.
 */
export interface WrittenPageData {
  /** /ex/{siteName}: the expert the page is about. */
  readonly publicExpert?: PublicExpert;
}

/** The id of the HTML's data element (`<script type="application/json">`, which the browser never runs). */
export const WRITTEN_DATA_ID = 'written-data';

/**
 * `data` as JSON to stand inside a <script> element: no `<` at all (so neither `</script>` nor
 * `<!--` can end or change the element), and no line or paragraph separators.
 */
export function scriptJson(data: WrittenPageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data element's text read back: what of it is well formed (anything else is left out). */
export function readWrittenPageData(text: string | null | undefined): WrittenPageData {
  if (text === null || text === undefined || text === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const publicExpert = readPublicExpert((parsed as { publicExpert?: unknown }).publicExpert);
  return publicExpert === null ? {} : { publicExpert };
}
