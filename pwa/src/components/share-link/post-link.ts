/** X's compose page (its web intent), prefilled with a text and a link; the person edits and posts it there. */
const POST_ON_X = 'https://twitter.com/intent/tweet';

export function postOnXHref(text: string, url: string): string {
  const href = new URL(POST_ON_X);
  href.searchParams.set('text', text);
  href.searchParams.set('url', url);
  return href.href;
}
