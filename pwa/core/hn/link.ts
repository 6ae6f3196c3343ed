/**
 * Tracker links: what a person may paste to track a post, and the site's addresses we link to.
 * The device checks a link before sending it and the server checks it again with this same
 * function, so both refuse the same things with the same words. No `URL` here: this module runs
 * without DOM or Node globals, and the one shape we accept is simple enough to read by hand.
 */

export const HN_SITE = 'https://news.ycombinator.com';

/** A post the empty tracker list offers as an example (an early launch post on the site). */
export const EXAMPLE_POST_ID = 8863;

/** Longer than any item address the site makes, short enough to refuse pasted essays early. */
export const TRACKER_LINK_MAX = 2_000;

/** The hint under the field that adds a tracker. */
export const TRACKER_LINK_HINT = `Links should look like ${HN_SITE}/item?id=${EXAMPLE_POST_ID}`;

export type TrackerLinkProblem = 'EMPTY' | 'TOO_LONG' | 'NOT_AN_ITEM_LINK' | 'INVALID_ID';

export const TRACKER_LINK_MESSAGES: Readonly<Record<TrackerLinkProblem, string>> = {
  EMPTY: `Paste the link of a Hacker News post, like ${HN_SITE}/item?id=${EXAMPLE_POST_ID}.`,
  TOO_LONG: `That is too long for a post link. Paste one like ${HN_SITE}/item?id=${EXAMPLE_POST_ID}.`,
  NOT_AN_ITEM_LINK: `That is not a Hacker News post link. Paste one like ${HN_SITE}/item?id=${EXAMPLE_POST_ID}, or just the number after id=.`,
  INVALID_ID: `The number after id= must be a whole number above 0, like ${HN_SITE}/item?id=${EXAMPLE_POST_ID}.`,
};

export type TrackerLinkResult =
  | { readonly ok: true; readonly postId: number; /** The canonical item address, as stored. */ readonly link: string }
  | { readonly ok: false; readonly problem: TrackerLinkProblem; readonly message: string };

/** The site's page of an item. */
export function hnItemLink(id: number): string {
  return `${HN_SITE}/item?id=${id}`;
}

/** The site's reply form for a comment, returning to the comment in its thread afterwards. */
export function hnReplyLink(commentId: number, postId: number): string {
  return `${HN_SITE}/reply?id=${commentId}&goto=${encodeURIComponent(`item?id=${postId}#${commentId}`)}`;
}

/** A post id as people write it: digits only, above 0, within the integers a number holds exactly. */
export function parsePostId(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

// http(s), optional; the site's host (www. too), any case; /item; the query; an optional #fragment.
const ITEM_LINK = /^(?:https?:\/\/)?(?:www\.)?news\.ycombinator\.com(?::443|:80)?\/item\/?\?([^#]*)(?:#.*)?$/i;

function idParameter(query: string): string | null {
  for (const pair of query.split('&')) {
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    if (name === 'id') return at === -1 ? '' : pair.slice(at + 1);
  }
  return null;
}

const refused = (problem: TrackerLinkProblem): TrackerLinkResult => ({ ok: false, problem, message: TRACKER_LINK_MESSAGES[problem] });

/**
 * A tracker link: the site's item address with an `id` query parameter (the scheme may be left
 * out), or the post's id alone. Anything else is refused with words that say what to paste.
 */
export function parseTrackerLink(input: string): TrackerLinkResult {
  const text = input.trim();
  if (text === '') return refused('EMPTY');
  if (text.length > TRACKER_LINK_MAX) return refused('TOO_LONG');
  if (/^\d+$/.test(text)) {
    const postId = parsePostId(text);
    return postId === null ? refused('INVALID_ID') : { ok: true, postId, link: hnItemLink(postId) };
  }
  const match = ITEM_LINK.exec(text);
  if (match === null) return refused('NOT_AN_ITEM_LINK');
  const raw = idParameter(match[1] ?? '');
  if (raw === null) return refused('NOT_AN_ITEM_LINK');
  const postId = parsePostId(raw);
  return postId === null ? refused('INVALID_ID') : { ok: true, postId, link: hnItemLink(postId) };
}
