// Markdown of the soul list and of soul details (`Accept: text/markdown`), through the
// precompiled eta templates (templates.generated.js), so it runs where code generation is
// forbidden (Cloudflare Workers). Pure.
//
// Safety: every value a soul controls is escaped for inline Markdown (HTML entities, Markdown
// punctuation, line breaks, invisible and text-direction characters), and each file's content
// is fenced with a run of backticks longer than any backtick run inside it (never `~` fences),
// so no content can close its fence, open HTML, or leak into the surrounding page.
import type { SoulDetails, SoulList } from '../registry-shapes.ts';
import { soulDetails as soulDetailsTemplate, soulList as soulListTemplate } from './templates.generated.js';

// Text-direction overrides and isolates, zero-width and other invisible characters, tag characters.
const INVISIBLE_RE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb]|[\u{e0000}-\u{e0fff}]/gu;

// C0 and C1 controls and Unicode line and paragraph separators: each run becomes one space.
const BREAK_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
// Markdown punctuation that can start emphasis, code, links, images, headings, lists or tables.
const MD_PUNCT_RE = /[\\`*_[\]{}()#+!|~]/g;
const HTML_RE = /[&<>"]/g;
const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Escape any value for inline Markdown (a heading, a list item, one table cell): line breaks and
 * controls become spaces, invisible and text-direction characters are removed, `& < > "` become
 * entities, Markdown punctuation gets a backslash, and `@` mentions and `://` autolinks are
 * made inert.
 *
 * @example escapeInline('a\u202e<b>|') // 'a&lt;b&gt;\\|'
 */
export function escapeInline(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  return text
    .replace(BREAK_RE, ' ')
    .replace(INVISIBLE_RE, '')
    .replace(HTML_RE, (c) => HTML_ENTITIES[c] ?? c)
    .replace(MD_PUNCT_RE, (c) => `\\${c}`)
    .replace(/@/g, '&#64;')
    .replace(/:\/\//g, '&#58;//')
    .trim();
}

/**
 * Length of the longest run of backticks in a text.
 *
 * @example longestBacktickRun('a ``` b ` c') // 3
 */
export function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 0x60) {
      run++;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return longest;
}

const LANGUAGES: Readonly<Record<string, string>> = { md: 'markdown', markdown: 'markdown', json: 'json', yaml: 'yaml', yml: 'yaml', txt: 'text', svg: 'xml' };

function languageOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? 'text' : (LANGUAGES[base.slice(dot + 1).toLowerCase()] ?? 'text');
}

/**
 * Fence a file's content: a backtick fence longer than any backtick run in the content (at
 * least 3), an info string of fixed characters, the content verbatim, and a closing fence on
 * its own line.
 *
 * @example fenceBlock('x ``` y', 'markdown') // '````markdown\nx ``` y\n````'
 */
export function fenceBlock(content: string, info = ''): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  const last = content.charCodeAt(content.length - 1);
  const newline = content.length === 0 || (last !== 0x0a && last !== 0x0d) ? '\n' : '';
  return `${fence}${info}\n${content}${newline}${fence}`;
}

function scanLine(grade: string, score: number, status: string): string {
  return `${grade} · score ${score}/100 · status ${status}`;
}

function ratingLine(avgRating: number, reviewCount: number): string {
  return reviewCount === 0 ? 'no reviews yet' : `${avgRating} / 5 from ${reviewCount} review${reviewCount === 1 ? '' : 's'}`;
}

function byteLengthOfBase64(b64: string): number {
  const clean = b64.replace(/\s+/g, '');
  const pad = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - pad);
}

/**
 * Markdown of soul details: metadata, scan verdict with errors and warnings, versions, and the
 * full content of every text file, each safely fenced (images are named, not inlined).
 *
 * @example renderSoulMarkdown(details).startsWith('# Tutor\n') // true
 */
export function renderSoulMarkdown(details: SoulDetails): string {
  const roleOf = new Map<string, string>();
  for (const [role, file] of Object.entries(details.files)) if (!roleOf.has(file)) roleOf.set(file, role);
  const soulFile = details.files['soul'] ?? 'SOUL.md';
  const names = Object.keys(details.fileContents).sort((a, b) => (a === soulFile ? -1 : b === soulFile ? 1 : a < b ? -1 : a > b ? 1 : 0));
  const files = names.map((name) => {
    const content = details.fileContents[name] ?? '';
    const binary = details.encodings?.[name] === 'base64';
    const block = binary ? `_Binary file of ${byteLengthOfBase64(content)} bytes; its content is in the JSON details as base64._` : fenceBlock(content, languageOf(name));
    return { name, role: roleOf.get(name) ?? '', block };
  });
  const scan = details.scan;
  const view = {
    displayName: details.displayName,
    description: details.description,
    removed: details.removed === true,
    fullName: details.fullName,
    version: details.version,
    author: details.author,
    license: details.license || '—',
    category: details.category || '—',
    tags: details.tags.length > 0 ? details.tags.join(', ') : '—',
    scanLine: scanLine(scan.grade, scan.score, scan.status),
    ratingLine: ratingLine(details.avgRating, details.reviewCount),
    downloads: details.downloads,
    publishedAt: details.publishedAt,
    updatedAt: details.updatedAt,
    findings: [...scan.errors, ...scan.warnings].map((f) => ({ severity: f.severity, code: f.code, file: f.file ?? '', message: f.message })),
    versions: details.versions.map((v) => ({ version: v.version, publishedAt: v.publishedAt, publisher: v.publisher, scan: `${v.scan.grade} ${v.scan.score}/100` })),
    files,
  };
  return soulDetailsTemplate(view, escapeInline);
}

/**
 * Markdown of one page of the soul list: a summary line and a table of the souls.
 *
 * @example renderSoulListMarkdown({ souls: [], total: 0, page: 1, limit: 20 }) // '# Souls\n\nNo souls on page 1 (0 in total).\n'
 */
export function renderSoulListMarkdown(list: SoulList): string {
  const first = (list.page - 1) * list.limit + 1;
  const pages = Math.max(1, Math.ceil(list.total / list.limit));
  const summary =
    list.souls.length === 0
      ? `No souls on page ${list.page} (${list.total} in total).`
      : `Souls ${first} to ${first + list.souls.length - 1} of ${list.total}, page ${list.page} of ${pages} (${list.limit} per page).`;
  const souls = list.souls.map((s) => ({
    fullName: s.fullName,
    displayName: s.displayName,
    version: s.version,
    description: s.description,
    category: s.category || '—',
    rating: s.reviewCount === 0 ? '—' : `${s.avgRating} (${s.reviewCount})`,
    downloads: s.downloads,
    scan: `${s.scanGrade} ${s.scanScore}`,
  }));
  return soulListTemplate({ summary, souls }, escapeInline);
}
