// Rule family: quality (QUALITY001..QUALITY010). Length of the main persona file, placeholder
// text left in, the manifest description, recommended sections and heading structure, and the
// length of every text file (QUALITY010, info). Advice is info and costs no points; warnings are
// kept for real problems (an almost empty persona, TODOs, a description that says nothing), so an
// ordinary, well-written soul scores 100.
import { registerTriggerBits, triggerBitsOf } from '../keywords.ts';
import type { Emit, RuleFamily, RuleInfo, ScanContext, TextFile } from '../types.ts';

const CATEGORY = 'quality';

const RULES: readonly RuleInfo[] = [
  { id: 'QUALITY001', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'Persona file too short (under 200 characters of content)' },
  { id: 'QUALITY002', stage: 'quality', severity: 'info', category: CATEGORY, description: 'Persona file thin (under 500 characters of content)' },
  { id: 'QUALITY003', stage: 'quality', severity: 'info', category: CATEGORY, description: 'Persona file long (over 50,000 characters)' },
  { id: 'QUALITY004', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'Persona file very long (over 200,000 characters); models will truncate it' },
  { id: 'QUALITY005', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'Placeholder text left in (TODO, Lorem ipsum, [Your name here])' },
  { id: 'QUALITY006', stage: 'quality', severity: 'warning', category: CATEGORY, description: 'Manifest description is too short, repeats the name, is all caps, truncated or a placeholder' },
  { id: 'QUALITY007', stage: 'quality', severity: 'info', category: CATEGORY, description: 'Persona file lacks a recommended section (role, personality, boundaries)' },
  { id: 'QUALITY008', stage: 'quality', severity: 'info', category: CATEGORY, description: 'Persona file heading structure (no headings, several top-level headings, skipped levels)' },
  { id: 'QUALITY010', stage: 'quality', severity: 'info', category: CATEGORY, description: 'Length of each text file in characters' },
];

export const SHORT_CONTENT = 200;
export const THIN_CONTENT = 500;
/** Content past which a persona without headings is advised to split into sections. */
export const UNSECTIONED_CONTENT = 1500;
export const LONG_CHARS = 50_000;
export const VERY_LONG_CHARS = 200_000;

/** 1234567 -> "1,234,567" (no locale: the same bytes everywhere). */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(n));
  // a comma before every group of three from the right, after the first character
  let i = digits.length % 3 || 3;
  let out = digits.slice(0, i);
  for (; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

const SURROGATE = /[\uD800-\uDFFF]/;
const PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** Characters as people count them: code points, not UTF-16 units. */
export function countChars(s: string): number {
  if (!SURROGATE.test(s)) return s.length;
  let n = s.length;
  PAIR.lastIndex = 0;
  while (PAIR.test(s)) n--; // test(), unlike exec(), builds no match array
  return n;
}

/** countChars(file.raw): the view counted the raw text's surrogate pairs while building norm. */
function charsOf(file: TextFile): number {
  return file.raw.length - file.view.surrogatePairs;
}

/** Characters of content: white space runs count as one, leading and trailing space as none. */
export function contentLength(s: string): number {
  return countChars(s.trim().replace(/\s+/g, ' '));
}

/** 1 for the ASCII characters contentLengthUpTo reads as white space: tab to carriage return, and space. */
const ASCII_SPACE = new Uint8Array(128);
for (const c of [9, 10, 11, 12, 13, 32]) ASCII_SPACE[c] = 1;

/**
 * contentLength, exact below `limit` and `limit` above it; stops early, copies nothing.
 *
 * An ASCII character is counted without a branch on its kind: words and spaces alternate every few
 * characters, and a branch on each change is mispredicted about as often (which cost more than the
 * arithmetic). `gap` is 1 after white space that follows content: the next character of content
 * counts it as the one space it collapses to.
 */
export function contentLengthUpTo(s: string, limit: number): number {
  if (!(limit > 0)) return 0;
  const n = s.length;
  let count = 0;
  let gap = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      const space = ASCII_SPACE[c]!;
      count += (space ^ 1) * (1 + gap);
      // 1 when this is white space and content came before (-count >>> 31 is 1 for count > 0)
      gap = space & (-count >>> 31);
      if (count >= limit) return limit;
      continue;
    }
    if (c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a) || c === 0xfeff) {
      gap = -count >>> 31;
      continue;
    }
    // the low half of a surrogate pair: its character was counted with the high half
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const p = s.charCodeAt(i - 1);
      if (p >= 0xd800 && p <= 0xdbff) continue;
    }
    count += 1 + gap;
    gap = 0;
    if (count >= limit) return limit;
  }
  return count;
}

/** The main persona file: `files.soul` of the manifest when present in the package, else SOUL.md. */
export function soulFileOf(ctx: ScanContext): TextFile | undefined {
  const files = ctx.manifest?.['files'];
  const declared = files !== null && typeof files === 'object' && !Array.isArray(files) ? (files as Record<string, unknown>)['soul'] : undefined;
  if (typeof declared === 'string') {
    const t = textNamed(ctx, declared.startsWith('./') ? declared.slice(2) : declared);
    if (t) return t;
  }
  return textNamed(ctx, 'SOUL.md') ?? ctx.texts.find((t) => t.name.toLowerCase() === 'soul.md');
}

function textNamed(ctx: ScanContext, name: string): TextFile | undefined {
  for (const t of ctx.texts) if (t.name === name) return t;
  return undefined;
}

// ---- placeholders -------------------------------------------------------------------------------

// Each placeholder pattern runs only when one of its gate words occurs in the file's `norm`. A
// `weak` gate word stands for alternatives that hold `literal` as it is in the raw text: opened by
// it alone, the pattern runs only when the text holds that literal. ('your*' opens the last
// pattern in most texts; without the other gate words only YOUR_..._HERE can match there.)
const PLACEHOLDERS: ReadonlyArray<{ readonly gate: readonly string[]; readonly re: RegExp; readonly needle?: string; readonly weak?: string; readonly literal?: string }> = [
  { gate: ['todo', 'fixme', 'tbd'], re: /(?:^|[\s([*_>#-])(TODO|FIXME|TBD)(?=[ \t]{0,6}(?::|\)|\]|$|-[ \t]|—))/gm },
  { gate: ['lorem ipsum'], re: /lorem[ \t*_]+ipsum/gi },
  { gate: ['[your', '[insert', '[add', '[enter', '[put', '[describe', '[write', '[replace'], re: /\[(?:your|insert|add|enter|put|describe|write|replace)\b[^\][\n]{1,60}\]/giy, needle: '[' },
  { gate: ['<your', '<insert', '<add', '<enter'], re: /<(?:your|insert|add|enter)[ _-][^<>\n]{1,60}>/giy, needle: '<' },
  { gate: ['here)'], re: /\((?:your|insert) [^()\n]{1,40} here\)/giy, needle: '(' },
  { gate: ['replaceme', 'replace me', 'changeme', 'change me', 'placeholder*', 'your*'], re: /\b(?:REPLACE[_ ]?ME|CHANGE[_ ]?ME|YOUR_[A-Z_]{2,40}_HERE|PLACEHOLDER_[A-Z_]{2,40})\b/g, weak: 'your*', literal: 'YOUR_' },
];

/** The first placeholder in a text outside code, or null. */
export function findPlaceholder(file: TextFile): { text: string; offset: number } | null {
  return placeholderIn(file, openGates(file));
}

/** findPlaceholder, given the file's openGates. */
function placeholderIn(file: TextFile, gates: number): { text: string; offset: number } | null {
  if ((gates & PLACEHOLDER_BITS) === 0) return null; // every pattern is gated
  for (let k = 0; k < PLACEHOLDERS.length; k++) {
    const { re, needle, literal } = PLACEHOLDERS[k]!;
    if ((gates & (1 << k)) === 0 && ((gates & (1 << (WEAK_BIT + k))) === 0 || file.raw.indexOf(literal!) === -1)) continue;
    const hit = needle === undefined ? firstGlobal(re, file) : firstSticky(re, needle, file);
    if (hit) return hit;
  }
  return null;
}

function accept(file: TextFile, m: RegExpExecArray): { text: string; offset: number } | null {
  const at = m.index + (m[0].length - m[0].trimStart().length);
  if (file.view.inCodeBlock(at) || inInlineCode(file.raw, at)) return null;
  return { text: (m[1] ?? m[0]).trim(), offset: at };
}

function firstGlobal(re: RegExp, file: TextFile): { text: string; offset: number } | null {
  re.lastIndex = 0;
  let tries = 0;
  for (let m = re.exec(file.raw); m !== null && tries < 32; m = re.exec(file.raw), tries++) {
    const hit = accept(file, m);
    if (hit) return hit;
  }
  return null;
}

/** A sticky pattern tried at each occurrence of its first character. */
function firstSticky(re: RegExp, needle: string, file: TextFile): { text: string; offset: number } | null {
  const raw = file.raw;
  let tries = 0;
  for (let i = raw.indexOf(needle); i !== -1 && tries < 4096; i = raw.indexOf(needle, i + 1), tries++) {
    re.lastIndex = i;
    const m = re.exec(raw);
    if (m === null) continue;
    const hit = accept(file, m);
    if (hit) return hit;
  }
  return null;
}

function inInlineCode(raw: string, i: number): boolean {
  const from = Math.max(0, i - 300);
  const nl = raw.slice(from, i).lastIndexOf('\n');
  const start = nl === -1 ? from : from + nl + 1;
  let ticks = 0;
  for (let k = start; k < i; k++) if (raw.charCodeAt(k) === 96) ticks++;
  return ticks % 2 === 1;
}

// ---- headings ---------------------------------------------------------------------------------

interface Heading {
  readonly level: number;
  readonly text: string;
  readonly offset: number;
}

function indexOrEnd(s: string, needle: string): number {
  const i = s.indexOf(needle);
  return i === -1 ? s.length : i;
}

/**
 * ATX headings outside fenced code, in order (at most 500): the matches of
 * / {0,3}(#{1,6})[ \t]{1,6}([^\n]{0,200})/y at line starts (lines split at \n), level and text
 * with '#', '*', '_' and '`' runs removed and trimmed. Found from the '#' characters (a native
 * search; markdown has few): a '#' after at most three spaces at the start of a line starts one.
 * Only the first '#' of a line can, so no line is read twice. The pattern is read by hand: it can
 * only match as one to six '#', then a space or tab, then the rest of the line up to 200
 * characters (a pattern call and its match array cost more than these reads).
 */
export function headingsOf(file: TextFile): Heading[] {
  const out: Heading[] = [];
  const raw = file.raw;
  const n = raw.length;
  // A fenced block opens at a line that starts with ``` or ~~~, so a heading line before the first
  // ``` or ~~~ of the text is in none: the view's fence search is needed only after it.
  const fenceFrom = Math.min(indexOrEnd(raw, '```'), indexOrEnd(raw, '~~~'));
  for (let j = raw.indexOf('#'); j !== -1 && out.length < 500; j = raw.indexOf('#', j + 1)) {
    let ls = j;
    while (ls > 0 && j - ls < 3 && raw.charCodeAt(ls - 1) === 32) ls--;
    if (ls > 0 && raw.charCodeAt(ls - 1) !== 10) continue;
    let h = j;
    while (h - j < 7 && raw.charCodeAt(h) === 35) h++;
    const c = raw.charCodeAt(h);
    if (h - j > 6 || (c !== 32 && c !== 9)) continue;
    let t = h + 1;
    while (t - h < 6 && (raw.charCodeAt(t) === 32 || raw.charCodeAt(t) === 9)) t++;
    const nl = raw.indexOf('\n', t);
    const e = Math.min(nl === -1 ? n : nl, t + 200);
    if (ls > fenceFrom && file.view.inCodeBlock(ls)) continue;
    out.push({ level: h - j, text: headingText(raw, t, e), offset: ls });
  }
  return out;
}

/** raw.slice(t, e) without runs of '#', '*', '_' and '`', trimmed (the slice is copied only when it holds one). */
function headingText(raw: string, t: number, e: number): string {
  for (let k = t; k < e; k++) {
    const c = raw.charCodeAt(k);
    if (c === 35 || c === 42 || c === 95 || c === 96) return raw.slice(t, e).replace(/[#*_`]+/g, '').trim();
  }
  return raw.slice(t, e).trim();
}

// Each `heading` pattern is tested once on all headings joined by line breaks: it must not match
// a line break (only letters, spaces and apostrophes), nor be global or sticky.
const SECTIONS: ReadonlyArray<{ readonly name: string; readonly heading: RegExp; readonly words: readonly string[] }> = [
  {
    name: 'role or purpose',
    heading: /role|purpose|mission|about|overview|identity|who (?:you|i) (?:are|am)|goal|objective|description|summary|introduction|background|core|responsibilit|focus|expertise|what (?:you|i) do/i,
    words: ['you are', "you're", 'i am', "i'm", 'your role', 'your job', 'your purpose', 'your mission', 'your goal', 'act as', 'as a', 'as an'],
  },
  {
    name: 'personality or tone',
    heading: /personality|tone|voice|style|communicat|character|trait|temperament|vibe|manner|attitude|behaviou?r|how (?:you|i) (?:speak|talk|write|respond)/i,
    words: ['tone', 'personality', 'voice', 'style', 'friendly', 'warm', 'formal', 'casual', 'concise', 'patient', 'playful', 'direct'],
  },
  {
    name: 'boundaries',
    heading: /boundar|limit|rule|guardrail|safety|constraint|don'?t|never|restriction|ethic|principle|value|policy|policies|avoid|scope|escalat/i,
    words: ['never', 'do not', "don't", 'avoid*', 'refuse*', 'decline*', 'boundar*', 'limit*', "won't", 'will not'],
  },
];

/**
 * Per gate word, by trigger number: bit k for PLACEHOLDERS[k] (bit WEAK_BIT + k for its weak word)
 * and bit SECTION_BIT + j for SECTIONS[j]. Registered as trigger bits, not as rules' gates (this
 * family only asks which words occur): the gates of every view would list their places for nothing.
 */
const SECTION_BIT = PLACEHOLDERS.length;
const WEAK_BIT = SECTION_BIT + SECTIONS.length;
const PLACEHOLDER_BITS = ((1 << SECTION_BIT) - 1) | (((1 << PLACEHOLDERS.length) - 1) << WEAK_BIT);
const GATE_LISTS = [...PLACEHOLDERS.map((p) => p.gate), ...SECTIONS.map((s) => s.words)];
const GATE_BITS = registerTriggerBits(GATE_LISTS.flat(), (w) => {
  let bits = 0;
  GATE_LISTS.forEach((words, k) => {
    if (words.includes(w)) bits |= w === PLACEHOLDERS[k]?.weak ? 1 << (WEAK_BIT + k) : 1 << k;
  });
  return bits;
});

/**
 * The PLACEHOLDERS and SECTIONS whose gate words occur in a file, as GATE_BITS bits: one read per
 * word the keyword pass found (usually a few) instead of one look-up per gate word of every list.
 */
function openGates(file: TextFile): number {
  return triggerBitsOf(file.view, GATE_BITS);
}
for (const s of SECTIONS) {
  if (!/^[A-Za-z '|()?:]+$/.test(s.heading.source) || s.heading.flags !== 'i') throw new Error(`section pattern /${s.heading.source}/ must be plain words (see SECTIONS)`);
}

// ---- the manifest description -------------------------------------------------------------------

const DESCRIPTION_PLACEHOLDERS: readonly string[] = ['todo', 'tbd', 'fixme', 'lorem ipsum', 'description here', 'your description', 'a short description', 'describe your soul', 'add a description', 'enter a description', 'my soul', 'my first soul', 'test soul', 'placeholder'];

// Matches wherever one of DESCRIPTION_PLACEHOLDERS occurs (checked below), so a miss proves there is none.
const DESCRIPTION_PLACEHOLDER_ANY = /todo|tbd|fixme|lorem ipsum|description here|your description|a short description|describe your soul|add a description|enter a description|my soul|my first soul|test soul|placeholder/;
for (const p of DESCRIPTION_PLACEHOLDERS) if (!DESCRIPTION_PLACEHOLDER_ANY.test(p)) throw new Error(`DESCRIPTION_PLACEHOLDER_ANY misses "${p}"`);

/** Placeholder text in a description: a known phrase as a word, or a [bracketed] / <angled> fill-in. */
function descriptionPlaceholder(d: string): string | null {
  const lower = d.toLowerCase();
  // one native search proves that no placeholder phrase occurs at all (the usual case)
  if (DESCRIPTION_PLACEHOLDER_ANY.test(lower)) return placeholderPhrase(d, lower) ?? fillIn(d);
  return fillIn(d);
}

function placeholderPhrase(d: string, lower: string): string | null {
  for (const p of DESCRIPTION_PLACEHOLDERS) {
    const i = lower.indexOf(p);
    if (i === -1) continue;
    const before = i === 0 ? ' ' : lower[i - 1]!;
    const after = lower[i + p.length] ?? ' ';
    if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return d.slice(i, i + p.length);
  }
  return null;
}

/** A [bracketed] or <angled> fill-in of at most 41 characters. */
function fillIn(d: string): string | null {
  return bracketed(d, '[', ']') ?? bracketed(d, '<', '>');
}

function bracketed(d: string, open: string, close: string): string | null {
  const a = d.indexOf(open);
  const b = a === -1 ? -1 : d.indexOf(close, a + 1);
  return a !== -1 && b !== -1 && b - a <= 42 ? d.slice(a, b + 1) : null;
}

const ASCII = /^[\x00-\x7f]*$/;

function squashName(s: string): string {
  // In ASCII the letters and digits are a-z, A-Z and 0-9: a plain class does the same, faster.
  if (ASCII.test(s)) return s.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** At least 8 letters, and all capitals (and at least one letter with case). */
function isShouting(d: string): boolean {
  if (ASCII.test(d)) {
    // ASCII letters are A-Z and a-z: count them instead of copying them out
    let upper = 0;
    let lower = 0;
    for (let i = 0; i < d.length; i++) {
      const c = d.charCodeAt(i);
      if (c >= 65 && c <= 90) upper++;
      else if (c >= 97 && c <= 122) lower++;
    }
    return upper + lower >= 8 && lower === 0;
  }
  const letters = d.replace(/[^\p{L}]/gu, '');
  return letters.length >= 8 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** Whether the description, squashed, equals the manifest's name or displayName (if not blank) squashed. */
function repeatsName(d: string, m: Record<string, unknown>): boolean {
  return sameSquashed(d, m['name']) || sameSquashed(d, m['displayName']);
}

const isAsciiAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/** squashName(a) === squashName(b) for a non-blank string b; ASCII strings compared in place. */
function sameSquashed(a: string, b: unknown): boolean {
  if (typeof b !== 'string' || b.trim() === '') return false;
  if (!ASCII.test(a) || !ASCII.test(b)) return squashName(a) === squashName(b);
  // ASCII: the squashed form is the letters and digits, lower-cased; walk both side by side
  let i = 0;
  let j = 0;
  for (;;) {
    while (i < a.length && !isAsciiAlnum(a.charCodeAt(i))) i++;
    while (j < b.length && !isAsciiAlnum(b.charCodeAt(j))) j++;
    if (i === a.length || j === b.length) return i === a.length && j === b.length;
    if ((a.charCodeAt(i) | 0x20) !== (b.charCodeAt(j) | 0x20)) return false;
    i++;
    j++;
  }
}

function checkDescription(ctx: ScanContext, emit: Emit): void {
  const m = ctx.manifest;
  if (!m) return;
  const description = m['description'];
  if (typeof description !== 'string' || description.trim() === '') return;
  const d = description.trim();
  const problems: string[] = [];
  const len = countChars(d);
  if (len < 20) problems.push(`it is only ${len} characters long; say in one sentence what the persona does and for whom (20 to 160 characters)`);
  if (repeatsName(d, m)) problems.push('it only repeats the name; describe what the persona does');
  if (isShouting(d)) problems.push('it is written in capital letters; use sentence case');
  if (d.endsWith('...') || d.endsWith('…')) problems.push('it ends with "..." as if cut off; finish the sentence');
  const ph = descriptionPlaceholder(d);
  if (ph) problems.push(`it contains placeholder text ("${ph.slice(0, 40)}"); write the real description`);
  if (problems.length === 0) return;
  emit({ code: 'QUALITY006', file: 'soul.json', message: `The description in soul.json needs work: ${problems.join('; ')}.` });
}

// ---- the pass -----------------------------------------------------------------------------------------

/** The heading texts joined by line breaks. */
function joinHeadings(headings: readonly Heading[]): string {
  let out = headings[0]!.text;
  for (let i = 1; i < headings.length; i++) out += `\n${headings[i]!.text}`;
  return out;
}

/** The SECTIONS entry whose words stand in for a heading even when the file has headings. */
const ROLE_SECTION = SECTIONS.findIndex((s) => s.name === 'role or purpose');

/** The QUALITY007 message after the file name, per set of missing SECTIONS (bit j for SECTIONS[j]). */
const MISSING_SECTIONS: readonly string[] = Array.from({ length: 1 << SECTIONS.length }, (_, mask) => {
  const names = SECTIONS.filter((_s, j) => (mask & (1 << j)) !== 0).map((s) => s.name);
  return ` has no section on ${names.join(', ')}; a heading for each helps people and models read the persona.`;
});

function checkSoulFile(file: TextFile, emit: Emit, chars: number, gates: number): void {
  const raw = file.raw;
  // Counted as far as the thresholds every persona is compared with (exact below them). Only a
  // persona without headings is compared with UNSECTIONED_CONTENT, and most have headings:
  // counting on to it for every persona cost the bench 0.3 ms per MB, far more than counting the
  // first THIN_CONTENT characters of a persona without headings twice.
  const content = contentLengthUpTo(raw, THIN_CONTENT);
  if (content < SHORT_CONTENT) {
    emit({ code: 'QUALITY001', file: file.name, message: `${file.name} has only ${formatCount(content)} characters of content; describe the persona's role, personality and boundaries (at least ${SHORT_CONTENT} characters).` });
  } else if (content < THIN_CONTENT) {
    emit({ code: 'QUALITY002', file: file.name, message: `${file.name} is thin (${formatCount(content)} characters of content); consider examples of tone, typical tasks and what the persona declines.` });
  }
  if (chars > VERY_LONG_CHARS) {
    emit({ code: 'QUALITY004', file: file.name, message: `${file.name} is ${formatCount(chars)} characters long; most models truncate or dilute prompts this long. Move reference material to separate files and keep the persona under ${formatCount(LONG_CHARS)} characters.` });
  } else if (chars > LONG_CHARS) {
    emit({ code: 'QUALITY003', file: file.name, message: `${file.name} is ${formatCount(chars)} characters long; a persona is loaded whole into every conversation, so consider trimming it below ${formatCount(LONG_CHARS)} characters.` });
  }
  if (content < SHORT_CONTENT) return;
  const headings = headingsOf(file);
  // The section patterns are literal words and spaces, so none matches across a line break: one
  // test over the headings joined by line breaks tells whether any heading matches (and none
  // matches the empty text of no headings).
  let headingLines: string | undefined;
  let missing = 0;
  for (let j = 0; j < SECTIONS.length; j++) {
    // a section named by its words needs no heading test (the words are looked up, not searched)
    if ((j === ROLE_SECTION || headings.length === 0) && (gates & (1 << (SECTION_BIT + j))) !== 0) continue;
    if (headings.length > 0) {
      headingLines ??= joinHeadings(headings);
      if (SECTIONS[j]!.heading.test(headingLines)) continue;
    }
    missing |= 1 << j;
  }
  if (missing !== 0) emit({ code: 'QUALITY007', file: file.name, message: `${file.name}${MISSING_SECTIONS[missing]!}` });
  const advice: string[] = [];
  if (headings.length === 0) {
    if (content === THIN_CONTENT && contentLengthUpTo(raw, UNSECTIONED_CONTENT + 1) > UNSECTIONED_CONTENT) advice.push('it has no headings; split it into sections (## Role, ## Personality, ## Boundaries)');
  } else {
    let h1 = 0;
    for (let i = 0; i < headings.length; i++) if (headings[i]!.level === 1) h1++;
    if (h1 > 1) advice.push(`it has ${h1} top-level (#) headings; use one title and ## for sections`);
    if (headings[0]!.level > 2) advice.push('it starts with a deep heading; start with # or ##');
    for (let i = 1; i < headings.length; i++) {
      if (headings[i]!.level > headings[i - 1]!.level + 1) {
        advice.push(`the heading "${headings[i]!.text.slice(0, 40)}" skips a level`);
        break;
      }
    }
  }
  if (advice.length > 0) emit({ code: 'QUALITY008', file: file.name, offset: headings[0]?.offset ?? 0, message: `${file.name} heading structure: ${advice.join('; ')}.` });
}

const PROSE_EXTS = new Set(['md', 'markdown', 'mdx', 'txt', 'yaml', 'yml', '']);

/** Rule family: quality (QUALITY001..QUALITY010). */
export const quality: RuleFamily = {
  name: 'quality',
  rules: RULES,
  check(ctx, emit) {
    const soul = soulFileOf(ctx);
    for (let i = 0; i < ctx.texts.length; i++) {
      const file = ctx.texts[i]!;
      const chars = charsOf(file);
      emit({ code: 'QUALITY010', file: file.name, message: `${file.name}: ${formatCount(chars)} characters` });
      const prose = PROSE_EXTS.has(file.ext);
      const gates = file === soul || prose ? openGates(file) : 0;
      if (file === soul) checkSoulFile(file, emit, chars, gates);
      if (prose) {
        const ph = placeholderIn(file, gates);
        if (ph) emit({ code: 'QUALITY005', file: file.name, offset: ph.offset, message: `${file.name} still contains placeholder text "${ph.text.slice(0, 60)}"; replace it with real content or remove it.` });
      }
    }
    checkDescription(ctx, emit);
  },
};
