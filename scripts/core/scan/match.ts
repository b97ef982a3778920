// Shared matcher for phrase rules: runs a family's patterns over every text view of every file
// (normalised text, hidden segments, decoded payloads, squashed letters), applies the refusal
// context, and emits one finding per rule and file.
import { compactSource } from './compact-regex.ts';
import { anchorWindows, isRefusalContext, spaceIndexes } from './context.ts';
import { GRAM, keywordsOf, letterEndsOf } from './keywords.ts';
import { reachOf, reachOfAll, type Reach } from './reach.ts';
import { REPORTED_DECODED_KINDS, createViewMemo, unitsToString } from './text.ts';
import type { Segment, TextView, ViewMemo } from './text.ts';
import type { Emit, ScanContext, TextFile } from './types.ts';

export interface PhraseRule {
  readonly id: string;
  /**
   * Patterns over `TextView.norm`: lower case, NFKC, homoglyphs folded, markdown emphasis removed,
   * every run of white space one ' '. Write ' ' (or ' ?') for white space. Linear-time only:
   * no nested quantifiers, bounded repeats. Flags are added by the matcher (g and u are fine).
   */
  readonly patterns: readonly RegExp[];
  /** Cheap prefilter: the patterns run only when `norm` contains one of these (lower case). */
  readonly anyOf?: readonly string[];
  /** Letters-and-digits-only phrases that also fire (split or spaced words), e.g. "ignoreallpreviousinstructions". */
  readonly squashed?: readonly string[];
  /** A refusal or quotation context lowers an error to a warning (default true). */
  readonly contextual?: boolean;
  /** Also look inside hidden and decoded segments (default true). */
  readonly segments?: boolean;
  /** Ignore matches inside fenced code blocks (default false). */
  readonly skipCode?: boolean;
  /** Message for a match; default: the rule's description and the matched text. */
  readonly message?: (matched: string) => string;
  /** Only scan files whose extension is listed (default: all text files). */
  readonly exts?: readonly string[];
  /**
   * Extra refusal or quotation context for languages the shared English cues do not cover
   * (e.g. "nunca ignores ..."): true lowers the match to a warning, like `isRefusalContext`.
   */
  readonly context?: (norm: string, start: number, end: number) => boolean;
}

export interface PhraseRuleOptions {
  /** Code emitted (once per file) when a rule fires inside hidden text. */
  readonly hiddenCode?: string;
  /** Code emitted (once per file) when a rule fires inside a decoded payload. */
  readonly decodedCode?: string;
  /** Code emitted (once per file) when a rule fires only on squashed letters. */
  readonly splitCode?: string;
}

export const SEGMENT_LABEL: Readonly<Record<Segment['kind'], string>> = {
  'html-comment': 'hidden in an HTML comment',
  'link-title': 'hidden in a link title',
  'alt-text': 'hidden in image alt text',
  'html-attribute': 'hidden in an HTML attribute',
  'hidden-element': 'hidden in an HTML element that is not displayed',
  'tag-characters': 'hidden in invisible Unicode tag characters',
  'variation-selectors': 'hidden in invisible variation selectors',
  base64: 'decoded from base64',
  hex: 'decoded from hex',
  rot13: 'decoded from rot13',
  'url-encoded': 'decoded from percent-encoding',
  escaped: 'decoded from \\u escapes',
  'spaced-letters': 'with its letters spaced out or split',
  'html-rendered': 'as rendered from HTML entities and tags',
  leetspeak: 'written in leetspeak (digits for letters)',
};

/** A segment to rescan, with the offset of its outermost segment in the file and a label. */
export interface FlatSegment {
  readonly view: TextView;
  readonly offset: number;
  readonly label: string;
  readonly kind: Segment['kind'];
  readonly decoded: boolean;
}

const FLAT: ViewMemo<FlatSegment[]> = createViewMemo();
const NO_SEGMENTS: readonly FlatSegment[] = [];

/** Hidden and decoded segments of a view, and theirs in turn (bounded by the views' depth). */
export function flatSegments(view: TextView): readonly FlatSegment[] {
  // most views have none: nothing to make or keep for them
  if (view.hidden.length === 0 && view.decoded.length === 0) return NO_SEGMENTS;
  const cached = FLAT.get(view);
  if (cached) return cached;
  const out: FlatSegment[] = [];
  FLAT.set(view, out);
  const walk = (v: TextView, outer: { offset: number; label: string; decoded: boolean } | null): void => {
    for (const seg of [...v.hidden, ...v.decoded]) {
      const decoded = REPORTED_DECODED_KINDS.has(seg.kind) || (outer?.decoded ?? false);
      const label = outer ? `${SEGMENT_LABEL[seg.kind]}, ${outer.label}` : SEGMENT_LABEL[seg.kind];
      const offset = outer ? outer.offset : seg.offset;
      out.push({ view: seg.view, offset, label, kind: seg.kind, decoded });
      walk(seg.view, { offset, label, decoded });
    }
  };
  walk(view, null);
  return out;
}

/** The verbatim hidden segment (comment, title, alt text, ...) holding a raw offset, if any. */
export function hiddenAt(view: TextView, offset: number): Segment | undefined {
  for (const seg of view.hidden) if (seg.verbatim && offset >= seg.offset && offset < seg.offset + seg.length) return seg;
  return undefined;
}

const MAX_TRIES = 64;
const GLOBAL = new WeakMap<RegExp, RegExp>();

function globalOf(pattern: RegExp): RegExp {
  let re = GLOBAL.get(pattern);
  if (!re) {
    // compacted: the matcher reads whole matches only (see compact-regex.ts)
    re = new RegExp(compactSource(pattern.source), pattern.flags.includes('g') ? pattern.flags : pattern.flags + 'g');
    GLOBAL.set(pattern, re);
  }
  return re;
}

interface Hit {
  start: number;
  end: number;
  text: string;
  qualified: boolean;
}

/**
 * Phrase rules are run only near their keywords: the places of each rule's `anyOf` words in a view
 * are found once per rule set (`positionsOf`), then each pattern runs on the windows
 * around those places that a match can cover (`anchorWindows`). A rule without `anyOf`, or with
 * more than MAX_POSITIONS occurrences of a keyword, runs over the whole text.
 */
const MAX_POSITIONS = 256;

export interface Compiled {
  /**
   * The keywords of the set that start with an ASCII character, each looked for on its own by a
   * native search (see `positionsOf`).
   */
  readonly narrow: readonly string[];
  /** The keywords that start with any other character (CJK, Cyrillic, ...), by that character. */
  readonly wide: WideKeywords | null;
}

/**
 * Keywords by their first code unit (128 or above). A CJK rule set holds dozens of keywords: one
 * table test per character finds all their places in one pass, where a search per keyword would
 * read the text dozens of times (and V8 runs an alternation of a hundred CJK words at about 10 ns a
 * character: its quick checks are built for ASCII first characters).
 */
interface WideKeywords {
  /** A bit per first code unit. */
  readonly firsts: Int32Array;
  /** Per first code unit, the keywords, longest first. */
  readonly byFirst: ReadonlyMap<number, readonly string[]>;
}

const NO_KEYWORDS: Compiled = { narrow: [], wide: null };
/** Keyword positions of a view for a rule set: keyword → sorted norm offsets. */
const POSITIONS: ViewMemo<Map<Compiled, Map<string, number[]>>> = createViewMemo();

/**
 * Compiled keyword sets by their words. Not by the rule list: lists are built per file (as
 * injection-i18n does), and a weak cache entry per short-lived list slows every young-generation
 * collection.
 */
const COMPILED_WORDS = new Map<string, Compiled>();
const MAX_COMPILED_WORDS = 512;

function compile(rules: readonly PhraseRule[]): Compiled {
  // rules handed out by a phrase gate have no keywords
  if (rules.every((r) => r.anyOf === undefined || r.anyOf.length === 0)) return NO_KEYWORDS;
  const words = new Set<string>();
  for (const r of rules) for (const k of r.anyOf ?? []) if (k.length > 0) words.add(k);
  const sorted = [...words].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  const key = sorted.join('\u0000');
  let c = COMPILED_WORDS.get(key);
  if (c === undefined) {
    c = { narrow: sorted.filter((w) => w.charCodeAt(0) < 128), wide: wideKeywords(sorted.filter((w) => w.charCodeAt(0) >= 128)) };
    if (COMPILED_WORDS.size >= MAX_COMPILED_WORDS) COMPILED_WORDS.clear();
    COMPILED_WORDS.set(key, c);
  }
  return c;
}

function wideKeywords(words: readonly string[]): WideKeywords | null {
  if (words.length === 0) return null;
  const firsts = new Int32Array(2048);
  const byFirst = new Map<number, string[]>();
  for (const w of words) {
    const c = w.charCodeAt(0);
    firsts[c >>> 5]! |= 1 << (c & 31);
    const list = byFirst.get(c);
    if (list === undefined) byFirst.set(c, [w]);
    else list.push(w);
  }
  return { firsts, byFirst };
}

/** A character outside ASCII: where a wide keyword may start. */
const NON_ASCII = /[^\u0000-\u007f]/g;

/** Record a keyword's position, up to MAX_POSITIONS of them. */
function record(found: Map<string, number[]>, k: string, at: number): void {
  let list = found.get(k);
  if (!list) found.set(k, (list = []));
  if (list.length < MAX_POSITIONS) list.push(at);
}

function positionsOf(view: TextView, compiled: Compiled): Map<string, number[]> {
  let byView = POSITIONS.get(view);
  if (!byView) {
    byView = new Map();
    POSITIONS.set(view, byView);
  }
  let found = byView.get(compiled);
  if (found) return found;
  found = new Map();
  const norm = view.norm;
  // Every place of each keyword, overlapping ones too, in order, up to MAX_POSITIONS. One native
  // search per keyword, stopping at the last place kept, costs less than one alternation of them
  // all at every start: that built a match (array and string) per place, and ran on to the end of
  // the text for keywords long since listed in full; and each set of keywords was one more
  // regular expression to compile, twice (one- and two-byte text), in a process where V8 compiles
  // regular expressions without optimisations once they hold 16 MB of code (see `wideNorm`).
  for (const k of compiled.narrow) {
    let at = norm.indexOf(k);
    if (at === -1) continue;
    const list: number[] = [];
    for (; at !== -1 && list.length < MAX_POSITIONS; at = norm.indexOf(k, at + 1)) list.push(at);
    found.set(k, list);
  }
  const wide = compiled.wide;
  if (wide !== null) {
    // every keyword that starts at a place is recorded there; a keyword's first unit tells the two
    // lists apart, so each keyword's places come in order. The texts that call for wide keywords
    // are mostly ASCII (an English persona that quotes a line of Chinese): a native search skips
    // to each run of other characters, and only the runs are read here (a test per character of
    // the whole text in JavaScript took about three times as long over the bench corpus)
    const { firsts, byFirst } = wide;
    const n = norm.length;
    const re = NON_ASCII;
    re.lastIndex = 0;
    while (re.test(norm)) {
      let i = re.lastIndex - 1;
      for (; i < n; i++) {
        const c = norm.charCodeAt(i);
        if (c < 128) break;
        if (((firsts[c >>> 5]! >>> (c & 31)) & 1) === 0) continue;
        for (const k of byFirst.get(c)!) if (norm.startsWith(k, i)) record(found, k, i);
      }
      // past the run (its end is ASCII, or the end of the text: then the search fails and stops)
      re.lastIndex = i;
    }
  }
  byView.set(compiled, found);
  return found;
}

/** Where a keyword list's words start in a text, as `findHit` finds them (for the fast-path test). */
export function keywordPositions(view: TextView, words: readonly string[]): Map<string, number[]> {
  return positionsOf(view, compile([{ id: 'test', patterns: [], anyOf: words }]));
}

/** The sorted `norm` offsets of a rule's keywords, null when none occurs, WHOLE when too many to list. */
function keywordStarts(rule: PhraseRule, positions: Map<string, number[]>): readonly number[] | null {
  const starts: number[] = [];
  for (const k of rule.anyOf ?? []) {
    const list = positions.get(k);
    if (list === undefined) continue;
    if (list.length >= MAX_POSITIONS) return WHOLE;
    for (const p of list) starts.push(p);
  }
  if (starts.length === 0) return null;
  return starts.sort((a, b) => a - b);
}

/**
 * Where a gated rule's matches can lie: the offsets in `norm` of the anchors its gate saw (every
 * match holds one), and the offsets of the spaces of `norm`. Each pattern runs on the windows
 * around them that a match of its own can cover (`anchorWindows`): a short pattern of a rule need
 * not read as far as its longest one.
 */
export interface Anchors {
  readonly positions: readonly number[];
  readonly spaces: Int32Array;
}

/** Where a rule's matches can lie: [first start, last end] pairs of `norm` (see `anchorWindows`), anchors, or null for anywhere. */
export type Within = readonly number[] | Anchors | null;

/** The first match of a rule in a view (one not in a refusal context, if any), in `within` when given. */
function findHit(view: TextView, rule: PhraseRule, contextual: boolean, compiled: Compiled, within: Within = null): Hit | null {
  if (within === null && rule.anyOf && rule.anyOf.length > 0) {
    // every match holds one of the rule's keywords: the windows around them hold every match
    const starts = keywordStarts(rule, positionsOf(view, compiled));
    if (starts === null) return null;
    if (starts !== WHOLE) within = { positions: starts, spaces: keywordsOf(view).spaces };
  }
  const windows = within === null ? null : isPairs(within) ? within : windowsOf(view.norm, rule, within);
  const hit = findHitWithin(view, rule, contextual, windows);
  return hit === OUTSIDE ? findHitWithin(view, rule, contextual, null) : hit;
}

function isPairs(within: readonly number[] | Anchors): within is readonly number[] {
  return Array.isArray(within);
}

/**
 * The windows of each pattern of a rule around its anchors (WHOLE where they would cover most of
 * the text); patterns that reach as far share one array.
 */
function windowsOf(norm: string, rule: PhraseRule, anchors: Anchors): readonly number[] | ReadonlyArray<readonly number[]> {
  const { reach, reaches, uniform } = preparedOf(rule.patterns);
  // one list for all when the patterns reach as far (a rule of one pattern, most often)
  if (uniform) return anchorWindows(anchors.positions, norm, reach, anchors.spaces) ?? WHOLE;
  const out = new Array<readonly number[]>(reaches.length);
  // the space after each anchor is looked up once for all the reaches, not once per reach
  let firsts: Int32Array | null = null;
  for (let k = 0; k < reaches.length; k++) {
    const r = reaches[k]!;
    let w: readonly number[] | undefined;
    for (let j = 0; j < k && w === undefined; j++) {
      const q = reaches[j]!;
      if (q.chars === r.chars && q.spaces === r.spaces && q.ahead === r.ahead) w = out[j];
    }
    if (w === undefined && r.spaces !== Infinity && firsts === null) firstsScratch = firsts = spaceIndexes(anchors.positions, anchors.spaces, firstsScratch);
    out[k] = w ?? anchorWindows(anchors.positions, norm, r, anchors.spaces, firsts) ?? WHOLE;
  }
  return out;
}

/** `spaceIndexes` output, reused: only `windowsOf` reads it, before it returns. */
let firstsScratch: Int32Array = new Int32Array(256);

/** One window over any text: from the start to past the end. */
const WHOLE: readonly number[] = [0, Infinity];

/** A match found past the end of its window: the window cannot vouch for it. */
const OUTSIDE: Hit = { start: -1, end: -1, text: '', qualified: false };

// The phrase patterns run on two-byte text only. V8 compiles a regular expression once for
// one-byte strings and once for two-byte ones, each the first time it meets that kind; and once
// the process holds 16 MB of executable code (a scan of many packages soon does) it compiles every
// further expression without its optimisations (TooMuchRegExpCode in V8's regexp.cc), which then
// run 1.5 to 3 times as slow. Persona texts come in both kinds (a curly quote or an emoji makes a
// two-byte string), and the two-byte copies of the phrase patterns were compiled late: after two
// scans of the bench corpus, 43 of the 204 patterns in use had an unoptimised two-byte copy (30 a
// one-byte one). On two-byte text only, each pattern is compiled once, at its first use (11 of 204
// late), and the phrase families leave about 2 MB less code behind.
const WIDE: ViewMemo<string> = createViewMemo();
/** V8 copies a slice shorter than this (SlicedString::kMinLength) into a string of its own, one-byte if it can. */
const SHORT_SLICE = 13;
const NARROW_ONLY = /^[\u0000-\u00ff]*$/;

/** A view's `norm` held as two-byte characters (from SHORT_SLICE code units on): the same text (exported for its test). */
export function wideNorm(view: TextView): string {
  let wide = WIDE.get(view);
  if (wide === undefined) {
    const norm = view.norm;
    // a prefix of U+0100 makes the joined text two-byte; the slice after it is the text itself
    wide = view.normOneByte || NARROW_ONLY.test(norm) ? ('\u0100' + norm).slice(1) : norm;
    WIDE.set(view, wide);
  }
  return wide;
}

/**
 * `findHit` over windows: [first start, last end] pairs of `norm` that hold every match of a
 * pattern, one list for all patterns or one per pattern (null: the whole text). Each pattern runs
 * from a window's first start over the text up to the window's last end plus what the rule's
 * patterns read past a match, so it sees exactly what it would see in the whole text, and finds the
 * same matches in the same order. A match ending past the window can only come from the cut (a
 * word boundary or lookahead that the rest of the text would fail): then the whole text is
 * searched instead.
 */
function findHitWithin(view: TextView, rule: PhraseRule, contextual: boolean, windows: readonly number[] | ReadonlyArray<readonly number[]> | null): Hit | null {
  const norm = wideNorm(view);
  const n = norm.length;
  const { globals, reach } = preparedOf(rule.patterns);
  const ahead = reach.ahead;
  const shared = windows === null ? WHOLE : isFlat(windows) ? windows : null;
  // the text each window is searched in, cut once for the patterns that share the windows (past
  // the window by the most any pattern reads: more than a pattern needs changes none of its
  // matches that end in the window)
  let texts: string[] | null = null;
  let textsOf: readonly number[] | null = null;
  let weak: Hit | null = null;
  for (let k = 0; k < globals.length; k++) {
    const re = globals[k]!;
    const list = shared ?? (windows as ReadonlyArray<readonly number[]>)[k]!;
    if (list !== textsOf) {
      textsOf = list;
      // kept only for a next pattern that searches the same windows
      const next = k + 1 < globals.length ? (shared ?? (windows as ReadonlyArray<readonly number[]>)[k + 1]) : undefined;
      texts = list.length <= 2 || next !== list ? null : new Array<string>(list.length >> 1);
    }
    let tries = 0;
    for (let w = 0; w < list.length && tries < MAX_TRIES; w += 2) {
      const first = list[w]!;
      const last = list[w + 1]!;
      let text = texts === null ? undefined : texts[w >> 1];
      if (text === undefined) {
        // (a slice shorter than SHORT_SLICE would be copied, as one-byte text: see `wideNorm`)
        const cut = Math.min(n, Math.max(last + ahead, SHORT_SLICE));
        text = cut === n ? norm : norm.slice(0, cut);
        if (texts !== null) texts[w >> 1] = text;
      }
      re.lastIndex = first;
      for (let m = re.exec(text); m !== null && tries < MAX_TRIES; m = re.exec(text), tries++) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        const end = m.index + m[0].length;
        if (end > last) return OUTSIDE;
        const hit = judgeMatch(view, rule, contextual, m.index, end);
        if (hit === null) continue;
        if (!hit.qualified) return hit;
        weak ??= hit;
      }
    }
  }
  return weak;
}

/** Whether windows are one flat list of pairs (not one list per pattern). */
function isFlat(windows: readonly number[] | ReadonlyArray<readonly number[]>): windows is readonly number[] {
  return windows.length === 0 || typeof windows[0] === 'number';
}

/** A rule's patterns as the matcher runs them: global copies, and how far their matches reach (see reach.ts). */
interface Prepared {
  readonly globals: readonly RegExp[];
  /** The largest bounds over the patterns. */
  readonly reach: Reach;
  /** Each pattern's own. */
  readonly reaches: readonly Reach[];
  /** Whether every pattern reaches as far (as `reach`). */
  readonly uniform: boolean;
}

/** By the patterns array, which a rule shares with the per-file copies injection-i18n makes of it. */
const PREPARED = new WeakMap<readonly RegExp[], Prepared>();

function preparedOf(patterns: readonly RegExp[]): Prepared {
  let p = PREPARED.get(patterns);
  if (p === undefined) {
    const reach = reachOfAll(patterns);
    const reaches = patterns.map(reachOf);
    const uniform = reaches.every((r) => r.chars === reach.chars && r.spaces === reach.spaces && r.ahead === reach.ahead);
    p = { globals: patterns.map(globalOf), reach, reaches, uniform };
    PREPARED.set(patterns, p);
  }
  return p;
}

/** A match at [start, end) of `norm` as a hit, or null when the rule skips it (fenced code). */
function judgeMatch(view: TextView, rule: PhraseRule, contextual: boolean, start: number, end: number): Hit | null {
  const norm = view.norm;
  // a pattern may consume the space before its first word: report the word, not the space
  while (start < end - 1 && norm.charCodeAt(start) === 0x20) start++;
  if (rule.skipCode && view.inCodeBlock(view.normOffset(start))) return null;
  const qualified = contextual && (isRefusalContext(norm, start, end) || (rule.context?.(norm, start, end) ?? false));
  return { start, end, text: norm.slice(start, end), qualified };
}

/** The a-z letters of a view's `norm`, nothing else (see `mayHoldSquashed`). */
const LETTERS: ViewMemo<string> = createViewMemo();
let letterUnits = new Uint16Array(1024);

/**
 * Whether a view's `squashed` may hold one of these phrases: an a-z phrase only if its a-z
 * letters alone do. `squashed` keeps the letters (of any script), digits and marks of `norm` as they are, so a
 * phrase in it is a run of a-z letters of `norm` with only dropped characters between them, which
 * the a-z letters alone hold as well. Far cheaper than `squashed` on a long non-Latin text, and
 * the gate's letter check lets through texts that hold a phrase's pieces apart.
 */
function mayHoldSquashed(view: TextView, phrases: readonly string[]): boolean {
  // a phrase with anything but a-z (a digit, say) is looked for in `squashed` itself
  for (const phrase of phrases) if (!A_TO_Z.test(phrase)) return true;
  return holdsByFirstEnds(view, phrases) ?? holdsLetters(view, phrases);
}

/**
 * `mayHoldSquashed` for a-z phrases, from where the view's keyword pass saw their first GRAM
 * letters end (a gate registers a rule's phrases as its letter sequences): the rest is compared
 * only there, and the text is not read again. Null when the pass cannot tell for some phrase (not
 * a registered sequence, or a flood of places: see `letterEndsOf`); then the letters string does.
 */
function holdsByFirstEnds(view: TextView, phrases: readonly string[]): boolean | null {
  for (const phrase of phrases) {
    const ends = letterEndsOf(view, phrase);
    if (ends === null) return null;
    for (const end of ends) if (restFollows(view.norm, end + 1, phrase)) return true;
  }
  return false;
}

/** `mayHoldSquashed` for a-z phrases, by the string of the view's a-z letters (any phrase length). */
function holdsLetters(view: TextView, phrases: readonly string[]): boolean {
  let letters = LETTERS.get(view);
  if (letters === undefined) {
    const norm = view.norm;
    const n = norm.length;
    if (letterUnits.length < n) letterUnits = new Uint16Array(Math.max(n, letterUnits.length * 2));
    let len = 0;
    for (let i = 0; i < n; i++) {
      const c = norm.charCodeAt(i);
      if (c >= 0x61 && c <= 0x7a) letterUnits[len++] = c;
    }
    letters = unitsToString(letterUnits, len);
    LETTERS.set(view, letters);
  }
  for (const phrase of phrases) if (letters.includes(phrase)) return true;
  return false;
}

/** Whether the a-z letters of `norm` from `from` on start with `phrase` past its first GRAM letters. */
function restFollows(norm: string, from: number, phrase: string): boolean {
  const n = norm.length;
  let i = from;
  for (let k = GRAM; k < phrase.length; k++) {
    let c = norm.charCodeAt(i);
    while (i < n && (c < 0x61 || c > 0x7a)) c = norm.charCodeAt(++i);
    if (i >= n || c !== phrase.charCodeAt(k)) return false;
    i++;
  }
  return true;
}

/** Exported for the fast-path test: `mayHoldSquashed`, by the keyword pass (null when it cannot tell), and by the letters string. */
export const SQUASHED_TEST = {
  mayHold: mayHoldSquashed,
  byFirstEnds: holdsByFirstEnds,
  byLetters: holdsLetters,
};

const A_TO_Z = /^[a-z]*$/;

function snippet(s: string): string {
  const t = s.trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

/** Run phrase rules over every text file of the scan. */
export function runPhraseRules(
  ctx: ScanContext,
  emit: Emit,
  rules: readonly PhraseRule[],
  describe: (id: string) => string,
  options: PhraseRuleOptions = {},
): void {
  const compiled = compile(rules);
  for (const file of ctx.texts) for (const rule of rules) runRule(file, emit, rule, describe, options, compiled);
}

/** A list of phrase rules with their keyword pattern, compiled once for callers that reuse the list. */
export interface PhraseRuleSet {
  readonly rules: readonly PhraseRule[];
  readonly compiled: Compiled;
}

/**
 * Compile a rule list for `runPhraseRuleSet`: what `runPhraseRules` compiles on every call.
 *
 * @example const set = createPhraseRuleSet(rules); runPhraseRuleSet(file, emit, set, describe);
 */
export function createPhraseRuleSet(rules: readonly PhraseRule[]): PhraseRuleSet {
  return { rules, compiled: compile(rules) };
}

/** `runPhraseRules` over one file with a compiled rule list. */
export function runPhraseRuleSet(file: TextFile, emit: Emit, set: PhraseRuleSet, describe: (id: string) => string, options: PhraseRuleOptions = {}): void {
  for (const rule of set.rules) runRule(file, emit, rule, describe, options, set.compiled);
}

const COMPILED_RULE = new WeakMap<PhraseRule, Compiled>();

/** The code that says where a rule fired in a segment (decoded, split or hidden), as `options` give them. */
export function segmentCode(seg: FlatSegment, options: PhraseRuleOptions): string | undefined {
  return seg.decoded ? options.decodedCode : seg.kind === 'spaced-letters' ? options.splitCode : options.hiddenCode;
}

/**
 * Run one phrase rule over one file: what `runPhraseRules(ctx with only this file, emit, [rule], ...)`
 * does, without the per-call set-up (a rule's keyword pattern is compiled once, and a rule without
 * keywords, as the phrase gates hand them out, needs none).
 */
export function runPhraseRule(
  file: TextFile,
  emit: Emit,
  rule: PhraseRule,
  describe: (id: string) => string,
  options: PhraseRuleOptions = {},
  /** Where in `norm` matches can lie (first start, last end pairs, or anchors), as a phrase gate hands it out; null: everywhere. */
  within: Within = null,
): void {
  let compiled = NO_KEYWORDS;
  if (rule.anyOf && rule.anyOf.length > 0) {
    compiled = COMPILED_RULE.get(rule) ?? compile([rule]);
    COMPILED_RULE.set(rule, compiled);
  }
  runRule(file, emit, rule, describe, options, compiled, within);
}

function runRule(file: TextFile, emit: Emit, rule: PhraseRule, describe: (id: string) => string, options: PhraseRuleOptions, compiled: Compiled, within: Within = null): void {
  const view = file.view;
  if (rule.exts && !rule.exts.includes(file.ext)) return;
  const contextual = rule.contextual ?? true;
  const message = (m: string) => (rule.message ? rule.message(m) : `${describe(rule.id)}: "${snippet(m)}"`);
  const hit = findHit(view, rule, contextual, compiled, within);
  if (hit) {
    const offset = view.normOffset(hit.start);
    // text in a comment, title or alt text is also in `norm`: say that it is hidden
    const inHidden = !hit.qualified && (rule.segments ?? true) ? hiddenAt(view, offset) : undefined;
    const label = inHidden ? ` (${SEGMENT_LABEL[inHidden.kind]})` : '';
    emit({
      code: rule.id,
      file: file.name,
      offset,
      message: hit.qualified ? `${message(hit.text)} (quoted or forbidden by the persona; review it)` : `${message(hit.text)}${label}`,
      ...(hit.qualified ? { severity: 'warning' as const } : {}),
    });
    if (inHidden && options.hiddenCode) {
      emit({ code: options.hiddenCode, file: file.name, offset, message: `Instructions ${SEGMENT_LABEL[inHidden.kind]}: "${snippet(hit.text)}"` });
    }
    if (!hit.qualified) return;
  }
  if (rule.segments ?? true) {
    for (const seg of flatSegments(view)) {
      const segHit = findHit(seg.view, rule, false, compiled);
      if (!segHit) continue;
      emit({ code: rule.id, file: file.name, offset: seg.offset, message: `${message(segHit.text)} (${seg.label})` });
      const extra = segmentCode(seg, options);
      if (extra) emit({ code: extra, file: file.name, offset: seg.offset, message: `Instructions ${seg.label}: "${snippet(segHit.text)}"` });
      return;
    }
  }
  if (!hit && rule.squashed && rule.squashed.length > 0 && mayHoldSquashed(view, rule.squashed)) {
    const sq = view.squashed;
    for (const phrase of rule.squashed) {
      const at = sq.indexOf(phrase);
      if (at === -1) continue;
      const offset = view.squashedOffset(at);
      emit({ code: rule.id, file: file.name, offset, message: `${describe(rule.id)}: "${phrase}" (letters split or spaced out)` });
      if (options.splitCode) emit({ code: options.splitCode, file: file.name, offset, message: `Words split or spaced out to evade detection: "${phrase}"` });
      break;
    }
  }
}
