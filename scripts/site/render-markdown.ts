// Untrusted Markdown (a soul's files, OpenAPI descriptions) to safe HTML, at build time only:
// marked renders with raw HTML shown as text, links limited to http(s)/mailto and the package's
// own files, images limited to the package's own raster images; then sanitize-html enforces a
// strict allowlist on the result, so a bug in either layer alone cannot let markup through.
import { Marked } from 'marked';
import type { Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { packagePathOf } from './package-files.ts';

/** What links and images in a package's Markdown may point at. */
export interface MarkdownContext {
  /** Package path → site URL of the image (raster images of the package only). */
  images?: ReadonlyMap<string, string>;
  /** Package path → in-page anchor id of the file's section. */
  anchors?: ReadonlyMap<string, string>;
  /** Added to every heading level (a file's `#` sits under the page's own headings); default 0. */
  headingOffset?: number;
}

/** The one prefix a rendered image may have: the site's content-addressed package images. */
export const IMAGE_URL_PREFIX = '/soul-files/';

const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code',
  'em', 'strong', 'del', 's', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span',
];

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : ch === '"' ? '&quot;' : '&#39;'));
}

// What marked hands over is the source text of the URL. The output is escaped in full (every `&`
// too), so the browser sees exactly the string checked here: an entity such as `&#x61;` can never
// turn into a scheme after the check.
function externalUrl(href: string): string | null {
  const s = href.trim();
  if (!/^(?:https?:\/\/|mailto:)/i.test(s)) return null;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') return null;
  if (url.protocol !== 'mailto:' && url.hostname === '') return null;
  return url.href;
}

function createMarked(ctx: MarkdownContext): Marked {
  const offset = ctx.headingOffset ?? 0;
  return new Marked({
    gfm: true,
    breaks: false,
    async: false,
    renderer: {
      // Raw HTML is shown, never interpreted: a reader sees what an agent would read.
      html(token: Tokens.HTML | Tokens.Tag): string {
        const text = escapeHtml(token.text);
        return 'block' in token && token.block ? `<pre><code>${text}</code></pre>\n` : text;
      },
      heading(token: Tokens.Heading): string {
        const level = Math.min(6, Math.max(1, token.depth + offset));
        return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
      },
      checkbox(token: Tokens.Checkbox): string {
        return token.checked ? '☑ ' : '☐ ';
      },
      link(token: Tokens.Link): string {
        const inner = this.parser.parseInline(token.tokens);
        const external = externalUrl(token.href);
        if (external !== null) {
          const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
          return `<a href="${escapeHtml(external)}"${title} rel="nofollow ugc noopener noreferrer">${inner}</a>`;
        }
        const path = packagePathOf(token.href);
        const anchor = path === null ? undefined : ctx.anchors?.get(path);
        if (anchor !== undefined) return `<a href="#${escapeHtml(anchor)}">${inner}</a>`;
        return `<span>${inner}</span>`;
      },
      image(token: Tokens.Image): string {
        const alt = token.text;
        const path = packagePathOf(token.href);
        const src = path === null ? undefined : ctx.images?.get(path);
        if (src !== undefined && src.startsWith(IMAGE_URL_PREFIX)) {
          const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
          return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}"${title}>`;
        }
        // An image from anywhere else is not loaded: its alt text stands in.
        return alt === '' ? '' : `<span>${escapeHtml(alt)}</span>`;
      },
    },
  });
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !(frame.attribs['src'] ?? '').startsWith(IMAGE_URL_PREFIX),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs['href'] ?? '';
      if (href.startsWith('#')) return { tagName, attribs: { href } };
      const external = externalUrl(href);
      if (external === null) return { tagName: 'span', attribs: {} };
      const out: Record<string, string> = { href: external, rel: 'nofollow ugc noopener noreferrer' };
      if (attribs['title']) out['title'] = attribs['title'];
      return { tagName, attribs: out };
    },
    ol: (tagName, attribs): sanitizeHtml.Tag => {
      const start = attribs['start'];
      return { tagName, attribs: start !== undefined && /^\d{1,9}$/.test(start) ? { start } : {} };
    },
    th: (tagName, attribs) => alignOnly(tagName, attribs),
    td: (tagName, attribs) => alignOnly(tagName, attribs),
  },
};

function alignOnly(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const align = attribs['align'];
  return { tagName, attribs: align === 'left' || align === 'right' || align === 'center' ? { align } : {} };
}

/**
 * Any HTML through the site's allowlist: no script, no event handlers, no style, no forms,
 * frames, objects or SVG; links only http(s), mailto or in-page; images only package images.
 *
 * @example sanitizeSoulHtml('<a href="javascript:alert(1)" onclick="x()">hi</a>') // '<span>hi</span>'
 */
export function sanitizeSoulHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/**
 * Untrusted Markdown to safe HTML.
 *
 * @example renderMarkdown('# Hi\n\n<script>alert(1)</script>', { headingOffset: 2 })
 * // '<h3>Hi</h3>\n<pre><code>&lt;script&gt;alert(1)&lt;/script&gt;</code></pre>\n'
 */
export function renderMarkdown(source: string, ctx: MarkdownContext = {}): string {
  const html = createMarked(ctx).parse(source) as string;
  return sanitizeSoulHtml(html);
}
