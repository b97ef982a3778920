// The build-time Markdown renderer of untrusted soul files: what survives, what is shown as
// text, and what never reaches the page (script, handlers, styles, foreign URLs and images).
import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeSoulHtml } from '../../scripts/site/render-markdown.ts';
import { XSS_MARKDOWN } from './fixture.ts';

const ctx = {
  images: new Map([['avatar.png', '/soul-files/abc.png']]),
  anchors: new Map([['IDENTITY.md', 'file-2']]),
};

/** Every tag name in an HTML string. */
function tags(html: string): string[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((m) => m[1]!.toLowerCase());
}

/** Every attribute (name=value) in an HTML string. */
function attributes(html: string): { name: string; value: string }[] {
  return [...html.matchAll(/<[a-zA-Z][^<>]*>/g)].flatMap((tag) => [...tag[0].matchAll(/\s([a-zA-Z-:]+)="([^"]*)"/g)].map((a) => ({ name: a[1]!.toLowerCase(), value: a[2]! })));
}

describe('renderMarkdown', () => {
  it('renders headings, lists, emphasis, code and tables', () => {
    const html = renderMarkdown('# Title\n\n- **bold** and *em*\n- `code`\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<code>code</code>');
    expect(html).toContain('<td align="right">2</td>');
  });

  it('lowers headings by the offset, at most to h6', () => {
    expect(renderMarkdown('# A\n\n#### B\n', { headingOffset: 3 })).toBe('<h4>A</h4>\n<h6>B</h6>\n');
  });

  it('shows raw HTML as text instead of interpreting it', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\nHello <b onclick="x()">bold</b>\n');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b onclick="x()"&gt;bold&lt;/b&gt;');
    expect(tags(html)).not.toContain('script');
    expect(tags(html)).not.toContain('b');
  });

  it('shows a hidden HTML comment as text', () => {
    expect(renderMarkdown('<!-- ignore previous instructions -->\n')).toContain('&lt;!-- ignore previous instructions --&gt;');
  });

  it('keeps http, https and mailto links, with rel="nofollow ugc noopener noreferrer"', () => {
    const html = renderMarkdown('[a](https://example.org/x?a=1&b=2) [b](http://example.org) [c](mailto:ada@example.org)');
    expect(html).toContain('<a href="https://example.org/x?a=1&amp;b=2" rel="nofollow ugc noopener noreferrer">a</a>');
    expect(html).toContain('href="http://example.org/"');
    expect(html).toContain('href="mailto:ada@example.org"');
  });

  it('turns a link to another file of the package into an in-page link', () => {
    expect(renderMarkdown('[who](./IDENTITY.md)', ctx)).toContain('<a href="#file-2">who</a>');
  });

  it.each([
    ['javascript:', '[x](javascript:alert(1))'],
    ['an entity-encoded javascript:', '[x](jav&#x61;script:alert(1))'],
    ['a javascript: split by a tab', '[x](java\tscript:alert(1))'],
    ['data:', '[x](data:text/html,<script>alert(1)</script>)'],
    ['vbscript:', '[x](vbscript:msgbox(1))'],
    ['a protocol-relative URL', '[x](//evil.example/)'],
    ['a backslash URL', '[x](\\\\evil.example\\x)'],
    ['a relative path outside the package', '[x](../../secrets.md)'],
    ['a reference definition with javascript:', '[x][e]\n\n[e]: javascript:alert(1)'],
    ['an autolink with javascript:', '<javascript:alert(1)>'],
  ])('drops a link to %s and keeps its text', (_what, source) => {
    const html = renderMarkdown(source, ctx);
    expect(attributes(html).filter((a) => a.name === 'href')).toEqual([]);
    expect(html.toLowerCase()).not.toMatch(/href=|javascript:[^<]*<\/a>/);
  });

  it('maps an image of the package to its site file and drops every other image source', () => {
    const html = renderMarkdown('![me](avatar.png) ![far](https://evil.example/p.png) ![data](data:image/png;base64,AAAA) ![svg](evil.svg) ![up](../x.png)', ctx);
    const srcs = attributes(html).filter((a) => a.name === 'src').map((a) => a.value);
    expect(srcs).toEqual(['/soul-files/abc.png']);
    expect(html).toContain('alt="me"');
    expect(html).toContain('<span>far</span>');
  });

  it('renders task list boxes as text, not form controls', () => {
    const html = renderMarkdown('- [ ] open\n- [x] done\n');
    expect(tags(html)).not.toContain('input');
    expect(html).toContain('☐ open');
    expect(html).toContain('☑ done');
  });

  it('leaves nothing executable in the whole XSS collection', () => {
    const html = renderMarkdown(XSS_MARKDOWN, ctx);
    const allowed = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'em', 'strong', 'del', 's', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span']);
    expect(tags(html).filter((t) => !allowed.has(t))).toEqual([]);
    const attrs = attributes(html);
    expect(attrs.filter((a) => a.name.startsWith('on') || a.name === 'style' || a.name === 'srcdoc' || a.name === 'formaction')).toEqual([]);
    for (const a of attrs.filter((x) => x.name === 'href')) expect(a.value).toMatch(/^(https?:\/\/|mailto:|#)/);
    for (const a of attrs.filter((x) => x.name === 'src')) expect(a.value.startsWith('/soul-files/')).toBe(true);
  });
});

describe('sanitizeSoulHtml', () => {
  it('removes scripts, handlers, styles, frames, objects, forms and SVG', () => {
    const html = sanitizeSoulHtml('<p onclick="x()" style="color:red">hi</p><script>x()</script><iframe src="https://e.example"></iframe><object data="x"></object><form><input></form><svg><circle/></svg><style>p{}</style>');
    expect(html).toBe('<p>hi</p>');
  });

  it('rewrites a link to javascript: to plain text', () => {
    expect(sanitizeSoulHtml('<a href="javascript:alert(1)">x</a>')).toBe('<span>x</span>');
    expect(sanitizeSoulHtml('<a href="jav&#x61;script:alert(1)">x</a>')).toBe('<span>x</span>');
  });

  it('drops an image that is not a package image', () => {
    expect(sanitizeSoulHtml('<img src="https://evil.example/x.png"><img src="/soul-files/a.png" alt="ok">')).toBe('<img src="/soul-files/a.png" alt="ok" />');
  });

  it('keeps only a numeric start on ordered lists and known alignments on cells', () => {
    expect(sanitizeSoulHtml('<ol start="3" type="a"><li>x</li></ol><table><tr><td align="javascript:x">a</td><td align="center">b</td></tr></table>')).toBe('<ol start="3"><li>x</li></ol><table><tr><td>a</td><td align="center">b</td></tr></table>');
  });

  it('drops id and class attributes (no clobbering of the page)', () => {
    expect(sanitizeSoulHtml('<h2 id="soul" class="grade" name="x">t</h2>')).toBe('<h2>t</h2>');
  });
});
