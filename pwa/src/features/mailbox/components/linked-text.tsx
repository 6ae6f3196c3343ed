import type { ReactNode } from 'react';

/** http(s) addresses in plain text, up to the first space or angle bracket. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
/** Punctuation that ends a sentence rather than the address before it. */
const TRAILING = /[.,;:!?)\]']+$/;

/**
 * Plain text with its web addresses as links. Everything is rendered as React text, never as
 * HTML, so a mail cannot inject markup; only http(s) addresses become links.
 */
export function LinkedText({ text }: { readonly text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={href} rel="noreferrer noopener">
        {href}
      </a>,
    );
    last = start + href.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
