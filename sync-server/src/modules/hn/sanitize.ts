import sanitizeHtml from 'sanitize-html';
import type { HnItem } from '#core/schemas/hn';

/**
 * Comment and post text from the site is HTML written by anyone. The site itself only makes
 * paragraphs, italics, links and code blocks, so that is all we keep; every other tag goes (its
 * text stays, except inside script, style and the like, which go whole), and every attribute
 * but a link's address goes. The result is what we store and what the app shows as HTML.
 */

/** Links open in a new tab that gets no handle on ours, send no referrer and pass no ranking. */
const LINK_REL = 'noopener noreferrer nofollow';

const HTTP_URL = /^https?:\/\//i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'i', 'em', 'a', 'pre', 'code'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Whatever rel or target the source carried is replaced; a link that is not http(s) (a
    // relative one included) loses its address and, below, its tag.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = (attribs.href ?? '').trim();
      const kept: sanitizeHtml.Attributes = HTTP_URL.test(href) ? { href, rel: LINK_REL, target: '_blank' } : {};
      return { tagName: 'a', attribs: kept };
    },
  },
  // A link left without an address keeps its text, not its tag.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** The site's HTML reduced to paragraphs, italics, safe links and code. */
export function sanitizeHnHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** A post's launched address when it is an absolute http(s) URL; null otherwise. */
export function safeHttpUrl(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

// U+0000 and half surrogate pairs: PostgreSQL's jsonb refuses them (the site has sent neither,
// but a cache that throws on one odd item would take the whole thread down).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const storable = (text: string | undefined): string | undefined => text?.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');

/** An item as we keep and show it: its text sanitised, its strings storable. */
export function cleanItem(item: HnItem): HnItem {
  const text = storable(item.text);
  return {
    ...item,
    ...(text === undefined ? {} : { text: sanitizeHnHtml(text) }),
    ...(item.by === undefined ? {} : { by: storable(item.by) }),
    ...(item.title === undefined ? {} : { title: storable(item.title) }),
    ...(item.url === undefined ? {} : { url: storable(item.url) }),
  };
}
