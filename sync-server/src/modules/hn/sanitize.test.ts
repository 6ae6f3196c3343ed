import { describe, expect, it } from 'vitest';
import { cleanItem, safeHttpUrl, sanitizeHnHtml } from './sanitize.ts';

const SAFE_LINK = 'rel="noopener noreferrer nofollow" target="_blank"';

describe('sanitizeHnHtml', () => {
  it('keeps what the site writes: paragraphs, italics, links and code', () => {
    const html = '<p>How does it <i>work</i>? See <a href="https://docs.example/x?a=1&amp;b=2" rel="nofollow">docs</a></p><pre><code>  x &lt; y\n</code></pre>';
    expect(sanitizeHnHtml(html)).toBe(
      `<p>How does it <i>work</i>? See <a href="https://docs.example/x?a=1&amp;b=2" ${SAFE_LINK}>docs</a></p><pre><code>  x &lt; y\n</code></pre>`,
    );
  });

  it.each([
    ['a script', '<p>hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['an event handler', '<p onclick="alert(1)" onmouseover="x()">hi</p>', '<p>hi</p>'],
    ['an image with onerror', 'a<img src=x onerror=alert(1)>b', 'ab'],
    ['a javascript: link', '<a href="javascript:alert(1)">click</a>', 'click'],
    ['a javascript: link in mixed case with a leading space', '<a href=" JaVaScRiPt:alert(1)">click</a>', 'click'],
    ['a javascript: link written with entities', '<a href="&#106;avascript&#58;alert(1)">click</a>', 'click'],
    ['a javascript: link with a tab inside', '<a href="java\tscript:alert(1)">click</a>', 'click'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>', 'd'],
    ['a relative link', '<a href="/reply?id=1">r</a>', 'r'],
    ['a protocol-relative link', '<a href="//evil.example/">e</a>', 'e'],
    ['an iframe, a style and a textarea', '<iframe src="https://evil.example"></iframe><style>p{}</style><textarea><script>x</script></textarea>ok', 'ok'],
    ['svg and math with script', '<svg onload="alert(1)"><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">m</mi></math>', 'm'],
    ['a tag split by a script', '<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
    ['comments and CDATA', '<p>a<!-- <script>x</script> --><![CDATA[<script>y</script>]]>b</p>', '<p>ab</p>'],
  ])('removes %s', (_name, html, clean) => {
    expect(sanitizeHnHtml(html)).toBe(clean);
  });

  it('replaces a link’s own rel and target, and drops its other attributes', () => {
    expect(sanitizeHnHtml('<a href="https://ok.example/" target="_self" rel="opener" onclick="steal()" id="x">ok</a>')).toBe(
      `<a href="https://ok.example/" ${SAFE_LINK}>ok</a>`,
    );
  });

  it('keeps nested allowed tags and cleans what is nested inside them', () => {
    expect(sanitizeHnHtml('<p><i><a href="https://a.example/"><code>c<b onclick="x">b</b></code></a></i></p>')).toBe(
      `<p><i><a href="https://a.example/" ${SAFE_LINK}><code>cb</code></a></i></p>`,
    );
    expect(sanitizeHnHtml('<a href="https://ok.example/"><a href="javascript:alert(1)">inner</a></a>')).not.toContain('javascript');
  });
});

describe('cleanItem', () => {
  it('sanitises the text of an item and makes its strings storable', () => {
    const item = cleanItem({ id: 1, type: 'comment', by: 'a\u0000b', text: '<p>x<script>y</script>\ud800</p>', title: 'half \udc00' });
    expect(item).toEqual({ id: 1, type: 'comment', by: 'a\ufffdb', text: '<p>x\ufffd</p>', title: 'half \ufffd' });
  });
});

describe('safeHttpUrl', () => {
  it('keeps absolute http(s) addresses only', () => {
    expect(safeHttpUrl('https://memento.example/launch')).toBe('https://memento.example/launch');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,x')).toBeNull();
    expect(safeHttpUrl('/relative')).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });
});
