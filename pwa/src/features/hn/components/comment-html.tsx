import { Fragment, useMemo, type ReactNode } from 'react';
import { HN_SITE } from '#core/hn/link';

/**
 * Comment text from Hacker News is HTML. The server sanitises it before storing it; here it is
 * still never handed to the DOM as markup: it is parsed in an inert document (no scripts run, no
 * resources load) and walked into React elements, keeping only paragraphs, italics, code, line
 * breaks and http(s) links. Any other element keeps its text and loses itself; script-like
 * elements go whole.
 */

const DROPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'HEAD', 'TITLE', 'TEXTAREA', 'SELECT']);
/** Deeper than any comment the site makes; past it, text only (no runaway recursion). */
const MAX_DEPTH = 32;

/** An http(s) address (a relative one is the site's own), or null. */
export function safeHref(raw: string | null): string | null {
  if (raw === null) return null;
  try {
    const url = new URL(raw, `${HN_SITE}/`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function children(element: Element, depth: number): ReactNode[] {
  return Array.from(element.childNodes, (child, index) => toReact(child, index, depth + 1));
}

function toReact(node: Node, key: number, depth: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (DROPPED.has(element.tagName.toUpperCase())) return null;
  if (depth > MAX_DEPTH) return element.textContent;
  const inner = children(element, depth);
  switch (element.tagName.toUpperCase()) {
    case 'P':
      return <p key={key}>{inner}</p>;
    case 'I':
    case 'EM':
      return <i key={key}>{inner}</i>;
    case 'CODE':
      return <code key={key}>{inner}</code>;
    case 'PRE':
      return <pre key={key}>{inner}</pre>;
    case 'BR':
      return <br key={key} />;
    case 'A': {
      const href = safeHref(element.getAttribute('href'));
      if (href === null) return <Fragment key={key}>{inner}</Fragment>;
      return (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow">
          {inner}
        </a>
      );
    }
    default:
      return <Fragment key={key}>{inner}</Fragment>;
  }
}

/** The comment's text as React elements (see above). */
export function CommentHtml({ html, className }: { readonly html: string; readonly className?: string }) {
  const content = useMemo(() => {
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    return children(body, 0);
  }, [html]);
  return <div className={className}>{content}</div>;
}
