// The built site, file by file: every page and asset the build promises, scripts only as
// same-origin files (no inline script or style for the CSP to allow), the `_headers` file, the
// client index, badges and package images, and the JavaScript weight of a soul page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeIndex } from '../../scripts/core/registry-shapes.ts';
import { buildSite } from '../../scripts/site/build-site.ts';
import { CONTENT_SECURITY_POLICY, headersForPath, parseHeadersFile } from '../../scripts/site/headers.ts';
import { decodeSiteIndex } from '../../scripts/site/client/souls-index.ts';
import { siteFixture } from './fixture.ts';
import type { SiteFixture } from './fixture.ts';

let fx: SiteFixture;
beforeAll(async () => {
  fx = await siteFixture();
}, 300_000);

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => join(e.parentPath, e.name));
}

const read = (p: string): string => readFileSync(p, 'utf8');

/** The start tags of an HTML document (quote-aware, so a `<` inside an attribute value is no tag). */
function startTags(html: string): string[] {
  const tags: string[] = [];
  let i = 0;
  while ((i = html.indexOf('<', i)) >= 0) {
    if (!/[a-zA-Z]/.test(html[i + 1] ?? '')) {
      i++;
      continue;
    }
    let j = i + 1;
    let quote = '';
    for (; j < html.length; j++) {
      const c = html[j]!;
      if (quote) {
        if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '>') break;
    }
    tags.push(html.slice(i, j + 1));
    i = j + 1;
  }
  return tags;
}

/** The attribute values of a start tag. */
function attributeValues(tag: string): string[] {
  return [...tag.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
}

/** The JavaScript a page loads: its module scripts and everything they import, in bytes. */
export function pageScriptBytes(site: string, html: string): { files: string[]; bytes: number } {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  let bytes = 0;
  while (queue.length > 0) {
    const src = queue.shift()!;
    if (seen.has(src)) continue;
    seen.add(src);
    const code = read(join(site, src));
    bytes += Buffer.byteLength(code);
    for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(src.slice(0, src.lastIndexOf('/') + 1) + m[1]!);
  }
  return { files: [...seen], bytes };
}

describe('the built site', () => {
  it('has the home, list, docs, sign-in, dashboard and not-found pages', () => {
    for (const page of ['index.html', 'souls/index.html', 'souls/page-2/index.html', 'docs/index.html', 'docs/api/index.html', 'docs/publishing/index.html', 'docs/rules/index.html', 'signin/index.html', 'dashboard/index.html', '404.html']) {
      expect(existsSync(join(fx.site, page)), page).toBe(true);
    }
  });

  it('has a page and a badge for every listed soul', () => {
    const { entries } = decodeIndex(JSON.parse(read(join(fx.dist, 'index', 'registry.json'))));
    expect(entries.length).toBe(27);
    for (const e of entries) {
      expect(existsSync(join(fx.site, 'souls', e.owner, e.name, 'index.html')), e.fullName).toBe(true);
      expect(read(join(fx.site, 'badge', e.owner, `${e.name}.svg`))).toContain(`${e.scanGrade} ${e.scanScore}`);
    }
  });

  it('writes the client index with every soul', () => {
    const souls = decodeSiteIndex(JSON.parse(read(join(fx.site, 'data', 'souls.json'))));
    expect(souls.map((s) => s.fullName)).toContain('ada/tutor');
    expect(souls).toHaveLength(27);
  });

  it('emits package images by content, as the bytes they are', () => {
    const images = readdirSync(join(fx.site, 'soul-files'));
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(read(join(fx.site, 'souls', 'ada', 'tutor', 'index.html'))).toContain(`src="/soul-files/${images[0]}"`);
  });

  it('loads scripts only as same-origin files: no inline script, handler or style attribute in any page', () => {
    const problems: string[] = [];
    for (const page of files(fx.site, '.html')) {
      const html = read(page);
      const rel = relative(fx.site, page);
      for (const tag of startTags(html)) {
        const bare = tag.replace(/="[^"]*"/g, '=""');
        if (/^<script\b/i.test(tag) && !/^<script type="module" src="\/_astro\/[^"]+\.js"><\/script>$/.test(`${tag}</script>`)) problems.push(`${rel}: inline script ${tag}`);
        if (/^<style\b/i.test(tag)) problems.push(`${rel}: style element`);
        if (/\sstyle=/i.test(bare)) problems.push(`${rel}: style attribute in ${tag}`);
        for (const m of bare.matchAll(/\s(on[a-z]+)=/gi)) problems.push(`${rel}: ${m[1]} attribute in ${tag}`);
        if (/^<link\b/i.test(tag) && !/href="(\/_astro\/[^"]+\.css|\/favicon\.svg)"/.test(tag)) problems.push(`${rel}: ${tag}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes a _headers file with the strict CSP for every path', () => {
    const rules = parseHeadersFile(read(join(fx.site, '_headers')));
    expect(headersForPath(rules, '/souls/ada/tutor/')['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(headersForPath(rules, '/')['X-Content-Type-Options']).toBe('nosniff');
  });

  it('keeps the JavaScript of a soul page under 50 KB', () => {
    const { bytes, files: scripts } = pageScriptBytes(fx.site, read(join(fx.site, 'souls', 'ada', 'tutor', 'index.html')));
    expect(scripts.length).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(50 * 1024);
  });

  it('ships no JavaScript on the home page', () => {
    expect(pageScriptBytes(fx.site, read(join(fx.site, 'index.html'))).bytes).toBe(0);
  });

  it('renders the XSS soul with no markup of its own', () => {
    const html = read(join(fx.site, 'souls', 'evil', 'xss', 'index.html'));
    const tags = startTags(html);
    expect(tags.filter((t) => attributeValues(t).some((v) => /^\s*(javascript|data|vbscript):|evil\.example/i.test(v)))).toEqual([]);
    expect(tags.filter((t) => /^<(iframe|object|embed|math|base|style|meta http-equiv)\b/i.test(t))).toEqual([]);
    // The only forms are the page's own.
    expect(tags.filter((t) => /^<form\b/i.test(t)).map((t) => /id="([^"]+)"/.exec(t)?.[1])).toEqual(['version-form', 'diff-form', 'review-form', 'report-form']);
    // The score chart is the one SVG of the page.
    expect(tags.filter((t) => t.startsWith('<svg')).every((t) => t.includes('class="score-chart"'))).toBe(true);
    expect(html).toContain('&lt;script&gt;window.__soulXss=1;alert(1)&lt;/script&gt;');
  });

  it('puts every page under the site name in its title', () => {
    for (const page of files(fx.site, '.html')) expect(read(page), relative(fx.site, page)).toMatch(/<title>[^<]*Soul Registry<\/title>/);
  });
});

describe('buildSite', () => {
  it('refuses an output folder that would hold the static tree', async () => {
    await expect(buildSite({ dist: fx.dist, out: join(fx.dist, '..') })).rejects.toThrow(/would hold the static tree/);
  });

  it('says how to make the static tree when it is missing', async () => {
    await expect(buildSite({ dist: join(fx.dist, 'nope'), out: join(fx.dist, 'nope-site') })).rejects.toThrow(/run "soul build"/);
  });
});
