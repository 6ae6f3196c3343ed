import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentHtml, safeHref } from './comment-html';

function rendered(html: string): HTMLElement {
  const { container } = render(<CommentHtml html={html} />);
  return container.firstElementChild as HTMLElement;
}

describe('comment text', () => {
  it('keeps the site’s paragraphs, italics, code and links, links opening safely in a new tab', () => {
    const text = rendered('First line<p>Second with <i>style</i> and <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow">a link</a></p><pre><code>  npm start</code></pre>');
    expect(text.innerHTML).toBe(
      'First line<p>Second with <i>style</i> and <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">a link</a></p><pre><code>  npm start</code></pre>',
    );
  });

  it('runs no script and keeps no event handler, style or javascript: link', () => {
    const payloads = [
      '<script>window.hacked = 1</script>before',
      '<img src=x onerror="window.hacked = 2">after image',
      '<p onclick="window.hacked = 3" style="color:red">styled</p>',
      '<a href="javascript:window.hacked=4">click</a>',
      '<a href=" JaVaScRiPt:window.hacked=5">spaced</a>',
      '<a href="data:text/html,<script>alert(1)</script>">data</a>',
      '<svg><script>window.hacked = 6</script></svg><iframe src="javascript:1"></iframe>',
      '<b><u>unknown tags keep only their text</u></b>',
      '<style>body { display: none }</style>visible',
    ];
    const text = rendered(payloads.join(''));
    expect(Reflect.get(window, 'hacked')).toBeUndefined();
    expect(text.querySelector('script, img, svg, iframe, style, b, u')).toBeNull();
    for (const element of text.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(['href', 'target', 'rel']).toContain(attribute);
    }
    expect(text.querySelectorAll('a')).toHaveLength(0);
    expect(text.textContent).toBe('beforeafter imagestyledclickspaceddataunknown tags keep only their textvisible');
  });

  it('resolves the site’s own relative links against it and accepts only http(s)', () => {
    expect(safeHref('item?id=8863')).toBe('https://news.ycombinator.com/item?id=8863');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('vbscript:x')).toBeNull();
    expect(safeHref(null)).toBeNull();
  });

  it('survives markup nested deeper than any comment, keeping its text', () => {
    const deep = `${'<i>'.repeat(500)}deep${'</i>'.repeat(500)}`;
    expect(rendered(deep).textContent).toBe('deep');
  });
});
