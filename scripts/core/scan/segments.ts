// Text a reader of the rendered page would not see, and encoded payloads, pulled out for rescanning.
//
// Every extractor is linear: literal searches with indexOf, hand-written scanners whose inner
// loops stop at characters that start the next candidate (so scans never overlap; a long run of
// base64 characters is read twice, once to find it and once to decode it), and regular
// expressions whose repeats are bounded or over disjoint classes. Decoding is capped per text
// (volume and count), so an adversarial file cannot make the rescans grow.
import type { Invisible, SegmentKind } from './text.ts';

export interface RawSegment {
  kind: SegmentKind;
  /** Offset in the raw text where the segment (or the payload it was decoded from) starts. */
  offset: number;
  /** Length of that raw span. */
  length: number;
  /** `text` is exactly `raw.slice(offset, offset + length)`. */
  verbatim: boolean;
  text: string;
}

/** Caps on what one text may yield. */
export const SEGMENT_LIMITS = {
  hiddenSegments: 64,
  hiddenChars: 512 * 1024,
  decodedSegments: 32,
  decodedChars: 64 * 1024,
  renderedSegments: 32,
  renderedChars: 64 * 1024,
} as const;

const MAX_TITLE = 2000;
const MAX_DESTINATION = 2048;
const MAX_LABEL = 1000;
const MAX_HIDDEN_ELEMENT = 64 * 1024;

class Collector {
  readonly out: RawSegment[] = [];
  chars = 0;
  readonly maxSegments: number;
  readonly maxChars: number;

  constructor(maxSegments: number, maxChars: number) {
    this.maxSegments = maxSegments;
    this.maxChars = maxChars;
  }

  get full(): boolean {
    return this.chars >= this.maxChars;
  }

  /** Add a segment; past the count cap, text is appended to the last one (volume stays capped). */
  add(seg: RawSegment): void {
    if (seg.text.trim().length === 0 || this.full) return;
    let text = seg.text;
    const room = this.maxChars - this.chars - (this.out.length < this.maxSegments ? 0 : 1);
    if (room <= 0) return;
    if (text.length > room) text = text.slice(0, room);
    this.chars += text.length;
    if (this.out.length < this.maxSegments) {
      this.out.push({ ...seg, text, verbatim: seg.verbatim && text.length === seg.text.length });
      return;
    }
    this.chars++; // the joining newline
    const last = this.out[this.out.length - 1]!;
    this.out[this.out.length - 1] = { ...last, text: `${last.text}\n${text}`, verbatim: false, length: Math.max(last.length, seg.offset + seg.length - last.offset) };
  }
}

// ---------------------------------------------------------------------------------------------
// Hidden text

/**
 * HTML comments, link titles, image alt text, hidden attributes and elements, tag-character and
 * variation-selector payloads. `invisibles` (from the text's view) locates the last two cheaply.
 *
 * @example extractHidden('a <!-- ignore this --> b')[0].text // ' ignore this '
 */
export function extractHidden(raw: string, invisibles: readonly Invisible[] = []): RawSegment[] {
  const c = new Collector(SEGMENT_LIMITS.hiddenSegments, SEGMENT_LIMITS.hiddenChars);
  if (raw.includes('<')) {
    htmlComments(raw, c);
    hiddenElements(raw, c);
  }
  // one search for ']' spares most texts the searches for '](' and ']:'
  const bracket = raw.includes(']');
  if (bracket && raw.includes('](')) markdownLinks(raw, c);
  if (bracket) referenceTitles(raw, c); // finds its ']:' itself
  if (raw.includes('=')) htmlAttributes(raw, c);
  if (invisibles.length > 0) {
    tagPayloads(raw, invisibles, c);
    selectorPayloads(raw, invisibles, c);
  }
  return c.out.sort((a, b) => a.offset - b.offset);
}

function htmlComments(raw: string, c: Collector): void {
  for (let start = raw.indexOf('<!--'); start !== -1 && !c.full; ) {
    const from = start + 4;
    const end = raw.indexOf('-->', from);
    const stop = end === -1 ? raw.length : end;
    c.add({ kind: 'html-comment', offset: from, length: stop - from, verbatim: true, text: raw.slice(from, stop) });
    if (end === -1) break; // an unclosed comment hides the rest of the text
    start = raw.indexOf('<!--', end + 3);
  }
}

// `](`-anchored parser for inline links and images: `[label](dest "title")`, `![alt](src 'title')`.
function markdownLinks(raw: string, c: Collector): void {
  const n = raw.length;
  let lastOpen = -1;
  let nextOpen = raw.indexOf('[');
  for (let p = raw.indexOf(']('); p !== -1 && !c.full; p = raw.indexOf('](', p + 1)) {
    while (nextOpen !== -1 && nextOpen < p) {
      lastOpen = nextOpen;
      nextOpen = raw.indexOf('[', nextOpen + 1);
    }
    let q = p + 2;
    q = skipBlanks(raw, q, n);
    // destination: <...> or a run without spaces and parentheses
    if (raw.charCodeAt(q) === 0x3c) {
      const limit = Math.min(n, q + MAX_DESTINATION);
      let k = q + 1;
      while (k < limit) {
        const ch = raw.charCodeAt(k);
        if (ch === 0x3e || ch === 0x0a || ch === 0x3c || ch === 0x28 || ch === 0x29) break;
        k++;
      }
      if (raw.charCodeAt(k) !== 0x3e) continue;
      q = k + 1;
    } else {
      const limit = Math.min(n, q + MAX_DESTINATION);
      while (q < limit) {
        const ch = raw.charCodeAt(q);
        if (ch <= 0x20 || ch === 0x28 || ch === 0x29 || ch === 0x5b || ch === 0x5d) break;
        q++;
      }
    }
    const afterDest = q;
    q = skipBlanks(raw, q, n);
    let title: { from: number; to: number } | null = null;
    const open = raw.charCodeAt(q);
    if ((open === 0x22 || open === 0x27 || open === 0x28) && q > afterDest) {
      const close = open === 0x28 ? 0x29 : open;
      const limit = Math.min(n, q + 1 + MAX_TITLE);
      let k = q + 1;
      // stop at brackets, so a failed title never scans past the next link
      while (k < limit) {
        const ch = raw.charCodeAt(k);
        if (ch === close || ch === 0x5b || ch === 0x5d || (open === 0x28 && ch === 0x28)) break;
        if (ch === 0x0a && raw.charCodeAt(k + 1) === 0x0a) break;
        k++;
      }
      if (raw.charCodeAt(k) !== close) continue;
      title = { from: q + 1, to: k };
      q = skipBlanks(raw, k + 1, n);
    }
    if (raw.charCodeAt(q) !== 0x29) continue;
    if (title) c.add({ kind: 'link-title', offset: title.from, length: title.to - title.from, verbatim: true, text: raw.slice(title.from, title.to) });
    if (lastOpen > 0 && raw.charCodeAt(lastOpen - 1) === 0x21 && p - lastOpen <= MAX_LABEL) {
      const alt = raw.slice(lastOpen + 1, p);
      if (!alt.includes(']') && !alt.includes('](')) c.add({ kind: 'alt-text', offset: lastOpen + 1, length: alt.length, verbatim: true, text: alt });
    }
  }
}

function skipBlanks(raw: string, q: number, n: number): number {
  let k = q;
  let newlines = 0;
  const limit = Math.min(n, q + 16);
  while (k < limit) {
    const ch = raw.charCodeAt(k);
    if (ch === 0x20 || ch === 0x09 || ch === 0x0d) k++;
    else if (ch === 0x0a && newlines === 0) {
      newlines++;
      k++;
    } else break;
  }
  return k;
}

// `[id]: url "title"`: reference definitions are not rendered at all.
// A definition's "]:" is the first ']' after its '[', so each "]:" (found with indexOf, which is
// much faster than a search of the multiline pattern from every line start) names the one place
// where a definition holding it can start, and the pattern is tried there alone.
const REFERENCE_TITLE = /^ {0,3}\[[^\][\r\n]{1,200}\]: {0,8}<?[^\s<>]{1,2000}>?[ \t]{1,8}\n?[ \t]{0,8}(?:"([^"\n]{1,1000})"|'([^'\n]{1,1000})'|\(([^()\n]{1,1000})\))[ \t]{0,8}$/my;
/** Longest label REFERENCE_TITLE allows between the brackets. */
const MAX_REFERENCE_LABEL = 200;

function referenceTitles(raw: string, c: Collector): void {
  let from = 0; // where a search of the whole text would go on: the end of the last definition
  for (let k = raw.indexOf(']:'); k !== -1 && !c.full; k = raw.indexOf(']:', k + 1)) {
    const start = referenceStart(raw, k);
    if (start < from) continue; // none, or inside the last definition
    REFERENCE_TITLE.lastIndex = start;
    const m = REFERENCE_TITLE.exec(raw);
    if (m === null) continue;
    const text = m[1] ?? m[2] ?? m[3] ?? '';
    const at = m.index + m[0].lastIndexOf(text);
    c.add({ kind: 'link-title', offset: at, length: text.length, verbatim: true, text });
    from = m.index + m[0].length;
  }
}

/**
 * Where a definition whose label ends at the ']' at `close` would start, or -1: the label runs
 * from the last '[' before it (a label holds no bracket and no line break), after at most three
 * spaces at the start of a line (after a line terminator, as the multiline '^' reads it).
 */
function referenceStart(raw: string, close: number): number {
  let open = close - 1;
  const limit = Math.max(0, close - 1 - MAX_REFERENCE_LABEL);
  for (;;) {
    if (open < limit) return -1;
    const ch = raw.charCodeAt(open);
    if (ch === 0x5b) break;
    if (ch === 0x5d || ch === 0x0a || ch === 0x0d) return -1;
    open--;
  }
  if (open === close - 1) return -1; // an empty label
  let start = open;
  while (start > 0 && open - start < 3 && raw.charCodeAt(start - 1) === 0x20) start--;
  if (start === 0) return 0;
  const before = raw.charCodeAt(start - 1);
  return before === 0x0a || before === 0x0d || before === 0x2028 || before === 0x2029 ? start : -1;
}

// alt / title / aria-* / placeholder / content / data-* attribute values (no markup or '=' inside).
// Found from the `="` (or `='`) literal (`= {0,4}["']`, found from each '=' with indexOf, which
// is much faster than a regex search), then the name before it is checked.
const ATTRIBUTE_NAME = /(?:^|[^\w-])(?:alt|title|aria-label|aria-description|placeholder|content|data-[a-z0-9-]{1,30}) {0,4}$/i;
const MAX_ATTRIBUTE = 2000;

function htmlAttributes(raw: string, c: Collector): void {
  let next = 0;
  for (let at = raw.indexOf('=', next); at !== -1 && !c.full; at = raw.indexOf('=', next)) {
    let q = at + 1;
    while (q - at <= 4 && raw.charCodeAt(q) === 0x20) q++;
    const quote = raw.charCodeAt(q);
    if (quote !== 0x22 && quote !== 0x27) {
      next = at + 1;
      continue;
    }
    const from = q + 1;
    next = from;
    if (!ATTRIBUTE_NAME.test(raw.slice(Math.max(0, at - 48), at))) continue;
    const limit = Math.min(raw.length, from + MAX_ATTRIBUTE);
    let k = from;
    while (k < limit) {
      const ch = raw.charCodeAt(k);
      if (ch === quote || ch === 0x0a || ch === 0x3c || ch === 0x3e || ch === 0x3d) break;
      k++;
    }
    if (raw.charCodeAt(k) !== quote || k === from) continue;
    c.add({ kind: 'html-attribute', offset: from, length: k - from, verbatim: true, text: raw.slice(from, k) });
    next = k + 1;
  }
}

// Opening tags; content of those hidden by attribute or style is extracted up to the matching close.
// A tag starts with '<': tried where indexOf finds one (a regex search for it is much slower).
const OPEN_TAG = /<([a-zA-Z][a-zA-Z0-9]{0,15})(\s[^<>]{0,1000})?>/y;
const HIDDEN_ATTRIBUTE = /(?:^|\s)(?:hidden|aria-hidden\s?=\s?["']?true)(?=[\s=/"']|$)/i;
const HIDDEN_STYLE = /(?:display\s?:\s?none|visibility\s?:\s?hidden|font-size\s?:\s?0(?:\.0+)?(?:px|em|rem|pt|%)?\s?(?:[;"']|$)|opacity\s?:\s?0(?:\.0+)?\s?(?:[;"']|$)|(?:^|[\s;"'])color\s?:\s?transparent)/i;
const VOID_TAGS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

function hiddenElements(raw: string, c: Collector): void {
  let lower: string | null = null;
  let next = 0;
  for (let at = raw.indexOf('<', next); at !== -1 && !c.full; at = raw.indexOf('<', next)) {
    OPEN_TAG.lastIndex = at;
    const m = OPEN_TAG.exec(raw);
    if (m === null) {
      next = at + 1;
      continue;
    }
    next = at + m[0].length;
    const tag = m[1]!.toLowerCase();
    const attrs = m[2] ?? '';
    const isTemplate = tag === 'template';
    if (!isTemplate && (attrs.length === 0 || VOID_TAGS.has(tag) || attrs.endsWith('/'))) continue;
    if (!isTemplate && !HIDDEN_ATTRIBUTE.test(attrs) && !HIDDEN_STYLE.test(attrs)) continue;
    lower ??= raw.toLowerCase();
    const from = m.index + m[0].length;
    const end = matchingClose(lower, tag, from);
    const stop = end === -1 ? Math.min(raw.length, from + MAX_HIDDEN_ELEMENT) : Math.min(end, from + MAX_HIDDEN_ELEMENT);
    c.add({ kind: 'hidden-element', offset: from, length: stop - from, verbatim: true, text: raw.slice(from, stop) });
    if (end === -1) break; // unclosed: it hides the rest; never rescan the same tail
    next = end;
  }
}

/** Offset of the `</tag` closing the element whose content starts at `from`, or -1. */
function matchingClose(lower: string, tag: string, from: number): number {
  const open = `<${tag}`;
  const close = `</${tag}`;
  let depth = 1;
  let pos = from;
  let nextOpen = lower.indexOf(open, pos);
  while (pos < lower.length) {
    const nextClose = lower.indexOf(close, pos);
    if (nextClose === -1) return -1;
    while (nextOpen !== -1 && nextOpen < nextClose) {
      if (isTagEnd(lower.charCodeAt(nextOpen + open.length))) depth++;
      nextOpen = lower.indexOf(open, nextOpen + 1);
    }
    if (isTagEnd(lower.charCodeAt(nextClose + close.length))) {
      depth--;
      if (depth === 0) return nextClose;
    }
    pos = nextClose + 1;
  }
  return -1;
}

function isTagEnd(ch: number): boolean {
  return ch === 0x3e || ch === 0x20 || ch === 0x0a || ch === 0x09 || ch === 0x0d || ch === 0x2f;
}

/** "ASCII smuggling": U+E0020..E007E spell ASCII; a line's runs are joined into one payload. */
function tagPayloads(raw: string, invisibles: readonly Invisible[], c: Collector): void {
  let text = '';
  let first = -1;
  let last = -1;
  let lineEnd = -1;
  const flush = (): void => {
    if (first >= 0 && text.length > 0) c.add({ kind: 'tag-characters', offset: first, length: last - first, verbatim: false, text });
    text = '';
    first = -1;
  };
  for (const inv of invisibles) {
    if (inv.kind !== 'tag') continue;
    if (isEmojiTagSequence(raw, inv)) continue;
    if (inv.offset > lineEnd) {
      flush();
      lineEnd = raw.indexOf('\n', inv.offset);
      if (lineEnd === -1) lineEnd = raw.length;
    }
    if (first < 0) first = inv.offset;
    last = inv.end;
    for (let k = inv.offset; k + 1 < inv.end; k += 2) {
      const cp = raw.codePointAt(k)! - 0xe0000;
      if (cp >= 0x20 && cp <= 0x7e) text += String.fromCharCode(cp);
    }
  }
  flush();
}

/**
 * A subdivision flag (black flag U+1F3F4, 2..6 tag letters or digits, cancel tag U+E007F) is a
 * legitimate use of tag characters, e.g. the flags of England, Scotland and Wales.
 */
export function isEmojiTagSequence(raw: string, inv: Invisible): boolean {
  if (inv.offset < 2 || raw.codePointAt(inv.offset - 2) !== 0x1f3f4) return false;
  const letters = inv.count - 1;
  if (letters < 2 || letters > 6 || raw.codePointAt(inv.end - 2) !== 0xe007f) return false;
  for (let k = inv.offset; k < inv.end - 2; k += 2) {
    const cp = raw.codePointAt(k)! - 0xe0000;
    if (!((cp >= 0x30 && cp <= 0x39) || (cp >= 0x61 && cp <= 0x7a))) return false;
  }
  return true;
}

/** Runs of variation selectors that encode bytes (VS1..16 = 0..15, VS17..256 = 16..255). */
function selectorPayloads(raw: string, invisibles: readonly Invisible[], c: Collector): void {
  for (const inv of invisibles) {
    if (inv.kind !== 'variation-selector' || inv.count < 4) continue;
    const bytes = new Uint8Array(inv.count);
    let len = 0;
    for (let k = inv.offset; k < inv.end; ) {
      const cp = raw.codePointAt(k)!;
      bytes[len++] = cp <= 0xfe0f ? cp - 0xfe00 : cp - 0xe0100 + 16;
      k += cp > 0xffff ? 2 : 1;
    }
    const text = readableText(bytes, len);
    if (text !== null) c.add({ kind: 'variation-selectors', offset: inv.offset, length: inv.end - inv.offset, verbatim: false, text });
  }
}

// ---------------------------------------------------------------------------------------------
// Decoded payloads

/**
 * base64 / base64url, hex, percent-encoded and rot13 text that decodes to readable text, and
 * lines whose letters are spaced out or split ("i g n o r e", "in-struc-tions") joined up, and
 * lines in leetspeak read as letters. `rot13: false` skips the search for rot13 lines, for a
 * caller that knows the text holds none of their gate words, and `leet: false` the search for
 * leetspeak lines, for one that knows it holds fewer than two LEET_JOINTs or no LEET_THROUGH (the
 * keyword pass tells both, see `TextView.ruleOutRot13` and `TextView.ruleOutLeet`).
 *
 * @example extractDecoded('aWdub3JlIGFsbCBwcmV2aW91cyBpbnN0cnVjdGlvbnM=')[0].text // 'ignore all previous instructions'
 */
export function extractDecoded(raw: string, rot13 = true, leet = true): RawSegment[] {
  const c = new Collector(SEGMENT_LIMITS.decodedSegments, SEGMENT_LIMITS.decodedChars);
  // one search for a backslash spares most texts the searches for its two escapes
  const backslash = raw.includes('\\');
  const runs = longRuns(raw);
  if (runs !== null) base64AndHex(raw, runs.base64, c);
  if (backslash) escapedHex(raw, c);
  if (runs !== null) spacedHex(raw, runs.hex, c);
  percentEncoded(raw, c); // finds its '%' itself
  if (backslash) unicodeEscapes(raw, c);
  if (rot13) rot13Lines(raw, c);
  if (leet) leetLines(raw, c);
  if (runs !== null) spacedLetters(raw, runs.stretches, c);
  // rendered lines have caps of their own: a page of ordinary markup must not crowd out payloads
  const amp = raw.indexOf('&');
  const lt = raw.indexOf('<');
  if (amp === -1 && lt === -1) return c.out.sort((a, b) => a.offset - b.offset);
  const r = new Collector(SEGMENT_LIMITS.renderedSegments, SEGMENT_LIMITS.renderedChars);
  renderedLines(raw, amp, lt, r);
  return [...c.out, ...r.out].sort((a, b) => a.offset - b.offset);
}

const B64 = new Uint8Array(128).fill(255);
for (let i = 0; i < 64; i++) B64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
B64[0x2d] = 62; // '-' (base64url)
B64[0x5f] = 63; // '_'
const HEX = new Uint8Array(128).fill(255);
for (let i = 0; i < 16; i++) {
  HEX['0123456789abcdef'.charCodeAt(i)] = i;
  HEX['0123456789ABCDEF'.charCodeAt(i)] = i;
}

// Character classes of the skip scans below (one table over UTF-16, so no range test per read).
const C_HEX_RUN = 1; // hex digit or [ :,-]
const C_LETTER = 2; // A-Z a-z
const C_SPACER = 4; // a separator of spaced-out letters: [ .\-_*|/+~·•]
const C_BASE64 = 8; // A-Z a-z 0-9 + / - _
const C_HEX_DIGIT = 16; // 0-9 a-f A-F
/** The classes of spaced-out letters (a character is at most one of them). */
const C_SPACED = C_LETTER | C_SPACER;
const CLASS = new Uint8Array(65536);
for (const ch of '0123456789abcdefABCDEF :,-') CLASS[ch.charCodeAt(0)]! |= C_HEX_RUN;
for (const ch of '0123456789abcdefABCDEF') CLASS[ch.charCodeAt(0)]! |= C_HEX_DIGIT;
for (let ch = 0x41; ch <= 0x5a; ch++) CLASS[ch]! |= C_LETTER;
for (let ch = 0x61; ch <= 0x7a; ch++) CLASS[ch]! |= C_LETTER;
for (const ch of ' .-_*|/+~\u00b7\u2022') CLASS[ch.charCodeAt(0)]! |= C_SPACER;
for (let ch = 0; ch < 128; ch++) if (B64[ch] !== 255) CLASS[ch]! |= C_BASE64;
/** Per character: 1 for a letter, 2 for a separator of spaced-out letters, else 0. */
const SPACED_KIND = new Uint8Array(65536);
for (let ch = 0; ch < 65536; ch++) SPACED_KIND[ch] = (CLASS[ch]! & C_SPACED) >> 1;
/**
 * By the SPACED_KIND of four characters side by side (two bits each, the first one highest):
 * 1 when all four are letters or separators with no two letters side by side, i.e. they can lie
 * inside one stretch, and one at least is a letter, as in every four characters of a spaced-out run.
 */
const SPACED_TAIL = new Uint8Array(256);
for (let code = 0; code < 256; code++) {
  const kinds = [code >> 6, (code >> 4) & 3, (code >> 2) & 3, code & 3].map((k) => k << 1); // as C_SPACED bits
  const inside = kinds.every((k) => k === C_LETTER || k === C_SPACER) && kinds.every((k, i) => i === 0 || !(k === C_LETTER && kinds[i - 1] === C_LETTER));
  SPACED_TAIL[code] = inside && kinds.includes(C_LETTER) ? 1 : 0;
}
const MIN_BASE64 = 20;
const MIN_HEX = 20;
/** Decoding of a long run stops early when its first bytes are not text (images, keys). */
const PROBE = 96;

/**
 * Every maximal run of MIN_BASE64 or more base64 characters (found by longRuns) is decoded
 * whole, from its first character, and nothing else, save the runs that a block wrapped over
 * lines took in. A run may follow another's '=' padding ("key=<payload>"): the padding is not a
 * base64 character, so the payload is a run of its own.
 */
function base64AndHex(raw: string, runs: readonly number[], c: Collector): void {
  let p = 0; // where the last run taken, with its padding or its wrapped lines, ended
  for (let i = 0; i < runs.length && !c.full; i += 2) {
    const start = runs[i]!;
    if (start >= p) p = takeBase64Run(raw, start, runs[i + 1]! - 1, c);
  }
}

/** Read the run from `start` through `probe` to its end and decode it; returns where the scan goes on. */
function takeBase64Run(raw: string, start: number, probe: number, c: Collector): number {
  const n = raw.length;
  let end = probe + 1;
  while (end < n && isB64(raw.charCodeAt(end))) end++;
  // a block wrapped over lines (76 or 64 characters a line) continues on the next line
  let lineStart = start;
  while (end - lineStart >= 40 && (end - lineStart) % 4 === 0) {
    const nl = raw.charCodeAt(end) === 0x0d ? end + 1 : end;
    if (raw.charCodeAt(nl) !== 0x0a || nl + 1 >= n || !isB64(raw.charCodeAt(nl + 1))) break;
    let e = nl + 1;
    while (e < n && isB64(raw.charCodeAt(e))) e++;
    lineStart = nl + 1;
    end = e;
  }
  let stop = end;
  while (stop < n && raw.charCodeAt(stop) === 0x3d && stop - end < 2) stop++;
  // go on right after the padding ('=' is no base64 character, and a run may start next to it),
  // else past the character that ended the run
  const next = stop > end ? stop : end + 1;
  if (end - start < MIN_BASE64 || (start > 0 && raw.charCodeAt(start - 1) === 0x25)) return next;
  let allHex = true;
  for (let k = start; k < end && allHex; k++) {
    const d = raw.charCodeAt(k);
    if (HEX[d] === 255 && d !== 0x0a && d !== 0x0d) allHex = false;
  }
  if (allHex) {
    // hex digits only: a hash, a UUID part or a hex payload, never base64
    if (end - start >= MIN_HEX && (end - start) % 2 === 0 && !/[\r\n]/.test(raw.slice(start, end))) decodeHexRun(raw, start, end, c);
    return next;
  }
  decodeBase64Run(raw, start, end, stop, c);
  return next;
}

function isB64(ch: number): boolean {
  return ch < 128 && B64[ch] !== 255;
}

function isDataUri(raw: string, start: number): boolean {
  const before = raw.slice(Math.max(0, start - 48), start).toLowerCase();
  const at = before.lastIndexOf('data:');
  return at !== -1 && /^data:(?:image|font|audio|video|application\/(?:octet-stream|pdf|zip|x-font))/.test(before.slice(at));
}

function decodeBase64Run(raw: string, start: number, end: number, stop: number, c: Collector): void {
  // probe the first bytes before decoding a long run
  const budget = Math.min(end - start, Math.ceil(((c.maxChars - c.chars) * 4) / 3) + 4);
  const probeLen = Math.min(budget, PROBE);
  const probe = base64Bytes(raw, start, start + probeLen);
  if (readableText(probe.bytes, probe.len, probeLen < end - start) === null) return;
  // a data URI (an image, a font) is never decoded; asked only now, since most runs (paths,
  // long words) fail the probe and the look back costs more than the probe
  if (isDataUri(raw, start)) return;
  const all = probeLen === budget ? probe : base64Bytes(raw, start, start + budget);
  const text = readableText(all.bytes, all.len, budget < end - start);
  if (text !== null) c.add({ kind: 'base64', offset: start, length: stop - start, verbatim: false, text });
}

function base64Bytes(raw: string, from: number, to: number): { bytes: Uint8Array; len: number } {
  const bytes = new Uint8Array(Math.ceil(((to - from) * 3) / 4) + 3);
  let len = 0;
  let acc = 0;
  let bits = 0;
  for (let k = from; k < to; k++) {
    const ch = raw.charCodeAt(k);
    if (ch === 0x0a || ch === 0x0d) continue;
    const v = ch < 128 ? B64[ch]! : 255;
    if (v === 255) break;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[len++] = (acc >> bits) & 0xff;
    }
  }
  return { bytes, len };
}

function decodeHexRun(raw: string, start: number, end: number, c: Collector): void {
  const budget = Math.min(end - start, (c.maxChars - c.chars) * 2);
  const probeLen = Math.min(budget, PROBE * 2);
  const decode = (to: number): { bytes: Uint8Array; len: number } => {
    const bytes = new Uint8Array((to - start) >> 1);
    let len = 0;
    for (let k = start; k + 1 < to; k += 2) bytes[len++] = (HEX[raw.charCodeAt(k)]! << 4) | HEX[raw.charCodeAt(k + 1)]!;
    return { bytes, len };
  };
  const probe = decode(start + probeLen);
  if (readableText(probe.bytes, probe.len, probeLen < end - start) === null) return;
  const all = probeLen === budget ? probe : decode(start + budget);
  const text = readableText(all.bytes, all.len, budget < end - start);
  if (text !== null) c.add({ kind: 'hex', offset: start, length: end - start, verbatim: false, text });
}

// \x69\x67\x6e... (at least 8 bytes), tried where indexOf finds "\x"
const ESCAPED_HEX = /(?:\\x[0-9a-fA-F]{2}){8,}/y;

function escapedHex(raw: string, c: Collector): void {
  let next = 0;
  for (let at = raw.indexOf('\\x', next); at !== -1 && !c.full; at = raw.indexOf('\\x', next)) {
    ESCAPED_HEX.lastIndex = at;
    const m = ESCAPED_HEX.exec(raw);
    if (m === null) {
      next = at + 1;
      continue;
    }
    const s = m[0];
    next = at + s.length;
    const bytes = new Uint8Array(s.length >> 2);
    let len = 0;
    for (let k = 0; k + 3 < s.length; k += 4) bytes[len++] = (HEX[s.charCodeAt(k + 2)]! << 4) | HEX[s.charCodeAt(k + 3)]!;
    const text = readableText(bytes, len);
    if (text !== null) c.add({ kind: 'hex', offset: m.index, length: s.length, verbatim: false, text });
  }
}

// 69 67 6e 6f 72 65 ... or 69:67:6e (at least 10 bytes): four spaced pairs found first, then the run.
const SPACED_HEX_GATE = /[0-9a-fA-F]{2}[ :,-][0-9a-fA-F]{2}[ :,-][0-9a-fA-F]{2}[ :,-][0-9a-fA-F]{2}/g;
const SPACED_HEX = /(?<![0-9a-zA-Z])[0-9a-fA-F]{2}(?:[ :,-][0-9a-fA-F]{2}){9,}(?![0-9a-zA-Z])/y;
/** Shortest SPACED_HEX match: ten pairs and nine separators. */
const MIN_SPACED_HEX = 29;

/** The rest of a run of C_HEX_RUN characters, from where it is tried (the same set as CLASS). */
const HEX_RUN = /[0-9a-fA-F :,-]*/y;

/**
 * Both patterns match only hex digits and separators, so every match lies inside a run of such
 * characters, and a SPACED_HEX match needs a run of MIN_SPACED_HEX. Shorter runs cannot yield a
 * payload, and the gate's progress inside one never reaches past it (its matches stay inside
 * the run), so only the long runs (found by longRuns) are searched, each exactly as the whole
 * text was before.
 */
function spacedHex(raw: string, runs: readonly number[], c: Collector): void {
  for (let i = 0; i < runs.length && !c.full; i += 2) spacedHexRun(raw, runs[i]!, runs[i + 1]!, c);
}

function spacedHexRun(raw: string, from: number, to: number, c: Collector): void {
  // the gate has no lookaround, so it reads the run alone; SPACED_HEX's lookarounds read raw
  const run = raw.slice(from, to);
  // the gate needs separators: a run of bare hex digits (a long number) is settled by four native
  // searches, which stay fast where a regular expression compiled late in a process may not
  if (!run.includes(' ') && !run.includes(':') && !run.includes(',') && !run.includes('-')) return;
  SPACED_HEX_GATE.lastIndex = 0;
  for (let g = SPACED_HEX_GATE.exec(run); g !== null && !c.full; g = SPACED_HEX_GATE.exec(run)) {
    SPACED_HEX.lastIndex = from + g.index;
    const m = SPACED_HEX.exec(raw);
    if (m === null) continue;
    SPACED_HEX_GATE.lastIndex = g.index + m[0].length;
    const s = m[0];
    const bytes = new Uint8Array((s.length + 1) / 3);
    let len = 0;
    for (let k = 0; k + 1 < s.length; k += 3) bytes[len++] = (HEX[s.charCodeAt(k)]! << 4) | HEX[s.charCodeAt(k + 1)]!;
    const text = readableText(bytes, len);
    if (text !== null) c.add({ kind: 'hex', offset: m.index, length: s.length, verbatim: false, text });
  }
}

// Runs of %XX escapes, each followed by at most 12 plain URL characters; runs separated only by a
// space or two are one payload ("%69%67%6e%6f%72%65 %61%6c%6c"), which needs four escapes in all.
// A run starts with '%': tried where indexOf finds one.
const PERCENT_RUN = /(?:%[0-9a-fA-F]{2}[A-Za-z0-9._~+!*'()-]{0,12})+/y;
const MIN_ESCAPES = 4;

function percentEncoded(raw: string, c: Collector): void {
  let from = -1;
  let to = -1;
  let escapes = 0;
  const flush = (): void => {
    if (from >= 0 && escapes >= MIN_ESCAPES) decodePercent(raw, from, to, c);
    from = -1;
    escapes = 0;
  };
  let next = 0;
  for (let at = raw.indexOf('%', next); at !== -1 && !c.full; at = raw.indexOf('%', next)) {
    PERCENT_RUN.lastIndex = at;
    const m = PERCENT_RUN.exec(raw);
    if (m === null) {
      next = at + 1;
      continue;
    }
    const end = m.index + m[0].length;
    next = end;
    let count = 0;
    for (let k = m.index; k < end; k++) if (raw.charCodeAt(k) === 0x25) count++;
    if (from >= 0 && m.index - to <= 3 && /^ *$/.test(raw.slice(to, m.index))) {
      to = end;
      escapes += count;
      continue;
    }
    flush();
    // include plain characters just before the first escape ("ignore%20all")
    from = m.index;
    while (from > 0 && m.index - from < 64 && isUrlPlain(raw.charCodeAt(from - 1))) from--;
    to = end;
    escapes = count;
  }
  flush();
}

function decodePercent(raw: string, from: number, to: number, c: Collector): void {
  const bytes = new Uint8Array(to - from);
  let len = 0;
  for (let k = from; k < to; k++) {
    const ch = raw.charCodeAt(k);
    if (ch === 0x25 && k + 2 < to + 1 && HEX[raw.charCodeAt(k + 1)] !== 255 && HEX[raw.charCodeAt(k + 2)] !== 255) {
      bytes[len++] = (HEX[raw.charCodeAt(k + 1)]! << 4) | HEX[raw.charCodeAt(k + 2)]!;
      k += 2;
    } else bytes[len++] = ch === 0x2b ? 0x20 : ch;
  }
  const text = readableText(bytes, len);
  if (text !== null) c.add({ kind: 'url-encoded', offset: from, length: to - from, verbatim: false, text });
}

// JSON / JavaScript escapes: \u0069, \u{1F600}, surrogate pairs. Each line holding one is decoded.
const UNICODE_ESCAPE = /\\u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]{1,6})\})/g;

function unicodeEscapes(raw: string, c: Collector): void {
  let lineEnd = -1;
  for (let at = raw.indexOf('\\u'); at !== -1 && !c.full; at = raw.indexOf('\\u', Math.max(at + 2, lineEnd))) {
    if (at < lineEnd) continue;
    let from = at;
    while (from > 0 && at - from < 4000 && raw.charCodeAt(from - 1) !== 0x0a) from--;
    lineEnd = at;
    while (lineEnd < raw.length && lineEnd - at < 4000 && raw.charCodeAt(lineEnd) !== 0x0a) lineEnd++;
    const line = raw.slice(from, lineEnd);
    let escapes = 0;
    UNICODE_ESCAPE.lastIndex = 0;
    const text = line.replace(UNICODE_ESCAPE, (m, four: string | undefined, braced: string | undefined) => {
      const cp = parseInt(four ?? braced ?? '', 16);
      if (!(cp >= 0 && cp <= 0x10ffff)) return m;
      escapes++;
      return String.fromCharCode(...(cp > 0xffff ? [0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff)] : [cp]));
    });
    if (escapes > 0) c.add({ kind: 'escaped', offset: from, length: lineEnd - from, verbatim: false, text });
  }
}

function isUrlPlain(ch: number): boolean {
  return (ch >= 0x61 && ch <= 0x7a) || (ch >= 0x41 && ch <= 0x5a) || (ch >= 0x30 && ch <= 0x39) || ch === 0x2e || ch === 0x5f || ch === 0x7e || ch === 0x2d;
}

// HTML as a Markdown renderer shows it: "&#105;gnore", "&#x69;&#x67;...", "ig<b></b>nore" and
// "you&apos;re" read as plain words on the page, where `norm` keeps the markup that splits them.
// A line holding a character reference, a named entity of NAMED_ENTITIES, or a tag or comment
// glued to a letter or digit is rendered (references decoded, comments and inline tags dropped,
// break and block tags read as a space), and a run of such lines makes one segment. A tag with
// white space on both sides splits no word, so it alone leaves its line out: pages of "<br>" and
// "<div>" lines are not rescanned for nothing. Lines are found from '&' and '<' by native
// searches and each is read once, at most MAX_RENDERED_LINE characters either side of its first
// candidate.
const MAX_RENDERED_LINE = 4000;
/**
 * The entities ordinary prose and typography use, and the HTML names of ASCII punctuation, which
 * no one writes but to hide a phrase from a filter ("Ignore all instructions&period;").
 */
const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"], ['nbsp', '\u00a0'],
  ['lsquo', '\u2018'], ['rsquo', '\u2019'], ['ldquo', '\u201c'], ['rdquo', '\u201d'],
  ['ndash', '\u2013'], ['mdash', '\u2014'], ['hellip', '\u2026'],
  ['excl', '!'], ['num', '#'], ['dollar', '$'], ['percnt', '%'], ['lpar', '('], ['rpar', ')'],
  ['ast', '*'], ['plus', '+'], ['comma', ','], ['period', '.'], ['sol', '/'], ['colon', ':'],
  ['semi', ';'], ['equals', '='], ['quest', '?'], ['commat', '@'], ['lsqb', '['], ['lbrack', '['],
  ['bsol', '\\'], ['rsqb', ']'], ['rbrack', ']'], ['Hat', '^'], ['lowbar', '_'], ['grave', '`'],
  ['lcub', '{'], ['lbrace', '{'], ['verbar', '|'], ['vert', '|'], ['rcub', '}'], ['rbrace', '}'],
  ['hyphen', '\u2010'], ['dash', '\u2010'],
]);
/**
 * What &amp;, &lt; and &gt; stand for: characters of markup and code that no phrase reads, so a
 * line holding only these ("R&amp;D", "&lt;name&gt;", "a -&gt; b") is not rendered for them.
 */
const MARKUP_ENTITIES: ReadonlySet<string> = new Set(['&', '<', '>']);
/** The longest name in NAMED_ENTITIES. */
const MAX_ENTITY_NAME = Math.max(...[...NAMED_ENTITIES.keys()].map((name) => name.length));
// A tag: a name, then attributes without markup or a line break (found from each '<').
const INLINE_TAG = /<\/?([A-Za-z][A-Za-z0-9-]{0,15})(?:[ \t][^<>\n]{0,200})?\/?>/y;
/** Tags a renderer shows as a break between words; any other tag shows nothing. */
const BREAK_TAGS = new Set(['br', 'p', 'div', 'hr', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'nav', 'details', 'summary', 'img']);

/** `amp` and `lt`: the first '&' and '<' of the text (-1 for none). */
function renderedLines(raw: string, amp: number, lt: number, c: Collector): void {
  const n = raw.length;
  let run: RawSegment | null = null; // consecutive rendered lines, added once the run ends
  let end = 0; // where the last line read ended
  while ((amp !== -1 || lt !== -1) && !c.full) {
    const at = amp === -1 ? lt : lt === -1 ? amp : Math.min(amp, lt);
    let from = at;
    while (from > end && at - from < MAX_RENDERED_LINE && raw.charCodeAt(from - 1) !== 0x0a) from--;
    let to = at;
    while (to < n && to - at < MAX_RENDERED_LINE && raw.charCodeAt(to) !== 0x0a) to++;
    const text = renderLine(raw.slice(from, to));
    if (text !== null) {
      if (run !== null && from <= run.offset + run.length + 1 && run.text.length < c.maxChars) {
        run.text += raw.charCodeAt(from - 1) === 0x0a ? `\n${text}` : text;
        run.length = to - run.offset;
      } else {
        if (run !== null) c.add(run);
        run = { kind: 'html-rendered', offset: from, length: to - from, verbatim: false, text };
      }
    }
    end = to;
    if (amp !== -1 && amp < to) amp = raw.indexOf('&', to);
    if (lt !== -1 && lt < to) lt = raw.indexOf('<', to);
  }
  if (run !== null) c.add(run);
}

/**
 * The line as rendered, or null when rendering splits or joins no words there: it holds no
 * character reference, no listed entity glued to a letter or digit (save MARKUP_ENTITIES), and no
 * tag or comment between two words and glued to one of them (other tags between aside), as in
 * "ig<b></b>nore" or "all <span>previous</span> instructions". A tag at the edge of a line
 * ("<question>What", "<b>Note:</b>") or set apart by spaces ("wrap it in <thinking> tags"), and
 * an entity standing alone ("Tom &mdash; Jerry"), change no word.
 */
function renderLine(line: string): string | null {
  let out = '';
  let copied = 0; // the line is copied to `out` up to here
  let found = false;
  let tagEnd = -1; // where the last tag ended, and whether a word came before it
  let wordBeforeTag = false;
  // the first '-->' after the last comment opened (-1: none up to the end of the line). A later
  // comment closes there too when that is past its own start, so the line is searched once
  // however many comments open on it (1 MB of "<!--" opened 250,000 and took seconds).
  let commentClose = -2;
  let amp = line.indexOf('&');
  let lt = line.indexOf('<');
  while (amp !== -1 || lt !== -1) {
    if (amp !== -1 && (lt === -1 || amp < lt)) {
      const entity = readEntity(line, amp);
      if (entity !== null) {
        out += line.slice(copied, amp) + entity.text;
        copied = entity.end;
        if (entity.numeric || (!MARKUP_ENTITIES.has(entity.text) && (isWordChar(line.charCodeAt(amp - 1)) || isWordChar(line.charCodeAt(entity.end))))) found = true;
      }
      amp = line.indexOf('&', entity === null ? amp + 1 : entity.end);
      continue;
    }
    let stop = -1;
    let shown = '';
    if (line.startsWith('<!--', lt)) {
      if (commentClose === -2 || (commentClose !== -1 && commentClose < lt + 4)) commentClose = line.indexOf('-->', lt + 4);
      if (commentClose !== -1) stop = commentClose + 3;
    } else if (mayOpenTag(line, lt)) {
      INLINE_TAG.lastIndex = lt;
      const m = INLINE_TAG.exec(line);
      if (m !== null) {
        stop = lt + m[0].length;
        if (BREAK_TAGS.has(m[1]!.toLowerCase())) shown = ' ';
      }
    }
    if (stop !== -1) {
      out += line.slice(copied, lt) + shown;
      copied = stop;
      let before = lt;
      while (before > 0 && isBlank(line.charCodeAt(before - 1))) before--;
      // a run of tags ("<b></b>") is read as one: its first tag says what came before
      const wordBefore: boolean = before === tagEnd ? wordBeforeTag : isWordChar(line.charCodeAt(before - 1));
      let after = stop;
      while (after < line.length && isBlank(line.charCodeAt(after))) after++;
      if (wordBefore && isWordChar(line.charCodeAt(after)) && (before === lt || after === stop)) found = true;
      tagEnd = stop;
      wordBeforeTag = wordBefore;
      // an '&' inside the tag's attributes was rendered with it
      if (amp !== -1 && amp < stop) amp = line.indexOf('&', stop);
    }
    lt = line.indexOf('<', stop === -1 ? lt + 1 : stop);
  }
  return found ? out + line.slice(copied) : null;
}

/**
 * Whether INLINE_TAG may match at `lt`: a name follows, then '>', '/' or a blank. Read by hand,
 * since a run of "a<a<a<" would otherwise run the regular expression at every '<'.
 */
function mayOpenTag(line: string, lt: number): boolean {
  let k = line.charCodeAt(lt + 1) === 0x2f ? lt + 2 : lt + 1;
  if ((CLASS[line.charCodeAt(k)]! & C_LETTER) === 0) return false;
  const limit = k + 16;
  k++;
  while (k < limit && (CLASS[line.charCodeAt(k)]! & (C_LETTER | C_HEX_DIGIT)) !== 0) k++;
  const ch = line.charCodeAt(k);
  return ch === 0x3e || ch === 0x2f || ch === 0x20 || ch === 0x09 || ch === 0x2d;
}

function isBlank(ch: number): boolean {
  return ch === 0x20 || ch === 0x09;
}

/** The character reference or listed entity at `at` (an '&'), or null. */
function readEntity(line: string, at: number): { text: string; end: number; numeric: boolean } | null {
  let k = at + 1;
  if (line.charCodeAt(k) === 0x23) {
    k++;
    const hex = (line.charCodeAt(k) | 0x20) === 0x78;
    if (hex) k++;
    const digits = k;
    let cp = 0;
    while (k - digits < (hex ? 6 : 7)) {
      const d = line.charCodeAt(k);
      const v = hex ? (d < 128 ? HEX[d]! : 255) : d >= 0x30 && d <= 0x39 ? d - 0x30 : 255;
      if (v === 255) break;
      cp = cp * (hex ? 16 : 10) + v;
      k++;
    }
    if (k === digits || line.charCodeAt(k) !== 0x3b) return null;
    // as CommonMark reads them: no character, a surrogate or one past Unicode is U+FFFD
    const valid = cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
    return { text: valid ? String.fromCodePoint(cp) : '\ufffd', end: k + 1, numeric: true };
  }
  while (k - at <= MAX_ENTITY_NAME && (CLASS[line.charCodeAt(k)]! & C_LETTER) !== 0) k++;
  if (line.charCodeAt(k) !== 0x3b) return null;
  const text = NAMED_ENTITIES.get(line.slice(at + 1, k));
  return text === undefined ? null : { text, end: k + 1, numeric: false };
}

/** A letter or digit, ASCII or not (NaN, past either end of the line, is not). */
function isWordChar(ch: number): boolean {
  return (CLASS[ch]! & (C_LETTER | C_HEX_DIGIT)) !== 0 || ch >= 0xc0;
}

// rot13: a line whose rot13 holds several common English words while the line itself does not.
// Lines are found from the rot13 forms of a few very common words, then counted in full.
// The gate words, rot13 of "the ", "you ", "and ", "all ", ignore, instruct, system and prompt
// (the alternation /(?:gur|lbh|naq|nyy) |vtaber|vafgehpg|flfgrz|cebzcg/gi), are looked for from
// their rarest letter: q, z, v, y, b and g are 5% of the characters of prose where the words'
// first letters are 19%, and a regular expression search costs about what its first character
// lets through (half the time of the alternation). ROT13_ANCHOR matches where a word holds its
// anchor, exactly when the word is there; anchorOffset says where the word starts.
const ROT13_ANCHOR = /gur |bh (?<=lbh )|q (?<=naq )|yy (?<=nyy )|v(?:taber|afgehpg)|z(?:(?<=flfgrz)|cg(?<=cebzcg))/gi;
/**
 * ROT13_ANCHOR's gate words as the keyword pass looks for them in `norm` (keywords.ts): a match
 * leaves its ASCII letters, lower-cased, in `norm`, the first four at the end of a run of letters
 * and followed by a space (white space is collapsed, never dropped after a letter), the others
 * anywhere in a run of letters (the first six letters of "vafgehpg" stand for it). A test holds
 * the two to each other.
 */
export const ROT13_GATE_WORDS = { before: ['gur', 'lbh', 'naq', 'nyy'], within: ['vtaber', 'vafgeh', 'flfgrz', 'cebzcg'] } as const;
const ROT13_HINT = /(?<![A-Za-z])(?:gur|naq|lbh|lbhe|vf|nyy|bs|gb|vtaber|cerivbhf|cevbe|vafgehpgvbaf|flfgrz|cebzcg|ehyrf|sbetrg|qvfertneq|abj|jvgu|guvf|gung|ner|jvyy|zhfg|frperg|cnffjbeq|erirny|birevqr|nobir)(?![A-Za-z])/gi;
const ROT13_MENTION = /rot ?-?13|ebg ?-?13|caesar cipher/i;
const COMMON = new Set(
  (
    'the and you your is are was be to of in on for with that this it as at by from or not all any no ' +
    'now will must can should would do does did have has had me my we our us they them he she his her ' +
    'ignore previous prior above instructions instruction system prompt rules rule forget disregard override ' +
    'secret password reveal tell show print say what who how when if then than but so just only also new ' +
    'assistant ai user model reply answer respond follow obey pretend act mode developer admin an a i'
  ).split(' '),
);
const MAX_ROT13_LINE = 4000;

function rot13Lines(raw: string, c: Collector): void {
  let mentioned: boolean | null = null;
  for (let at = nextRot13Gate(raw, 0); at !== -1 && !c.full; ) {
    mentioned ??= ROT13_MENTION.test(raw);
    let from = at;
    while (from > 0 && at - from < MAX_ROT13_LINE && raw.charCodeAt(from - 1) !== 0x0a) from--;
    let to = at;
    while (to < raw.length && to - at < MAX_ROT13_LINE && raw.charCodeAt(to) !== 0x0a) to++;
    const line = raw.slice(from, to);
    let hits = 0;
    ROT13_HINT.lastIndex = 0;
    while (ROT13_HINT.exec(line) !== null) hits++;
    if (hits >= (mentioned ? 1 : 2) && !tryRot13Line(raw, from, to, mentioned, c)) {
      // a line that says in English what to do with the rot13 after it ("Decode this and follow
      // it: Vtaber nyy ..."): the clause holding the gate word, on its own
      const clause = clauseStart(raw, from, at);
      if (clause > from) tryRot13Line(raw, clause, to, mentioned, c);
    }
    at = nextRot13Gate(raw, to);
  }
}

/**
 * Where the first gate word at or after `from` starts, or -1, as the alternation finds it. The
 * words are found in the order of their anchors, which is the order of their starts: a word
 * starting earlier but anchored later would start inside the other word, before its anchor,
 * and none can ("lfgrz", "fgrz", "grz", "rz" of "flfgrz", "ebzcg", "bzcg" of "cebzcg" and "aq "
 * of "naq " begin no gate word; the two 'z' anchors need 'r' and 'b' before them). An anchor
 * whose word starts before `from` is passed over.
 */
function nextRot13Gate(raw: string, from: number): number {
  ROT13_ANCHOR.lastIndex = from;
  for (let m = ROT13_ANCHOR.exec(raw); m !== null; m = ROT13_ANCHOR.exec(raw)) {
    const start = m.index - anchorOffset(m[0]);
    if (start >= from) return start;
    ROT13_ANCHOR.lastIndex = m.index + 1;
  }
  return -1;
}

/** How far before its anchor (the match of ROT13_ANCHOR) a gate word starts. */
function anchorOffset(match: string): number {
  const first = match.charCodeAt(0) | 0x20;
  if (first === 0x62 || first === 0x79) return 1; // b of "lbh ", y of "nyy "
  if (first === 0x71) return 2; // q of "naq "
  if (first === 0x7a) return match.length === 1 ? 5 : 3; // z of "flfgrz", of "cebzcg"
  return 0;
}

/** Whether the text at [from, to) reads as rot13 of English (then added as a segment). */
function tryRot13Line(raw: string, from: number, to: number, mentioned: boolean, c: Collector): boolean {
  const line = raw.slice(from, to);
  const decoded = rot13(line);
  const before = commonWords(line);
  const after = commonWords(decoded);
  if (after < (mentioned ? 2 : 3) || after < 2 * before + 2) return false;
  c.add({ kind: 'rot13', offset: from, length: to - from, verbatim: false, text: decoded });
  return true;
}

/** Where the clause holding offset `at` starts in [from, at]: after the last ': ', '. ' or quotation mark before it. */
function clauseStart(raw: string, from: number, at: number): number {
  let start = from;
  for (let i = at - 1; i >= from; i--) {
    const ch = raw.charCodeAt(i);
    if (ch === 0x22 || ch === 0x201c || ch === 0x201d || ((ch === 0x3a || ch === 0x2e) && i + 1 < at && raw.charCodeAt(i + 1) === 0x20)) {
      start = i + 1;
      break;
    }
  }
  return start;
}

const WORD = /[a-z]+/g;

function commonWords(s: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  const lower = s.toLowerCase();
  for (let m = WORD.exec(lower); m !== null; m = WORD.exec(lower)) if (COMMON.has(m[0])) count++;
  return count;
}

/** rot13 of the ASCII letters of a string. */
export function rot13(s: string): string {
  let out = '';
  for (let k = 0; k < s.length; k++) {
    const ch = s.charCodeAt(k);
    if (ch >= 0x61 && ch <= 0x7a) out += String.fromCharCode(((ch - 0x61 + 13) % 26) + 0x61);
    else if (ch >= 0x41 && ch <= 0x5a) out += String.fromCharCode(((ch - 0x41 + 13) % 26) + 0x41);
    else out += s[k]!;
  }
  return out;
}

// "1gn0r3 4ll pr3v10u5 1n57ruc710n5": digits (and @ and $) written for the letters they look like.
// A text holding two or more LEET_JOINTs (a letter, then such a digit), one of them after a digit
// (LEET_THROUGH: "1gn0", "4r3"; product names and versions such as "HTML5" have none), is searched
// for them, and the line around each is read with its mixed words (letters and look-alikes)
// decoded when the line reads as leetspeak (see leetLineAt). A '1' stands for 'i' or 'l': a word with a few takes
// the reading that makes a listed word, 'i' by default. A word in capitals decodes to capitals
// (persona names are read so). A line is first judged without building a string, so a megabyte
// of "a1b " costs one light pass.
const LEET_JOINT = /[A-Za-z][013457-9]/g;
// letters between digits, not only hex digits or x (hashes, colours, UUIDs, "0x1f", "1920x1080"):
// it keeps the search to about one text in 400 of the bench corpus. A text whose only such word
// is made of a-f ("4c7", "d3") is passed over; leetspeak nearly always writes another ("4r3", "y0u").
const LEET_THROUGH = /[0-9][a-fxA-FX]*[g-wyzG-WYZ][A-Za-z]*[013457-9]/;
/** The small letter each look-alike stands for ('1' is 'i' here; see leetReading), by code unit; 0 for none. */
const LEET_LETTER = new Uint8Array(128);
for (const [from, to] of ['0o', '1i', '3e', '4a', '5s', '7t', '8b', '9g', '@a', '$s']) LEET_LETTER[from!.charCodeAt(0)] = to!.charCodeAt(0);
/** The words whose decoding makes a line leetspeak: rot13's COMMON ones, and more with an 'l' or 'i' (see leetReading). */
const LEET_WORDS: ReadonlySet<string> = new Set([
  ...COMMON,
  ...'all tell kill illegal rules filter filters unfiltered explain simple only will role play roleplay please help like limit limits limited unlimited allowed allow also give get let make build bomb hack hacker hacking weapon weapons drug drugs steal malware exploit jailbreak jailbroken free unrestricted restrictions ethics ethical guidelines policy policies content harmful instruct character persona'.split(' '),
]);
/** Hashes of LEET_WORDS (see readingHash): a word is looked up by its hash first, then compared. */
const LEET_HASHES: ReadonlySet<number> = new Set([...LEET_WORDS].map((w) => readingHash(w, 0, w.length, 0)));
const MAX_LEET_WORD = Math.max(...[...LEET_WORDS].map((w) => w.length));
const MAX_LEET_LINE = 4000;
/** Shorter listed words ("he", "me", "ai") come of "h3", "m3", "a1" by chance. */
const MIN_LEET_WORD = 3;
/** Words with more '1's than this take the 'i' reading only (2^k readings are tried). */
const MAX_LEET_ONES = 3;

/** A letter or digit or look-alike: the characters of a word that may be written in leetspeak. */
function isLeetWordChar(ch: number): boolean {
  return ch < 128 && ((CLASS[ch]! & C_LETTER) !== 0 || (ch >= 0x30 && ch <= 0x39) || ch === 0x40 || ch === 0x24);
}

function isApostrophe(ch: number): boolean {
  return ch === 0x27 || ch === 0x2019;
}

function leetLines(raw: string, c: Collector): void {
  LEET_JOINT.lastIndex = 0;
  const first = LEET_JOINT.exec(raw);
  if (first === null || LEET_JOINT.exec(raw) === null || !LEET_THROUGH.test(raw)) return;
  let end = 0; // where the last line read ended
  for (let at = first.index; at !== -1 && !c.full; ) {
    let from = at;
    while (from > end && at - from < MAX_LEET_LINE && raw.charCodeAt(from - 1) !== 0x0a) from--;
    let to = at;
    while (to < raw.length && to - at < MAX_LEET_LINE && raw.charCodeAt(to) !== 0x0a) to++;
    if (leetLineAt(raw, from, to)) c.add({ kind: 'leetspeak', offset: from, length: to - from, verbatim: false, text: decodeLeet(raw, from, to) });
    end = to;
    LEET_JOINT.lastIndex = to;
    const next = LEET_JOINT.exec(raw);
    at = next === null ? -1 : next.index;
  }
}

/**
 * Whether `raw[from, to)` reads as leetspeak: its mixed words make two or more distinct words of
 * LEET_WORDS of MIN_LEET_WORD letters or more (an HTML "<h3>...</h3>" makes "he" twice, "A11"
 * three times makes one "all"), or three or more of its words, and a third of them at least, are
 * written through: letters and digits that alternate more than once ("y0u", "7h3", "w17h", where
 * "gpt4", "HTML5", "p99", "100ms" and "m3" change once), neither only hex digits (UUIDs, colours)
 * nor with a capital after a small letter (base64, "iPhone4s").
 */
function leetLineAt(raw: string, from: number, to: number): boolean {
  let firstListed = 0;
  let listed = 0;
  let words = 0;
  let through = 0;
  for (let i = nextLeetWord(raw, from, to); i < to; i = nextLeetWord(raw, i, to)) {
    const start = i;
    i = readLeetWord(raw, start, to);
    const w = LEET_WORD;
    if (w.letters === 0) continue;
    words++;
    if (w.lookalikes === 0) continue;
    if (w.turns >= 2 && !w.hex && !w.camel) through++;
    if (listed < 2 && i - start >= MIN_LEET_WORD) {
      const mask = listedReading(raw, start, i, w.ones);
      if (mask !== -1) {
        const h = readingHash(raw, start, i, mask);
        if (listed === 0 || h !== firstListed) listed++;
        firstListed = h;
      }
    }
  }
  return listed >= 2 || (through >= 3 && 3 * through >= words);
}

/**
 * The line with its mixed words decoded. Numbers are decoded only where they make listed words
 * ("h0w 70 m4k3 4 ...") or end a contraction ("d0n'7", "0p3n41'5").
 */
function decodeLeet(raw: string, from: number, to: number): string {
  let out = '';
  let copied = from;
  for (let i = nextLeetWord(raw, from, to); i < to; i = nextLeetWord(raw, i, to)) {
    const start = i;
    i = readLeetWord(raw, start, to);
    const w = LEET_WORD;
    if (w.lookalikes === 0) continue;
    const mask = listedReading(raw, start, i, w.ones);
    if (w.letters === 0 && mask === -1 && !isApostrophe(raw.charCodeAt(start - 1))) continue;
    out += raw.slice(copied, start) + leetReading(raw, start, i, Math.max(mask, 0), w.upper && !w.lower);
    copied = i;
  }
  return out + raw.slice(copied, to);
}

/** What readLeetWord read of the last word (one word is read at a time). */
const LEET_WORD = {
  letters: 0,
  lookalikes: 0,
  ones: 0,
  /** Changes between letters and other characters along the word. */
  turns: 0,
  /** Only hex digits. */
  hex: true,
  /** A capital after a small letter. */
  camel: false,
  lower: false,
  upper: false,
};

/** Where the next word of leetspeak characters starts at or after `i` (`to` for none). */
function nextLeetWord(raw: string, i: number, to: number): number {
  while (i < to && !isLeetWordChar(raw.charCodeAt(i))) i++;
  return i;
}

/** Read the word of leetspeak characters at `start` (before `to`) into LEET_WORD; returns its end. */
function readLeetWord(raw: string, start: number, to: number): number {
  const w = LEET_WORD;
  w.letters = w.lookalikes = w.ones = w.turns = 0;
  w.hex = true;
  w.camel = w.lower = w.upper = false;
  let i = start;
  for (let letter = -1; i < to && isLeetWordChar(raw.charCodeAt(i)); i++) {
    const ch = raw.charCodeAt(i);
    const isLetter = (CLASS[ch]! & C_LETTER) !== 0 ? 1 : 0;
    if (isLetter === 1) countLetter(w, ch, i > start ? raw.charCodeAt(i - 1) : 0);
    else if (LEET_LETTER[ch] !== 0) w.lookalikes++;
    if (ch === 0x31) w.ones++;
    if (letter !== -1 && letter !== isLetter) w.turns++;
    letter = isLetter;
    w.hex &&= (CLASS[ch]! & C_HEX_DIGIT) !== 0;
  }
  return i;
}

/** Count a letter `ch` (after `prev`, 0 for none) of the word read. */
function countLetter(w: typeof LEET_WORD, ch: number, prev: number): void {
  w.letters++;
  if (ch >= 0x61) w.lower = true;
  else {
    w.upper = true;
    if (prev >= 0x61 && prev <= 0x7a) w.camel = true;
  }
}

/**
 * The first reading of `raw[start, end)` that makes a word of LEET_WORDS, as a mask (bit j set: the
 * j-th '1' reads 'l'; all 'i' first), or -1. Words with more than MAX_LEET_ONES '1's have one reading.
 */
function listedReading(raw: string, start: number, end: number, ones: number): number {
  if (end - start > MAX_LEET_WORD) return -1;
  const readings = ones > MAX_LEET_ONES ? 1 : 1 << ones;
  for (let mask = 0; mask < readings; mask++) {
    if (LEET_HASHES.has(readingHash(raw, start, end, mask)) && LEET_WORDS.has(leetReading(raw, start, end, mask, false).toLowerCase())) return mask;
  }
  return -1;
}

/** The small-letter reading of `s[start, end)`, hashed as a string of its code units (`mask` as in listedReading). */
function readingHash(s: string, start: number, end: number, mask: number): number {
  let h = 0;
  let one = 0;
  for (let k = start; k < end; k++) {
    let ch = s.charCodeAt(k);
    if (ch === 0x31) ch = (mask >> one++) & 1 ? 0x6c : 0x69;
    else if (ch < 128 && LEET_LETTER[ch] !== 0) ch = LEET_LETTER[ch]!;
    else if (ch >= 0x41 && ch <= 0x5a) ch |= 0x20;
    h = (Math.imul(h, 31) + ch) | 0;
  }
  return h;
}

/** A reading of `raw[start, end)`: look-alikes as letters (capitals with `upper`), letters as written. */
function leetReading(raw: string, start: number, end: number, mask: number, upper: boolean): string {
  let out = '';
  let one = 0;
  const shift = upper ? 0x20 : 0;
  for (let k = start; k < end; k++) {
    const ch = raw.charCodeAt(k);
    if (ch === 0x31) out += String.fromCharCode(((mask >> one++) & 1 ? 0x6c : 0x69) - shift);
    else if (LEET_LETTER[ch] !== 0) out += String.fromCharCode(LEET_LETTER[ch]! - shift);
    else out += raw[k]!;
  }
  return out;
}

// "i g n o r e  a l l" / "i.g.n.o.r.e" / "i-g-n-o-r-e a-l-l": six or more single letters with
// separators between them. Four spaced letters are found first, then the whole run is read there.
const SPACED_GATE = /[A-Za-z][ .\-_*|/+~·•]{1,3}[A-Za-z][ .\-_*|/+~·•]{1,3}[A-Za-z][ .\-_*|/+~·•]{1,3}[A-Za-z]/g;
const SPACED_RUN = /(?<![A-Za-z0-9])[A-Za-z](?:[ .\-_*|/+~·•]{1,3}[A-Za-z]){5,}(?![A-Za-z0-9])/y;
/** Shortest SPACED_RUN match: six letters and five separators. */
const MIN_SPACED = 11;

function spacedLetters(raw: string, stretches: readonly number[], c: Collector): void {
  let lineStart = -1;
  let lineEnd = -1;
  let text = '';
  let pos = 0;
  const flush = (): void => {
    if (lineStart >= 0) c.add({ kind: 'spaced-letters', offset: lineStart, length: lineEnd - lineStart, verbatim: false, text: text + raw.slice(pos, lineEnd) });
    lineStart = -1;
  };
  for (let i = 0; i < stretches.length && !c.full; i += 2) {
    // the gate has no lookaround, so it reads the stretch alone; SPACED_RUN's lookarounds read raw
    const from = stretches[i]!;
    const part = raw.slice(from, stretches[i + 1]!);
    SPACED_GATE.lastIndex = 0;
    for (let g = SPACED_GATE.exec(part); g !== null && !c.full; g = SPACED_GATE.exec(part)) {
      SPACED_RUN.lastIndex = from + g.index;
      const m = SPACED_RUN.exec(raw);
      if (m === null) {
        SPACED_GATE.lastIndex = g.index + 1;
        continue;
      }
      const end = m.index + m[0].length;
      SPACED_GATE.lastIndex = end - from;
      if (m.index >= lineEnd) {
        flush();
        lineStart = m.index;
        while (lineStart > 0 && m.index - lineStart < 200 && raw.charCodeAt(lineStart - 1) !== 0x0a) lineStart--;
        lineEnd = end;
        while (lineEnd < raw.length && lineEnd - end < 200 && raw.charCodeAt(lineEnd) !== 0x0a) lineEnd++;
        text = '';
        pos = lineStart;
      }
      text += raw.slice(pos, m.index) + joinSpaced(m[0]);
      pos = end;
    }
  }
  flush();
}

/**
 * The places worth searching for payloads, as [from, to) pairs in text order, or null when there
 * are none: every maximal run of MIN_BASE64 or more base64 characters, and maximal runs of
 * spaced-hex characters (C_HEX_RUN) and stretches. A stretch is a maximal span of letters and
 * separators with no two letters side by side. The gate and SPACED_RUN match only such spans,
 * so every match lies inside one stretch (and every SPACED_HEX match inside one run), and a
 * search that fails inside one never reaches past it: the spans that hold no match can be left
 * out.
 *
 * One pass reads the last four characters of every block of eight (a "tail"), at places fixed in
 * advance: a skip search's next read depends on the last one, and prose makes its branches
 * unpredictable, which costs more than the reads. A SPACED_RUN match (MIN_SPACED or more
 * characters, a letter in every four) holds a whole tail of letters and separators, a letter
 * among them and no two side by side, which prose almost never has; a SPACED_HEX match
 * (MIN_SPACED_HEX or more, a hex digit in every four) holds three tails in a row of run
 * characters, each with a hex digit. A base64 run of MIN_BASE64 holds two tails in a row and the
 * four characters between them: prose has such twelve letters side by side in a long word only.
 * Only from such tails is the run or stretch around them read out to its ends, once (tails
 * inside one already read are passed over).
 */
function longRuns(raw: string): LongRuns | null {
  const n = raw.length;
  let runs: LongRuns | null = null;
  let hexEnd = 0; // the end of the last run read out
  let stretchEnd = 0; // the end of the last stretch read out
  let base64End = 0; // the end of the last base64 run read out
  let base64Tails = 0; // bit i: the tail i blocks back holds only base64 characters
  let hexTails = 0; // bit i: the tail i blocks back holds only run characters, a hex digit among them
  for (let x = 7; x < n; x += 8) {
    const a = raw.charCodeAt(x - 3);
    const b = raw.charCodeAt(x - 2);
    const d = raw.charCodeAt(x - 1);
    const e = raw.charCodeAt(x);
    const spaced = SPACED_TAIL[(SPACED_KIND[a]! << 6) | (SPACED_KIND[b]! << 4) | (SPACED_KIND[d]! << 2) | SPACED_KIND[e]!]!;
    const ca = CLASS[a]!;
    const cb = CLASS[b]!;
    const cd = CLASS[d]!;
    const ce = CLASS[e]!;
    const all = ca & cb & cd & ce;
    hexTails = ((hexTails << 1) | (all & C_HEX_RUN & ((ca | cb | cd | ce) >> 4))) & 7;
    base64Tails = ((base64Tails << 1) | ((all & C_BASE64) >> 3)) & 3;
    // (hexTails + 1) >> 3 is 1 for three hex tails in a row: one branch for all three kinds
    if ((spaced | ((hexTails + 1) >> 3) | (base64Tails & (base64Tails >> 1))) === 0) continue;
    if (base64Tails === 3 && x >= base64End) {
      const between = CLASS[raw.charCodeAt(x - 7)]! & CLASS[raw.charCodeAt(x - 6)]! & CLASS[raw.charCodeAt(x - 5)]! & CLASS[raw.charCodeAt(x - 4)]!;
      if ((between & C_BASE64) !== 0) base64End = (runs ??= new LongRuns()).readBase64Run(raw, x);
    }
    if (hexTails === 7 && x >= hexEnd) hexEnd = (runs ??= new LongRuns()).readHexRun(raw, x);
    if (spaced !== 0 && x >= stretchEnd) stretchEnd = (runs ??= new LongRuns()).readStretch(raw, x);
  }
  return runs;
}

/** What longRuns found; each run or stretch is read out once, from the first tail found in it. */
class LongRuns {
  readonly hex: number[] = [];
  readonly stretches: number[] = [];
  readonly base64: number[] = [];

  /** Read out the base64 run holding the twelve characters that end at `x`; returns its end. */
  readBase64Run(raw: string, x: number): number {
    const n = raw.length;
    let from = x - 11;
    while (from > 0 && (CLASS[raw.charCodeAt(from - 1)]! & C_BASE64) !== 0) from--;
    let to = x + 1;
    while (to < n && (CLASS[raw.charCodeAt(to)]! & C_BASE64) !== 0) to++;
    if (to - from >= MIN_BASE64) this.base64.push(from, to);
    return to;
  }

  /** Read out the run holding the tail ending at `x`; returns its end. */
  readHexRun(raw: string, x: number): number {
    let from = x - 3;
    while (from > 0 && (CLASS[raw.charCodeAt(from - 1)]! & C_HEX_RUN) !== 0) from--;
    // the rest of the run by a native search (a run can be as long as the text)
    HEX_RUN.lastIndex = x + 1;
    HEX_RUN.test(raw);
    const to = HEX_RUN.lastIndex;
    if (to - from >= MIN_SPACED_HEX) this.hex.push(from, to);
    return to;
  }

  /** Read out the stretch holding the tail ending at `x` (no boundary lies inside the tail); returns its end. */
  readStretch(raw: string, x: number): number {
    const n = raw.length;
    let from = x - 3;
    let right = CLASS[raw.charCodeAt(from)]! & C_SPACED;
    while (from > 0) {
      const prev = CLASS[raw.charCodeAt(from - 1)]! & C_SPACED;
      if (prev === 0 || (prev === C_LETTER && right === C_LETTER)) break;
      right = prev;
      from--;
    }
    let to = x + 1;
    let left = CLASS[raw.charCodeAt(x)]! & C_SPACED;
    while (to < n) {
      const next = CLASS[raw.charCodeAt(to)]! & C_SPACED;
      if (next === 0 || (next === C_LETTER && left === C_LETTER)) break;
      left = next;
      to++;
    }
    if (to - from >= MIN_SPACED) this.stretches.push(from, to);
    return to;
  }
}

/** The separators of SPACED_RUN, numbered from 1 by code unit (0 for any other character). */
const SEPARATOR_CHARS = ' .-_*|/+~\u00b7\u2022';
const SEPARATOR_NUMBER = new Uint8Array(0x2023);
for (let k = 0; k < SEPARATOR_CHARS.length; k++) SEPARATOR_NUMBER[SEPARATOR_CHARS.charCodeAt(k)] = k + 1;
/** Groups of up to three separators, numbered in base 12 (see joinSpaced). */
const GROUP_KINDS = 12 * 12 * 12;
const groupCounts = new Int32Array(GROUP_KINDS);

function separatorNumber(c: number): number {
  return c < SEPARATOR_NUMBER.length ? SEPARATOR_NUMBER[c]! : 0;
}

/** The number of the separator group `groupEnd` read last (its characters in base 12). */
let groupKey = 0;

/** The end of the group of up to three separators starting at `i` (a separator); sets `groupKey`. */
function groupEnd(run: string, i: number): number {
  let key = 0;
  const from = i;
  while (i < run.length && i - from < 3) {
    const k = separatorNumber(run.charCodeAt(i));
    if (k === 0) break;
    key = key * 12 + k;
    i++;
  }
  groupKey = key;
  return i;
}

/**
 * Join a spaced-out run: the commonest separator joins letters, any other one separates words.
 * The separators are the groups `/[ .\-_*|/+~·•]{1,3}/g` finds, left to right (in a SPACED_RUN
 * match every group between two letters is one), and the commonest is the one seen first among
 * those seen most. Each group is counted by its number, not by a match array and a Map entry: a
 * megabyte of "a.a.a" holds 500,000 groups.
 */
function joinSpaced(run: string): string {
  const n = run.length;
  const seen: number[] = [];
  for (let i = 0; i < n; ) {
    if (separatorNumber(run.charCodeAt(i)) === 0) {
      i++;
      continue;
    }
    i = groupEnd(run, i);
    const count = groupCounts[groupKey]!;
    groupCounts[groupKey] = count + 1;
    if (count === 0) seen.push(groupKey);
  }
  let main = -1;
  let best = 0;
  for (const key of seen) {
    const count = groupCounts[key]!;
    if (count > best) {
      main = key;
      best = count;
    }
    groupCounts[key] = 0;
  }
  let out = '';
  let start = 0;
  for (let i = 0; i < n; ) {
    if (separatorNumber(run.charCodeAt(i)) === 0) {
      i++;
      continue;
    }
    out += run.slice(start, i);
    i = groupEnd(run, i);
    if (groupKey !== main) out += ' ';
    start = i;
  }
  return out + run.slice(start);
}

// ---------------------------------------------------------------------------------------------
// Bytes to readable text

/** Per byte: 1 for an ASCII control (not white space), plus 2 for any ASCII byte other than a letter or white space. */
const BYTE_KIND = new Uint8Array(256);
for (let b = 0; b < 0x80; b++) {
  const space = b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
  const letter = (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a);
  if (!space && !letter) BYTE_KIND[b] = (b < 0x20 || b === 0x7f ? 1 : 0) + 2;
}

/**
 * The bytes as UTF-8 text when they read as text (mostly letters, spaces and punctuation, no
 * control bytes), else null. `truncated` tolerates a character cut at the end.
 */
export function readableText(bytes: Uint8Array, len: number, truncated = false): string | null {
  if (len < 8) return null;
  // An ASCII byte is a character of its own (only the last three bytes may be left undecoded,
  // after a character cut at the end), and the text has no more characters and bad sequences (its
  // total) than there are bytes. So ASCII controls over 5% of the bytes, or ASCII characters other
  // than letters and white space over half, fail the tests below without decoding: most long runs
  // of base64 characters in prose are words and paths, whose bytes are noise. (An integer margin
  // of at least 0.05 keeps the floating-point tests below on the same side.)
  let controls = 0;
  let others = 0;
  for (let k = 0; k < len - 3; k++) {
    const kind = BYTE_KIND[bytes[k]!]!;
    controls += kind & 1;
    others += kind >> 1;
  }
  if (controls * 20 > len || others * 2 > len) return null;
  const { text, bad } = decodeUtf8(bytes, len, truncated);
  let good = 0;
  let letters = 0;
  for (let k = 0; k < text.length; k++) {
    const ch = text.charCodeAt(k);
    if (ch === 0x20 || ch === 0x0a || ch === 0x0d || ch === 0x09) {
      good++;
      letters++;
    } else if ((ch >= 0x61 && ch <= 0x7a) || (ch >= 0x41 && ch <= 0x5a)) {
      good++;
      letters++;
    } else if (ch >= 0x21 && ch < 0x7f) good++;
    else if (ch >= 0xa0 && ch !== 0xfffd) {
      good++;
      if (ch >= 0x100) letters++;
    }
  }
  const total = text.length + bad;
  if (total === 0 || good < 0.95 * total || letters < 0.5 * total) return null;
  return text;
}

/** Minimal UTF-8 decoder (no TextDecoder in the pure core's lib): text and the number of bad sequences. */
export function decodeUtf8(bytes: Uint8Array, len: number, truncated = false): { text: string; bad: number } {
  let out = '';
  let bad = 0;
  let k = 0;
  while (k < len) {
    const b = bytes[k]!;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      k++;
      continue;
    }
    const need = b >= 0xf0 && b <= 0xf4 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
    if (need < 0 || b > 0xf4) {
      bad++;
      k++;
      continue;
    }
    if (k + need >= len) {
      // a character cut at the end of a probe is not an error
      if (!truncated) bad++;
      break;
    }
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    let ok = true;
    for (let j = 1; j <= need; j++) {
      const cb = bytes[k + j]!;
      if ((cb & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
      cp = (cp << 6) | (cb & 0x3f);
    }
    if (!ok || cp < [0, 0x80, 0x800, 0x10000][need]! || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
      bad++;
      k++;
      continue;
    }
    out += String.fromCodePoint(cp);
    k += need + 1;
  }
  return { text: out, bad };
}
