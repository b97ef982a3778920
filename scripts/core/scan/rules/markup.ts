// Rule family: markup injection (SEC020..SEC029). Active HTML and SVG in persona files: script
// tags, event handlers, script URLs, frames and plugins, SVG active content, meta refresh, CSS
// script, forms posting elsewhere, and images whose URL carries data out of the conversation.
//
// One pass over the tags of a file (a bounded, quote-aware tokenizer, not a regex over the whole
// text) plus markdown links and images. Markup shown as code (fenced blocks, inline code spans)
// renders as text, so it is only noted (info); `.svg` files are markup through and through.
import { clip, inFence, inInlineCode, isCommandRefused, rawSourceOf } from './code-execution.ts';
import { decodeBase64 } from '../../base64.ts';
import { registerTriggerBits, triggerBitsOf } from '../keywords.ts';
import { decodeUtf8 } from '../segments.ts';
import { TextView } from '../text.ts';
import type { RawSource } from './code-execution.ts';
import type { RuleFamily, RuleInfo, ScanContext, Emit, Severity, TextFile } from '../types.ts';

const CATEGORY = 'markup';

const RULES: readonly RuleInfo[] = [
  { id: 'SEC020', stage: 'security', severity: 'error', category: CATEGORY, description: 'XSS: script tag' },
  { id: 'SEC021', stage: 'security', severity: 'error', category: CATEGORY, description: 'XSS: event handler attribute (onerror=, onload=, any on*=)' },
  { id: 'SEC022', stage: 'security', severity: 'error', category: CATEGORY, description: 'XSS: javascript:, vbscript: or data:text/html URL' },
  { id: 'SEC023', stage: 'security', severity: 'error', category: CATEGORY, description: 'Markup injection: iframe, frame, object, embed, applet, portal or base tag' },
  { id: 'SEC024', stage: 'security', severity: 'error', category: CATEGORY, description: 'Markup injection: SVG with active content (script, foreignObject, handlers, external use, entities)' },
  { id: 'SEC025', stage: 'security', severity: 'error', category: CATEGORY, description: 'Markup injection: meta refresh or set-cookie' },
  { id: 'SEC026', stage: 'security', severity: 'error', category: CATEGORY, description: 'Markup injection: CSS that runs script (expression(), url(javascript:), -moz-binding, behavior)' },
  { id: 'SEC027', stage: 'security', severity: 'error', category: CATEGORY, description: 'Markup injection: form that submits to an external host' },
  { id: 'SEC028', stage: 'security', severity: 'error', category: CATEGORY, description: 'Exfiltration via markup: remote image or link whose URL interpolates conversation data' },
  { id: 'SEC029', stage: 'security', severity: 'warning', category: CATEGORY, description: 'Markup: hidden remote image (tracking pixel)' },
];

const SHOWN_AS_CODE = 'shown as code, so it renders as text';

/** The strongest verdict per code for one file. */
class Findings {
  readonly #best = new Map<string, { severity: Severity | undefined; message: string; at: number }>();
  /** Whether `code` already has a finding at full severity (nothing stronger can come). */
  done(code: string): boolean {
    const f = this.#best.get(code);
    return f !== undefined && f.severity === undefined;
  }
  add(code: string, severity: Severity | undefined, message: string, at: number): void {
    const prev = this.#best.get(code);
    if (prev && (prev.severity === undefined || (severity !== undefined && rank(prev.severity) <= rank(severity)))) return;
    this.#best.set(code, { severity, message, at });
  }
  /** The first finding's message, or undefined when there is none. */
  first(): string | undefined {
    for (const f of this.#best.values()) return f.message;
    return undefined;
  }
  emit(emit: Emit, file: TextFile): void {
    for (const [code, f] of this.#best) emit({ code, file: file.name, offset: f.at, message: f.message, ...(f.severity ? { severity: f.severity } : {}) });
  }
}

function rank(s: Severity): number {
  return s === 'error' ? 0 : s === 'warning' ? 1 : 2;
}

/** Severity of markup at [start, end): code spans render as text; refusals lower to a warning. */
function markupSeverity(src: RawSource, start: number, end: number): Severity | undefined {
  if (!src.markdown) return undefined;
  if (inFence(src, start) || inInlineCode(src, start)) return 'info';
  if (isCommandRefused(src.raw, start, end)) return 'warning';
  return undefined;
}

function note(severity: Severity | undefined, fix: string): string {
  if (severity === 'info') return `(${SHOWN_AS_CODE}; nothing runs)`;
  if (severity === 'warning') return '(quoted or forbidden by the persona; review it)';
  return fix;
}

// ---- tag tokenizer -------------------------------------------------------------------------------

interface Attr {
  readonly name: string;
  readonly value: string | null;
  readonly at: number;
  /** Where the value starts in the text (after its opening quote); -1 without a value. */
  readonly valueAt: number;
}

interface Tag {
  readonly name: string;
  readonly closing: boolean;
  readonly attrs: readonly Attr[];
  readonly start: number;
  readonly end: number;
}

const MAX_TAG = 4000;
const MAX_ATTRS = 64;

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12;
}

/** Parse the tag starting at `i` (a '<'), or null. Bounded: at most MAX_TAG characters. */
function parseTag(raw: string, i: number): Tag | null {
  let k = i + 1;
  let closing = false;
  if (raw.charCodeAt(k) === 47) {
    closing = true;
    k++;
  }
  if (!isNameStart(raw.charCodeAt(k))) return null;
  const limit = Math.min(raw.length, i + MAX_TAG);
  const nameStart = k;
  while (k < limit) {
    const c = raw.charCodeAt(k);
    if (isSpace(c) || c === 47 || c === 62 || c === 60) break;
    k++;
  }
  const name = raw.slice(nameStart, k).toLowerCase();
  const attrs: Attr[] = [];
  while (k < limit && attrs.length < MAX_ATTRS) {
    let c = raw.charCodeAt(k);
    while (k < limit && (isSpace(c) || c === 47)) c = raw.charCodeAt(++k);
    if (k >= limit || c === 62 || c === 60) break;
    const an = k;
    while (k < limit) {
      c = raw.charCodeAt(k);
      if (isSpace(c) || c === 47 || c === 62 || c === 61 || c === 60) break;
      k++;
    }
    const attrName = raw.slice(an, k).toLowerCase();
    while (k < limit && isSpace(raw.charCodeAt(k))) k++;
    let value: string | null = null;
    let valueAt = -1;
    if (raw.charCodeAt(k) === 61) {
      k++;
      while (k < limit && isSpace(raw.charCodeAt(k))) k++;
      const q = raw.charCodeAt(k);
      if (q === 34 || q === 39) {
        const close = raw.indexOf(q === 34 ? '"' : "'", k + 1);
        const stop = close === -1 || close >= limit ? limit : close;
        valueAt = k + 1;
        value = raw.slice(k + 1, stop);
        k = stop + 1;
      } else {
        const vs = k;
        valueAt = k;
        while (k < limit) {
          c = raw.charCodeAt(k);
          if (isSpace(c) || c === 62 || c === 60) break;
          k++;
        }
        value = raw.slice(vs, k);
      }
    }
    if (attrName.length === 0) {
      k++;
      continue;
    }
    attrs.push({ name: attrName, value, at: an, valueAt });
  }
  return { name, closing, attrs, start: i, end: Math.min(k + 1, raw.length) };
}

// ---- values ----------------------------------------------------------------------------------------

const NAMED_ENTITIES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')', sol: '/', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", num: '#', period: '.', comma: ',' };

/** Character references and the named entities of NAMED_ENTITIES decoded, as in an attribute value. */
function decodeEntities(value: string): string {
  return value.replace(/&#(?:x([0-9a-f]{1,6})|(\d{1,7}));?|&([a-z]{2,8});/gi, (m, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (named !== undefined) return NAMED_ENTITIES[named.toLowerCase()] ?? m;
    const cp = hex !== undefined ? parseInt(hex, 16) : Number(dec);
    return cp > 0 && cp < 0x110000 ? String.fromCodePoint(cp) : '';
  });
}

/** A URL as a browser reads its scheme: entities decoded, white space and controls dropped, lower case. */
export function urlScheme(value: string): string {
  const decoded = decodeEntities(value.length > 300 ? value.slice(0, 300) : value);
  return decoded.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase();
}

// Characters urlScheme drops (white space, controls, invisible ones).
const URL_IGNORED = /[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/;

/**
 * Whether SCRIPT_SCHEME can match urlScheme(value): every scheme it knows starts with j, v, l, m
 * or d, so a value whose first kept character is another ASCII letter ("https:", "/path") cannot
 * (an entity starts with "&", which is kept for the full check).
 */
function mayBeScriptUrl(value: string): boolean {
  let i = 0;
  while (i < value.length && URL_IGNORED.test(value[i]!)) i++;
  if (i >= value.length) return false;
  const c = value.charCodeAt(i) | 0x20;
  if (c < 97 || c > 122) return true;
  return c === 106 || c === 118 || c === 108 || c === 109 || c === 100;
}

const SCRIPT_SCHEME = /^(?:javascript|vbscript|livescript|mocha):|^data:(?:text\/html|image\/svg\+xml|application\/(?:x-)?(?:javascript|ecmascript|xhtml\+xml))/;
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'lowsrc', 'dynsrc', 'codebase', 'cite', 'ping', 'manifest', 'icon', 'values', 'to', 'from', 'by', 'srcset', 'content']);
const FRAME_TAGS = new Set(['iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'base']);
const SVG_ACTIVE = new Set(['foreignobject', 'handler', 'listener']);
// A URL that carries data: a template placeholder or an interpolation in it.
const FILL_INS = ['{{', '}}', '${', '%7b', '_here', '-here', 'user_data', 'userdata', 'chat_history', 'conversation', 'secret', 'password', 'api_key', 'apikey', 'token'];

/** Whether the query or path of a URL holds a placeholder such as {{x}}, ${x}, {x}, <x>, [x] or $VAR. */
function hasFillIn(q: string): boolean {
  const s = q.toLowerCase();
  if (FILL_INS.some((f) => s.includes(f))) return true;
  for (const [open, close] of [['{', '}'], ['<', '>'], ['[', ']']] as const) {
    const i = s.indexOf(open);
    if (i !== -1 && /[a-z_]/.test(s[i + 1] ?? '') && s.indexOf(close, i) !== -1) return true;
  }
  return /\$[a-z_][a-z_][a-z_]/.test(s);
}

function isRemote(url: string): boolean {
  return /^(?:https?:)?\/\//i.test(url.trim());
}

function hasInterpolatedQuery(url: string): boolean {
  const q = url.search(/[?#/]/);
  return q !== -1 && hasFillIn(url.slice(q, q + 2000));
}

function dim(v: string | null): number | null {
  if (v === null) return null;
  const m = /^\s*(\d{1,5})/.exec(v);
  return m ? Number(m[1]) : null;
}

// ---- SVG images in data URIs ----------------------------------------------------------------------

// A data:image/svg+xml URI is an image: it runs script only with active content inside (a script
// element, a handler, a script URL, foreignObject, <use> of outside content, entities), so its SVG
// is decoded and read by the same tag pass as a file. One that cannot be read whole (too long,
// bad base64 or percent escapes, no <svg> in it) or that sits inside another keeps the finding.
const SVG_SCHEME = /^data:image\/svg\+xml/;
// The longest data URI decoded, and how many characters of them a file may read in all.
const MAX_SVG_URI = 100_000;
const SVG_BUDGET = 400_000;
/** Words of text an inert SVG may show (a title, a label) before it is worth a look. */
const SVG_TEXT_WORDS = 4;

/** What the tag pass of one text needs to read the SVG data URIs in it. */
interface SvgReading {
  /** Characters of data URIs that may still be read in this file. */
  left: number;
  /** Inside a decoded SVG: an SVG within it is not decoded again. */
  readonly nested: boolean;
}

/** How a data:image/svg+xml URI reads: inert, inert with text to look at, or active (what). */
type SvgVerdict = { readonly kind: 'inert' } | { readonly kind: 'text'; readonly text: string } | { readonly kind: 'active'; readonly what: string };

/** The markup inside a data:image/svg+xml URI (base64 or percent-encoded), or null when it cannot be read. */
function svgMarkup(uri: string): string | null {
  const comma = uri.indexOf(',');
  if (comma === -1) return null;
  const base64 = uri.slice(0, comma).replace(/\s/g, '').toLowerCase().endsWith(';base64');
  try {
    const body = decodeURIComponent(uri.slice(comma + 1));
    if (!base64) return body;
    // an SVG in ASCII (most are) is its bytes as they come; any other is read as UTF-8
    const binary = atob(body.replace(/\s/g, ''));
    if (!/[^\x00-\x7f]/.test(binary)) return binary;
    const bytes = decodeBase64(body);
    const { text, bad } = decodeUtf8(bytes, bytes.length);
    return bad === 0 ? text : null;
  } catch {
    return null;
  }
}

/** The text an SVG shows: what lies outside its tags, comments and <style> elements. */
function svgText(svg: string): string {
  const lower = svg.toLowerCase();
  let text = '';
  let k = 0;
  while (k < svg.length) {
    const lt = svg.indexOf('<', k);
    text += ` ${svg.slice(k, lt === -1 ? svg.length : lt)}`;
    if (lt === -1) break;
    const close = lower.startsWith('<!--', lt) ? ['-->', 3] as const : lower.startsWith('<style', lt) ? ['</style', 7] as const : ['>', 1] as const;
    const e = lower.indexOf(close[0], lt + 1);
    if (e === -1) break;
    k = e + close[1];
  }
  return text.replace(/\s+/g, ' ').trim();
}

/** Read a data:image/svg+xml URI (entities decoded): its SVG through the tag pass, then its text. */
function readSvgUri(uri: string, view: TextView): SvgVerdict {
  const svg = svgMarkup(uri);
  if (svg === null || !/<svg[\s/>]/i.test(svg)) return { kind: 'active', what: 'not readable as SVG' };
  if (/<\?xml-stylesheet/i.test(svg)) return { kind: 'active', what: 'an xml-stylesheet' };
  const out = new Findings();
  const src: RawSource = { raw: svg, lower: svg.toLowerCase(), view: new TextView(svg, view.depth + 1), markdown: false, decoded: true, ext: 'svg' };
  scanTags(src, out, true, { left: 0, nested: true });
  const found = out.first();
  if (found !== undefined) return { kind: 'active', what: clip(found, 90) };
  const text = svgText(svg);
  const words = text.match(/\p{L}{2,}/gu)?.length ?? 0;
  return words >= SVG_TEXT_WORDS ? { kind: 'text', text } : { kind: 'inert' };
}

/** How a script URL is reported: the lowest severity it can have, a note on the SVG, the fix. */
interface ScriptUrlFinding {
  readonly floor?: Severity;
  readonly note: string;
  readonly fix?: string;
}

/**
 * How a URL whose scheme SCRIPT_SCHEME matched is reported: an inert SVG image is not (null), an
 * SVG showing some text is a warning, anything else an error with what makes it active.
 * `whole(max)` reads the complete URL, at most `max` characters, or null when it is longer (a tag
 * or link pattern may have cut a long one short); every character read counts against the budget.
 */
function scriptUrlFinding(scheme: string, whole: (max: number) => string | null, reading: SvgReading, view: TextView): ScriptUrlFinding | null {
  if (!SVG_SCHEME.test(scheme)) return { note: '' };
  if (reading.nested) return { note: ' (an SVG inside an SVG)' };
  const max = Math.min(MAX_SVG_URI, reading.left);
  const url = max > 0 ? whole(max) : null;
  reading.left -= url === null ? max : url.length;
  if (url === null) return { note: ' (an SVG too long to read)' };
  const v = readSvgUri(decodeEntities(url).replace(/[\t\n\r]/g, '').trim(), view);
  if (v.kind === 'inert') return null;
  if (v.kind === 'text') return { floor: 'warning', note: ` (an SVG image that shows text: "${clip(v.text, 60)}")`, fix: 'Review the words the image carries; nothing in it runs.' };
  return { note: ` (the SVG holds active content: ${v.what})` };
}

/** The value of an attribute read to its closing quote (or white space), not cut at MAX_TAG; null past `max` characters. */
function wholeAttrValue(raw: string, attr: Attr, max: number): string | null {
  const q = raw[attr.valueAt - 1];
  if (q === '"' || q === "'") {
    const close = raw.slice(attr.valueAt, attr.valueAt + max + 1).indexOf(q);
    return close === -1 ? null : raw.slice(attr.valueAt, attr.valueAt + close);
  }
  return readUrl(raw, attr.valueAt, max);
}

/** A URL from `at` to white space, ')' or '>' (a link destination, an unquoted value); null past `max` characters. */
function readUrl(raw: string, at: number, max: number): string | null {
  const stop = Math.min(raw.length, at + max + 1);
  let k = at;
  while (k < stop) {
    const c = raw.charCodeAt(k);
    if (isSpace(c) || c === 41 || c === 62) break;
    k++;
  }
  return k - at > max ? null : raw.slice(at, k);
}

/** The stricter of a severity and a floor: a floor of 'warning' lowers an error to a warning. */
function atMost(sev: Severity | undefined, floor: Severity | undefined): Severity | undefined {
  if (floor === undefined) return sev;
  if (sev === undefined) return floor;
  return rank(sev) >= rank(floor) ? sev : floor;
}

// ---- the pass over one file --------------------------------------------------------------------------

/** CSS that runs script: judged on the text without white space or comments ("url( javascript:" = "url(javascript:"). */
function isScriptingCss(css: string): boolean {
  const c = css.toLowerCase().replace(/\s+/g, '').replace(/\/\*|\*\//g, '');
  return c.includes('expression(') || c.includes('-moz-binding') || c.includes('behavior:') || /url\(["']?(?:javascript|vbscript):/.test(c) || /@import["']?(?:url\()?["']?(?:javascript|vbscript):/.test(c);
}

function checkTag(tag: Tag, src: RawSource, out: Findings, svgFile: boolean, reading: SvgReading): void {
  const { name } = tag;
  let cached: Severity | undefined | null = null;
  // computed on first use: most tags raise nothing, and the context costs a look at the line
  const severity = (): Severity | undefined => (cached === null ? (cached = markupSeverity(src, tag.start, tag.end)) : cached);
  if (tag.closing) return;
  // the excerpt for a message, made only when there is one (most tags raise nothing)
  const text = (): string => clip(src.raw.slice(tag.start, tag.end), 70);
  const inSvg = svgFile || name === 'svg';
  if (name === 'script' || name === 'svg:script') {
    out.add('SEC020', severity(), `XSS: script tag "${text()}" ${note(severity(), 'Remove the script tag; a persona never needs to run script in the page.')}`, tag.start);
    if (svgFile) out.add('SEC024', severity(), `SVG with a script element "${text()}". Remove the script; images must not run code.`, tag.start);
  }
  if (name.includes(':') && /^(?:javascript|vbscript|data):/.test(name)) {
    out.add('SEC022', severity(), `XSS: script URL in an autolink "${text()}" ${note(severity(), 'Remove the link.')}`, tag.start);
  }
  if (FRAME_TAGS.has(name)) {
    out.add('SEC023', severity(), `Markup injection: <${name}> tag "${text()}" ${note(severity(), 'Remove it; embed nothing active in a persona file, link to the page instead.')}`, tag.start);
  }
  if (SVG_ACTIVE.has(name) || (inSvg && name === 'script')) {
    out.add('SEC024', severity(), `SVG with active content <${name}> "${text()}" ${note(severity(), 'Remove it; an SVG image must be static.')}`, tag.start);
  }
  if (name === 'meta') {
    const equiv = tag.attrs.find((a) => a.name === 'http-equiv')?.value?.toLowerCase().trim();
    if (equiv === 'refresh' || equiv === 'set-cookie') out.add('SEC025', severity(), `Markup injection: meta ${equiv} "${text()}" ${note(severity(), 'Remove the meta tag.')}`, tag.start);
  }
  if (name === 'form') {
    const action = tag.attrs.find((a) => a.name === 'action')?.value ?? '';
    if (isRemote(action)) out.add('SEC027', severity(), `Markup injection: a form posts to ${clip(action, 60)} ${note(severity(), 'Remove the form; never collect input in a persona file.')}`, tag.start);
  }
  for (const attr of tag.attrs) {
    const an = attr.name;
    if (an.length > 4 && an.startsWith('on') && /^on[a-z]{3,40}$/.test(an) && attr.value !== null) {
      const jsx = attr.value.trimStart().startsWith('{') && src.markdown;
      const s = jsx ? (severity() === undefined ? 'warning' : severity()) : severity();
      out.add('SEC021', s, `XSS: event handler ${an}= on <${name}> "${text()}" ${note(s, jsx ? '(JSX-style handler; if this is a code example, put it in a fenced code block.)' : 'Remove the handler attribute.')}`, attr.at);
      if (inSvg) out.add('SEC024', s, `SVG with an event handler ${an}= "${text()}". Remove the handler; an SVG image must be static.`, attr.at);
      continue;
    }
    if (attr.value === null) continue;
    if (URL_ATTRS.has(an) || an === 'srcdoc') {
      const scheme = mayBeScriptUrl(attr.value) ? urlScheme(attr.value) : '';
      if (SCRIPT_SCHEME.test(scheme) && !(an === 'content' && name !== 'meta')) {
        const f = scriptUrlFinding(scheme, (max) => wholeAttrValue(src.raw, attr, max), reading, src.view);
        if (f !== null) {
          out.add('SEC022', atMost(severity(), f.floor), `XSS: script URL in ${an}= "${clip(attr.value, 50)}"${f.note} ${note(severity(), f.fix ?? 'Remove the javascript:/data: URL.')}`, attr.at);
        }
      }
      if (an === 'srcdoc') out.add('SEC023', severity(), `Markup injection: srcdoc HTML on <${name}> ${note(severity(), 'Remove it.')}`, attr.at);
      if (an === 'formaction' && isRemote(attr.value)) out.add('SEC027', severity(), `Markup injection: formaction posts to ${clip(attr.value, 60)} ${note(severity(), 'Remove it.')}`, attr.at);
      if ((an === 'src' || an === 'href' || an === 'xlink:href' || an === 'srcset') && isRemote(attr.value) && hasInterpolatedQuery(attr.value) && (name === 'img' || name === 'image' || name === 'a' || name === 'source' || name === 'video' || name === 'audio' || name === 'link' || name === 'use' || name === 'iframe')) {
        out.add('SEC028', severity(), `Exfiltration via markup: <${name}> URL interpolates data "${clip(attr.value, 60)}" ${note(severity(), 'Remove it; a rendered image or link would send the data to that host.')}`, attr.at);
      }
      if (inSvg && (name === 'use' || name === 'image' || name === 'feimage') && (an === 'href' || an === 'xlink:href') && (isRemote(attr.value) || /^data:/i.test(attr.value.trim()))) {
        if (name === 'use') out.add('SEC024', severity(), `SVG <use> pulls external content "${clip(attr.value, 60)}". Reference only local ids (#id).`, attr.at);
      }
    }
    if (an === 'style' && isScriptingCss(attr.value)) {
      out.add('SEC026', severity(), `Markup injection: CSS that runs script in style= "${clip(attr.value, 60)}" ${note(severity(), 'Remove it.')}`, attr.at);
    }
    if (inSvg && (name === 'set' || name === 'animate') && an === 'attributename' && /^\s*(?:on[a-z]+|href|xlink:href)\s*$/i.test(attr.value)) {
      out.add('SEC024', severity(), `SVG animation rewrites ${attr.value.trim()} "${text()}". Remove it; an SVG image must be static.`, attr.at);
    }
  }
  if (name === 'img' || name === 'image') {
    const srcAttr = tag.attrs.find((a) => a.name === 'src' || a.name === 'href' || a.name === 'xlink:href');
    if (srcAttr?.value && isRemote(srcAttr.value)) {
      const w = dim(tag.attrs.find((a) => a.name === 'width')?.value ?? null);
      const h = dim(tag.attrs.find((a) => a.name === 'height')?.value ?? null);
      const style = tag.attrs.find((a) => a.name === 'style')?.value ?? '';
      const hidden = (w !== null && w <= 1 && h !== null && h <= 1) || /display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$)/i.test(style) || tag.attrs.some((a) => a.name === 'hidden');
      if (hidden) out.add('SEC029', severity(), `Markup: hidden remote image (tracking pixel) "${clip(srcAttr.value, 60)}" ${note(severity(), 'Remove it; it reports every view to that host.')}`, tag.start);
    }
  }
}

/** The content of a <style> element after the tag at `from`: up to the next tag, at most 20,000 characters. */
function styleBody(lower: string, from: number): string {
  const chunk = lower.slice(from, Math.min(lower.length, from + 20000));
  const end = chunk.indexOf('<');
  return end === -1 ? chunk : chunk.slice(0, end);
}

const MD_LINK = /\]\([ \t]{0,6}<?([^)\s>]{1,2000})/y;
const MD_REF = /\]:[ \t]{0,6}<?(\S{1,2000})/y;

function checkMarkdownLinks(src: RawSource, out: Findings, reading: SvgReading): void {
  // Only "](", "]:", "[" and "!" are looked for: lower-casing moves no character that is not a
  // letter (see code-execution.ts, `caseless`), so the raw text has them at the same places and
  // a long file need not be lower-cased for its links.
  const raw = src.raw;
  for (let i = raw.indexOf(']('), n = 0; i !== -1 && n < 1024; i = raw.indexOf('](', i + 2), n++) {
    MD_LINK.lastIndex = i;
    const m = MD_LINK.exec(src.raw);
    if (m === null) continue;
    const url = m[1]!;
    // the severity (a look at the context) only for a link that raises something
    const scheme = mayBeScriptUrl(url) ? urlScheme(url) : '';
    if (SCRIPT_SCHEME.test(scheme)) {
      const f = scriptUrlFinding(scheme, (max) => readUrl(raw, i + m[0].length - url.length, max), reading, src.view);
      if (f === null) continue;
      const sev = markupSeverity(src, i, i + m[0].length);
      out.add('SEC022', atMost(sev, f.floor), `XSS: markdown link to a script URL "${clip(url, 60)}"${f.note} ${note(sev, f.fix ?? 'Remove the javascript:/data: link.')}`, i);
      continue;
    }
    if (isRemote(url) && hasInterpolatedQuery(url)) {
      const sev = markupSeverity(src, i, i + m[0].length);
      const from = Math.max(0, i - 400);
      const rel = raw.slice(from, i).lastIndexOf('[');
      const open = rel === -1 ? -1 : from + rel;
      const image = open > 0 && raw.charCodeAt(open - 1) === 33;
      out.add('SEC028', sev, `Exfiltration via markup: markdown ${image ? 'image' : 'link'} URL interpolates data "${clip(url, 60)}" ${note(sev, 'Remove it; rendering it sends the data to that host.')}`, i);
    }
  }
  for (let i = raw.indexOf(']:'), n = 0; i !== -1 && n < 1024; i = raw.indexOf(']:', i + 2), n++) {
    MD_REF.lastIndex = i;
    const m = MD_REF.exec(src.raw);
    if (m === null) continue;
    const url = m[1]!;
    const scheme = mayBeScriptUrl(url) ? urlScheme(url) : '';
    const script = SCRIPT_SCHEME.test(scheme) ? scriptUrlFinding(scheme, (max) => readUrl(raw, i + m[0].length - url.length, max), reading, src.view) : null;
    if (script === null && !(isRemote(url) && hasInterpolatedQuery(url))) continue;
    const sev = markupSeverity(src, i, i + m[0].length);
    if (script !== null) out.add('SEC022', atMost(sev, script.floor), `XSS: link reference to a script URL "${clip(url, 60)}"${script.note} ${note(sev, script.fix ?? 'Remove it.')}`, i);
    else out.add('SEC028', sev, `Exfiltration via markup: link reference URL interpolates data "${clip(url, 60)}" ${note(sev, 'Remove it.')}`, i);
  }
}

const TAG_GATES = 'abcdefghijklmnopqrstuvwxyz'.split('').map((c) => `<${c}*`);
const LINK_GATES = ['](', ']:'];
const TAGS = 1;
const LINKS = 2;
/**
 * TAGS for a tag gate, LINKS for a link gate, by trigger number: one read per word a file triggers.
 * Registered as trigger bits, not as rules' gates: the gates of every view would list their places
 * for nothing.
 */
const GATE_BITS = registerTriggerBits([...TAG_GATES, ...LINK_GATES], (key) => (LINK_GATES.includes(key) ? LINKS : TAGS));

const MAX_TAGS = 1 << 20;

/**
 * rawSourceOf(file), with `lower` and `markdown` made on first use: most tags and links raise
 * nothing, and the lower-cased copy of a long file is not free.
 */
function lazySourceOf(file: TextFile): RawSource {
  let real: RawSource | undefined;
  return {
    raw: file.raw,
    view: file.view,
    decoded: false,
    ext: file.ext,
    get lower() {
      return (real ??= rawSourceOf(file)).lower;
    },
    get markdown() {
      return (real ??= rawSourceOf(file)).markdown;
    },
  };
}

/** The tag pass over a text: every tag checked, <style> bodies read, entity declarations of an SVG. */
function scanTags(src: RawSource, out: Findings, svgFile: boolean, reading: SvgReading): void {
  const raw = src.raw;
  let count = 0;
  for (let i = raw.indexOf('<'); i !== -1 && count < MAX_TAGS; i = raw.indexOf('<', i + 1)) {
    const next = raw.charCodeAt(i + 1);
    if (next === 33) {
      // <!ENTITY / <!DOCTYPE with an internal subset in an SVG: entity expansion and external entities
      if (svgFile && /^<!(?:entity|doctype[^>]{0,200}\[)/i.test(raw.slice(i, i + 220))) out.add('SEC024', undefined, 'SVG declares XML entities (<!ENTITY>). Remove the DOCTYPE and entities; they enable entity-expansion and external-entity attacks.', i);
      continue;
    }
    const tag = parseTag(raw, i);
    if (tag === null) continue;
    count++;
    checkTag(tag, src, out, svgFile, reading);
    if (tag.name === 'style' && !tag.closing && !out.done('SEC026')) {
      const body = styleBody(src.lower, tag.end);
      if (isScriptingCss(body)) {
        const sev = markupSeverity(src, tag.start, tag.end);
        out.add('SEC026', sev, `Markup injection: CSS that runs script in a <style> element ${note(sev, 'Remove it.')}`, tag.start);
      }
    }
    i = Math.max(i, tag.end - 1);
  }
}

function scanFile(file: TextFile, emit: Emit): void {
  const seen = triggerBitsOf(file.view, GATE_BITS);
  if (seen === 0) return;
  const src = lazySourceOf(file);
  const out = new Findings();
  const reading: SvgReading = { left: SVG_BUDGET, nested: false };
  if ((seen & TAGS) !== 0) scanTags(src, out, file.ext === 'svg', reading);
  if ((seen & LINKS) !== 0 && src.markdown) checkMarkdownLinks(src, out, reading);
  out.emit(emit, file);
}

/** Rule family: markup injection (SEC020..SEC029). */
export const markup: RuleFamily = {
  name: 'markup',
  rules: RULES,
  check(ctx: ScanContext, emit: Emit) {
    for (const file of ctx.texts) scanFile(file, emit);
  },
};
