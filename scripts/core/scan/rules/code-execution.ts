// Rule family: code execution (SEC010..SEC019). eval/exec/system and their kin, download-and-run
// pipelines, reverse shells, inline interpreters and encoded commands, and instructions that make
// the agent run commands it receives from untrusted places.
//
// This file also holds the two small runners the command-like families share (markup,
// exfiltration, destructive, social engineering, harmful, self-modification): `runRawRules` for
// code-like patterns over the raw text (case and punctuation matter, fenced code is known), and
// `runPhrases` for natural-language rules over the normalised text (anchored windows; see below).
import { isRefusalContext } from '../context.ts';
import { keywordsOf, registerTriggers, triggerNumber, type ViewKeywords } from '../keywords.ts';
import type { PhraseRule } from '../match.ts';
import { compactPattern } from '../compact-regex.ts';
import { isPhraseWordCode as isWordChar, reachOfAll, wordThenSpace } from '../reach.ts';
import { asciiFolded, createViewMemo, firstAtOrAfter, styledFolded, TextView } from '../text.ts';
import type { ViewMemo } from '../text.ts';
import type { Emit, RuleFamily, RuleInfo, ScanContext, Severity, TextFile } from '../types.ts';

// ---------------------------------------------------------------------------------------------
// Shared runners
// ---------------------------------------------------------------------------------------------

// Speed: every rule is gated on trigger words. The shared keyword pass (keywords.ts, one loop per
// view for every family) finds which triggers occur and where; a rule runs only when one of its
// gate words did. Prose without commands or risky vocabulary costs that one pass.

/** One text as the raw rules see it: the file itself or a decoded payload inside it. */
export interface RawSource {
  /** The text with full-width ASCII and look-alikes of ASCII punctuation written as ASCII (`asciiFolded`: offsets are the raw text's). */
  readonly raw: string;
  /** `raw` lower-cased, same length (used for needles and cues). */
  readonly lower: string;
  readonly view: TextView;
  /** Markdown or plain text: fenced and inline code mean "shown, not run". */
  readonly markdown: boolean;
  /** A decoded payload (base64, hex, ...): never "just an example". */
  readonly decoded: boolean;
  readonly ext: string;
}

/** What a raw rule decides about one match. */
export interface RawVerdict {
  /** Lower the rule's severity; omitted keeps it. */
  readonly severity?: Severity;
  readonly message: string;
  /** Offset in the source where the finding points (default: the match). */
  readonly at?: number;
}

/**
 * A code-like rule over raw text: gate words in `norm`, literal needles found with indexOf on the
 * lower-cased raw text, a sticky pattern that must match where a needle starts, then a judgement.
 */
export interface RawRule {
  readonly id: string;
  /** Trigger words as they appear in `norm` (lower case, no `*_~\``, single spaces). */
  readonly gate: readonly string[];
  /** Lower-case literals of the raw text; each occurrence is a place where `pattern` is tried. */
  readonly needles: readonly string[];
  /** Sticky (`y`) pattern tried at each needle. Linear-time: literal start, bounded classes. */
  readonly pattern: RegExp;
  /** null skips the match; a verdict is a finding (the strongest per file is kept). */
  readonly judge: (m: RegExpExecArray, src: RawSource) => RawVerdict | null;
  /** Only these extensions (default all text files). */
  readonly exts?: readonly string[];
  /** Also scan decoded payloads (default true). */
  readonly decoded?: boolean;
}

/**
 * A phrase rule (see match.ts) whose patterns are sticky (`y`) and tried only where a match can
 * start. `gate` lists its anchors (lower case as in `norm`; a trailing `*` makes a stem): every
 * match contains one. With `anchor: 'start'` every match starts at an anchor; otherwise `starts`
 * lists the words a match can start with, tried only within WINDOW characters before an anchor.
 */
export interface GatedPhraseRule extends PhraseRule {
  readonly gate: readonly string[];
  readonly anchor?: 'start' | 'window';
  readonly starts?: readonly string[];
}

/** Every "a b" pair, for two-word anchors: combos(['safety'], ['filter*', 'rules']). */
export function combos(first: readonly string[], second: readonly string[]): string[] {
  return first.flatMap((a) => second.map((b) => `${a} ${b}`));
}

const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const MAX_JUDGED = 256;
/** The raw text of a view in lower case (same length). */
const LOWER: ViewMemo<string> = createViewMemo();
/** The raw text of a view as the raw rules read it (`asciiFolded`: same length). */
const FOLDED: ViewMemo<string> = createViewMemo();
const MARKDOWN_EXTS = new Set(['md', 'markdown', 'txt', 'mdx', '']);

// ---- triggers ---------------------------------------------------------------------------------

const PATTERNS = new Set<RegExp>();

// The gate words found in a view, by key (for the tests of the families that share these runners).
export { triggersOf } from '../keywords.ts';

/** Every pattern of the rules registered here (for the ReDoS check and other tooling). */
export function registeredPatterns(): RegExp[] {
  return [...PATTERNS];
}

/** Register the gate words (and patterns) of rules; call at module load, before the first scan. */
export function registerGates(
  ...lists: ReadonlyArray<ReadonlyArray<{ readonly gate: readonly string[]; readonly starts?: readonly string[]; readonly patterns?: readonly RegExp[]; readonly pattern?: RegExp }>>
): void {
  const words: string[] = [];
  for (const list of lists) {
    for (const rule of list) {
      for (const p of [...(rule.patterns ?? []), ...(rule.pattern ? [rule.pattern] : [])]) {
        // every pattern is tried at a known position: it must be sticky and not global
        if (!p.sticky || p.global) throw new Error(`pattern must have the y flag and not g: /${p.source.slice(0, 40)}/${p.flags}`);
        PATTERNS.add(p);
      }
      numberOf(rule);
      words.push(...rule.gate);
    }
  }
  registerTriggers(words);
}

// Which rules a view opens is worked out once per view for every family: each rule has a number,
// and one walk over the words found (usually a few) lists, per rule, where its gate words occur.
// Seven families asking the found words each for their own rules cost seven walks and lookups.

type Gated = { readonly gate: readonly string[] };
/** Every rule with a gate, by number. */
const GATED: Gated[] = [];
const NUMBERS = new Map<Gated, number>();
/**
 * By a gate word's trigger number (see triggerNumber): flattened (rule number, first place of the
 * word in the rule's gate) pairs; undefined for a word of no rule.
 */
const GATE_PAIRS: Array<number[] | undefined> = [];

/** A rule's number; a rule not seen before (one not passed to registerGates) gets one now. */
function numberOf(rule: Gated): number {
  let n = NUMBERS.get(rule);
  if (n === undefined) {
    n = GATED.length;
    GATED.push(rule);
    NUMBERS.set(rule, n);
    const seen = new Set<string>();
    rule.gate.forEach((word, place) => {
      if (seen.has(word)) return;
      seen.add(word);
      const key = triggerNumber(word);
      // filled, not stored into far past its end: that would turn it into a slow dictionary
      while (GATE_PAIRS.length <= key) GATE_PAIRS.push(undefined);
      const pairs = GATE_PAIRS[key];
      if (pairs === undefined) GATE_PAIRS[key] = [n!, place];
      else pairs.push(n!, place);
    });
  }
  return n;
}

/** A list's rule numbers; `lo` and `hi` bound them when they are consecutive (-1 otherwise). */
interface ListNumbers {
  readonly numbers: Int32Array;
  readonly lo: number;
  readonly hi: number;
}

/** The rule numbers of a list, computed once per list. */
const LIST_NUMBERS = new WeakMap<readonly Gated[], ListNumbers>();

function numbersOf(rules: readonly Gated[]): ListNumbers {
  let list = LIST_NUMBERS.get(rules);
  if (list === undefined) {
    const numbers = Int32Array.from(rules, numberOf);
    const lo = numbers[0] ?? 0;
    const consecutive = numbers.every((n, i) => n === lo + i);
    list = { numbers, lo: consecutive ? lo : -1, hi: consecutive ? lo + numbers.length : -1 };
    LIST_NUMBERS.set(rules, list);
  }
  return list;
}

/**
 * Whether a view's own gate words open none of a list's rules, told by the rule numbers it opens
 * (a list registered at once has consecutive numbers); false when unsure.
 */
function opensNone(gates: ViewGates, list: ListNumbers): boolean {
  const opened = gates.opened;
  if (opened.length === 0) return true;
  if (list.lo < 0) return false;
  const i = firstAtOrAfter(opened, list.lo);
  return i === opened.length || opened[i]! >= list.hi;
}

/** What the gates of every rule see in one view. */
interface ViewGates {
  /** The keyword pass's result this was built from (a new registration makes a new one). */
  readonly found: ViewKeywords;
  /** How many rules were numbered when this was built. */
  readonly total: number;
  /** The numbers of the rules some gate word opens, ascending (usually a few of the hundreds). */
  readonly opened: Int32Array;
  /** Per entry of `opened`: the position lists of that rule's gate words found, in gate order. */
  readonly lists: ReadonlyArray<ReadonlyArray<readonly number[]>>;
}

/** The position lists of rule `n`'s gate words found in a view, in gate order; undefined when none is. */
function anchorsIn(gates: ViewGates, n: number): ReadonlyArray<readonly number[]> | undefined {
  const opened = gates.opened;
  if (opened.length === 0) return undefined;
  const i = firstAtOrAfter(opened, n);
  return i < opened.length && opened[i] === n ? gates.lists[i] : undefined;
}

const VIEW_GATES: ViewMemo<ViewGates> = createViewMemo();
const NO_OPENED = new Int32Array(0);

// Scratch of `gatesOf`, indexed by rule number and emptied again after each view: the lists being
// built and the gate places of their entries (only the first `building[r].length` count). A table
// of every rule per view cost more to allocate and collect than the walk it served.
const building: Array<Array<readonly number[]> | undefined> = [];
const placeLists: Array<number[] | undefined> = [];
let touched: Int32Array = new Int32Array(64);
/** How many entries of `touched` a pass cut short by an exception left in `building`. */
let pending = 0;

/** The gates of a view: for each rule, where its gate words occur (computed once per view). */
function gatesOf(view: TextView): ViewGates {
  const found = keywordsOf(view);
  const cached = VIEW_GATES.get(view);
  if (cached !== undefined && cached.found === found && cached.total === GATED.length) return cached;
  for (let i = 0; i < pending; i++) building[touched[i]!] = undefined;
  // filled, not stored into far past its end: that would turn it into a slow dictionary
  while (building.length < GATED.length) {
    building.push(undefined);
    placeLists.push(undefined);
  }
  let count = 0;
  const keys = found.triggerKeys;
  for (let j = 0; j < keys.length; j++) {
    const key = keys[j]!;
    const pairs = key < GATE_PAIRS.length ? GATE_PAIRS[key] : undefined;
    if (pairs === undefined) continue;
    const positions = found.triggerLists[j]!;
    for (let k = 0; k < pairs.length; k += 2) {
      const r = pairs[k]!;
      const place = pairs[k + 1]!;
      const lists = building[r];
      if (lists === undefined) {
        building[r] = [positions];
        // reused, not emptied: setting an array's length is a slow call
        (placeLists[r] ??= [])[0] = place;
        if (count === touched.length) touched = growTouched(touched);
        touched[count++] = r;
        pending = count;
        continue;
      }
      // keep gate order (rules with 'start' anchors try them in that order); lists are short
      const at = placeLists[r]!;
      let i = lists.length;
      lists.push(positions);
      at[i] = place;
      while (i > 0 && at[i - 1]! > place) {
        lists[i] = lists[i - 1]!;
        at[i] = at[i - 1]!;
        i--;
      }
      lists[i] = positions;
      at[i] = place;
    }
  }
  let opened: Int32Array = NO_OPENED;
  const lists: Array<ReadonlyArray<readonly number[]>> = [];
  if (count > 0) {
    opened = touched.slice(0, count).sort();
    for (let i = 0; i < count; i++) {
      const r = opened[i]!;
      lists.push(building[r]!);
      building[r] = undefined;
    }
    pending = 0;
  }
  const gates: ViewGates = { found, total: GATED.length, opened, lists };
  VIEW_GATES.set(view, gates);
  return gates;
}

function growTouched(buf: Int32Array): Int32Array {
  const out = new Int32Array(buf.length * 2);
  out.set(buf);
  return out;
}

/** Whether a rule's gate words occur in any of the decoded segments of a view (or, with `hidden`, its hidden ones that are not verbatim). */
function openInSegments(view: TextView, r: number, hidden: boolean): boolean {
  for (const seg of view.decoded) if (anchorsIn(gatesOf(seg.view), r) !== undefined) return true;
  if (hidden) for (const seg of view.hidden) if (!seg.verbatim && anchorsIn(gatesOf(seg.view), r) !== undefined) return true;
  return false;
}

// ---- raw rules --------------------------------------------------------------------------------

/** A view's raw text with look-alikes of ASCII written as ASCII (see asciiFolded), computed once. */
function foldedRawOf(view: TextView): string {
  let folded = FOLDED.get(view);
  if (folded === undefined) FOLDED.set(view, (folded = asciiFolded(view.raw)));
  return folded;
}

function lowerOf(view: TextView): string {
  let lower = LOWER.get(view);
  if (lower === undefined) {
    const raw = foldedRawOf(view);
    // toLowerCase can change the length for a few characters (İ); keep offsets aligned. A text
    // holding İ gets only its ASCII letters lowered, without being lowered whole first in vain:
    // such a text is two-byte, where toLowerCase costs about 15 times a search for İ.
    if (!raw.includes('\u0130')) lower = raw.toLowerCase();
    if (lower === undefined || lower.length !== raw.length) lower = raw.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    LOWER.set(view, lower);
  }
  return lower;
}

function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * Whether a needle can be searched in the raw text instead of the lower-cased one: it has no
 * letter. Lower-casing maps only letters (A-Z, and a few other letters to a-z) and keeps offsets,
 * so a character that is not a letter sits at the same places in both texts.
 */
function caseless(needle: string): boolean {
  return !/[^\x00-\x40\x5b-\x60\x7b-\x7f]/.test(needle);
}

const CASELESS = new Map<string, boolean>();

/** The text to find a needle in: the raw text for a needle without letters, else the lower-cased one. */
function needleText(src: RawSource, needle: string, wordStart: boolean): string {
  let plain = CASELESS.get(needle);
  if (plain === undefined) CASELESS.set(needle, (plain = caseless(needle)));
  // the word-start test reads the character before in the lower-cased text
  return plain && !wordStart ? src.raw : src.lower;
}

// How often each character occurs in persona text (lower-cased, per 10,000 characters, measured on
// the bench corpus; 0 for the rarest): indexOf stops at every place of the first character it
// looks for, so a needle is looked for from its rarest character ("exec" from "xec").
const CHAR_FREQUENCY: Readonly<Record<string, number>> = {
  ' ': 1578, e: 845, t: 621, a: 581, n: 558, i: 552, o: 502, s: 500, r: 459, l: 316, c: 282, d: 259, '"': 231,
  u: 216, h: 212, p: 201, m: 191, g: 167, y: 134, f: 127, '-': 124, ',': 120, b: 101, ':': 95, '.': 93, w: 84,
  v: 75, '*': 72, k: 58, x: 29, '#': 26, '{': 19, '}': 19, '0': 18, '`': 18, '1': 17, ')': 16, _: 16, '/': 15,
  '(': 15, '=': 15, '[': 13, ']': 13, j: 12, q: 12, '2': 11, z: 10,
};

/** A needle as judgeSource looks for it: a piece from its rarest character on, the whole needle checked in place. */
interface NeedlePlan {
  /** The needle. */
  readonly needle: string;
  /** At most PIECE characters of the needle, from its rarest character on. */
  readonly piece: string;
  /** Where the piece starts in the needle. */
  readonly skip: number;
  /** Whether the piece is the whole needle (nothing left to check). */
  readonly whole: boolean;
  /** Whether the needle holds a letter (styled letters would hide it from the raw text). */
  readonly letters: boolean;
}

// V8 looks for a pattern of up to six characters by skipping with memchr to the places of its
// first character, but for a longer one walks every character, then builds a Boyer-Moore-Horspool
// table anew on each call: on these texts ".system" or "quests." cost three to ten times their
// first six characters. So longer needles are looked for by six characters from the rarest on.
const PIECE = 6;

const NEEDLE_PLANS = new Map<string, NeedlePlan>();

function planOf(needle: string): NeedlePlan {
  let plan = NEEDLE_PLANS.get(needle);
  if (plan === undefined) {
    let k = 0;
    for (let i = 1; i < needle.length; i++) if ((CHAR_FREQUENCY[needle[i]!] ?? 0) < (CHAR_FREQUENCY[needle[k]!] ?? 0)) k = i;
    const piece = needle.slice(k, k + PIECE);
    plan = { needle, piece, skip: k, whole: piece === needle, letters: /[a-z]/.test(needle) };
    NEEDLE_PLANS.set(needle, plan);
  }
  return plan;
}

/**
 * The first place at or after `from` where a needle starts in `text`, or -1: `text.indexOf(needle,
 * from)`, found as a place of its rarer piece with the whole needle there (every place of the
 * needle is one, in the same order).
 */
function nextNeedle(text: string, plan: NeedlePlan, from: number): number {
  const skip = plan.skip;
  for (let j = text.indexOf(plan.piece, from + skip); j !== -1; j = text.indexOf(plan.piece, j + 1)) {
    if (plan.whole || text.startsWith(plan.needle, j - skip)) return j - skip;
  }
  return -1;
}

/** Set by judgeSource: whether it found a place of one of the rule's needles that hold a letter. */
let letterNeedleSeen = false;

function judgeSource(rule: RawRule, src: RawSource): RawVerdict | null {
  const re = rule.pattern;
  let best: RawVerdict | null = null;
  let judged = 0;
  letterNeedleSeen = false;
  for (const needle of rule.needles) {
    const wordStart = isWordCode(needle.charCodeAt(0));
    const text = needleText(src, needle, wordStart);
    const plan = planOf(needle);
    let i = nextNeedle(text, plan, 0);
    if (i !== -1 && plan.letters) letterNeedleSeen = true;
    for (; i !== -1 && judged < MAX_JUDGED; i = nextNeedle(text, plan, i + 1)) {
      if (wordStart && i > 0 && isWordCode(text.charCodeAt(i - 1))) continue;
      re.lastIndex = i;
      const m = re.exec(src.raw);
      if (m === null) continue;
      judged++;
      const v = rule.judge(m, src);
      if (v === null) continue;
      const at = v.at ?? m.index;
      if (v.severity === undefined) return { ...v, at };
      if (best === null || RANK[v.severity] < RANK[best.severity ?? 'error']) best = { ...v, at };
    }
  }
  return best;
}

/** Run raw rules over every text file (and the payloads decoded from it). One finding per rule and file. */
export function runRawRules(ctx: ScanContext, emit: Emit, rules: readonly RawRule[]): void {
  const list = numbersOf(rules);
  const numbers = list.numbers;
  for (const file of ctx.texts) {
    const gates = gatesOf(file.view);
    const segments = file.view.decoded.length > 0 || file.view.hidden.length > 0;
    if (!segments && opensNone(gates, list)) continue;
    let src: RawSource | null = null;
    // without segments the rules to run are the view's opened ones, in rule order: a list
    // registered at once has consecutive numbers, so they are the opened numbers in [lo, hi)
    const opened = gates.opened;
    const direct = !segments && list.lo >= 0;
    let k = direct ? firstAtOrAfter(opened, list.lo) : 0;
    for (let r = 0; r < rules.length; r++) {
      if (direct) {
        if (k === opened.length || opened[k]! >= list.hi) break;
        r = opened[k++]! - list.lo;
      }
      const n = numbers[r]!;
      if (!direct && anchorsIn(gates, n) === undefined && !(segments && openInSegments(file.view, n, true))) continue;
      const rule = rules[r]!;
      if (rule.exts && !rule.exts.includes(file.ext)) continue;
      src ??= rawSourceOf(file);
      const v = judgeSource(rule, src);
      if (v) {
        emit({ code: rule.id, file: file.name, offset: v.at ?? 0, message: v.message, ...(v.severity ? { severity: v.severity } : {}) });
        if (v.severity === undefined) continue;
      } else if (!letterNeedleSeen) {
        // the gate saw the rule's words in `norm`, where styled letters are letters, and the raw
        // text holds none of its needles' words: read the command as the letters show it
        const styled = styledSourceOf(file);
        const sv = styled === null ? null : judgeSource(rule, styled);
        if (sv) {
          emit({ code: rule.id, file: file.name, line: lineOf(styled!.raw, sv.at ?? 0), message: `${sv.message} (written in styled letters)`, ...(sv.severity ? { severity: sv.severity } : {}) });
          if (sv.severity === undefined) continue;
        }
      }
      if (rule.decoded === false) continue;
      for (const seg of file.view.decoded) {
        const sv = judgeSource(rule, createSource(seg.view, false, true, file.ext));
        if (!sv) continue;
        emit({ code: rule.id, file: file.name, offset: seg.offset, message: `${sv.message} (decoded from ${seg.kind})`, ...(sv.severity ? { severity: sv.severity } : {}) });
        break;
      }
    }
  }
}

/** The raw source of a file with its styled letters written as ASCII (see styledFolded), or null when it has none; made once per view. */
const STYLED_SOURCE: ViewMemo<RawSource | null> = createViewMemo();
function styledSourceOf(file: TextFile): RawSource | null {
  let src = STYLED_SOURCE.get(file.view);
  if (src === undefined) {
    const text = styledFolded(file.raw);
    src = text === null ? null : createSource(new TextView(text, file.view.depth), MARKDOWN_EXTS.has(file.ext), false, file.ext);
    STYLED_SOURCE.set(file.view, src);
  }
  return src;
}

/** The 1-based line of an offset in a text. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** Matches any one character: for raw rules whose needle is the whole anchor (the judge reads the text). */
export const ONE_CHAR = /[\s\S]/y;

/** The longest of `needles` that starts at `i` of the lower-cased text, or ''. */
export function needleAt(src: RawSource, i: number, needles: readonly string[]): string {
  let best = '';
  for (const n of needles) if (n.length > best.length && src.lower.startsWith(n, i)) best = n;
  return best;
}

/** The raw view of a file (lower-cased text cached per file). */
export function rawSourceOf(file: TextFile): RawSource {
  return createSource(file.view, MARKDOWN_EXTS.has(file.ext), false, file.ext);
}

/**
 * A raw source whose lower-cased text is made on first use: a rule whose needles have no letters
 * searches the raw text, and most needle places do not match the pattern, so `lower` is often
 * never read (lowering a long file is not free).
 */
class LazySource implements RawSource {
  readonly raw: string;
  readonly view: TextView;
  readonly markdown: boolean;
  readonly decoded: boolean;
  readonly ext: string;

  constructor(view: TextView, markdown: boolean, decoded: boolean, ext: string) {
    this.raw = foldedRawOf(view);
    this.view = view;
    this.markdown = markdown;
    this.decoded = decoded;
    this.ext = ext;
  }

  get lower(): string {
    return lowerOf(this.view);
  }
}

function createSource(view: TextView, markdown: boolean, decoded: boolean, ext: string): RawSource {
  return new LazySource(view, markdown, decoded, ext);
}

/** Start and end of the line holding offset `i`, at most `max` characters either side (bounded search). */
export function lineBounds(text: string, i: number, max = 400): [number, number] {
  const from = Math.max(0, i - max);
  const nl = text.slice(from, i).lastIndexOf('\n');
  const start = nl === -1 ? from : from + nl + 1;
  const to = Math.min(text.length, i + max);
  const nr = text.slice(i, to).indexOf('\n');
  return [start, nr === -1 ? to : i + nr];
}

/** The lower-cased line around offset `i`. */
export function lineAround(src: RawSource, i: number, max = 400): string {
  const [s, e] = lineBounds(src.lower, i, max);
  return src.lower.slice(s, e);
}

/** Inside a fenced code block of a markdown text. */
export function inFence(src: RawSource, i: number): boolean {
  return src.markdown && src.view.inCodeBlock(i);
}

/** Inside an inline code span (`like this`) on its line. */
export function inInlineCode(src: RawSource, i: number): boolean {
  if (!src.markdown) return false;
  const [start] = lineBounds(src.raw, i, 300);
  let ticks = 0;
  for (let k = start; k < i; k++) if (src.raw.charCodeAt(k) === 96) ticks++;
  if (ticks % 2 === 0) return false;
  return src.raw.slice(i, lineBounds(src.raw, i, 300)[1]).includes('`');
}

function squish(s: string): string {
  return s.toLowerCase().replace(/[*_~`]/g, '').replace(/\s+/g, ' ');
}

/** Words only: URLs, tags and attribute soup dropped, so "evil.example" is not the cue "example". */
function wordsOnly(s: string): string {
  return s
    .split(' ')
    .filter((t) => !t.includes('://') && !t.includes('<') && !t.includes('>') && !t.includes('=') && !/[a-z0-9]\.[a-z]/.test(t.replace(/^e\.g\.?|^i\.e\.?/, '')))
    .join(' ');
}

// Cues the shared refusal context does not know, for commands and code ("avoid eval()").
const EXTRA_CUES = /(?:^|[^a-z])(?:avoid|avoids|avoiding|instead of|prohibit|prohibits|prohibited|forbid|forbids|forbidden|ban|bans|banned|block|blocks|blocking|dangerous|unsafe|malicious|harmful|insecure|risky|suspicious|red flags?|must not|should not|shouldn't|mustn't|cannot|can't|won't|will not|deny|denies|disallow|disallowed)(?![a-z])/;
// Phrases that look like a refusal but urge the act ("don't hesitate to", "never forget to").
const ANTI_CUES = /(?:^|[^a-z])(?:hesitate|hesitating|fail to|forget to|be afraid|be shy|be reluctant|be hesitant|need permission|ask permission|asking permission|ask for permission|wait for|waiting for|bother|second-guess|think twice|question it|worry)(?![a-z])/;

/** The same sentence, up to `n` characters before `start`, lower-cased. */
function sentenceBefore(text: string, start: number, n = 160): string {
  const b = wordsOnly(squish(text.slice(lineBounds(text, start, n)[0], start)));
  const cut = Math.max(b.lastIndexOf('. '), b.lastIndexOf('! '), b.lastIndexOf('? '), b.lastIndexOf('; '), b.lastIndexOf(': '));
  return cut >= 0 ? b.slice(cut + 2) : b;
}

/** Whether words before a match urge it despite a negation ("don't hesitate to ..."). */
export function hasAntiCue(text: string, start: number): boolean {
  return ANTI_CUES.test(sentenceBefore(text, start));
}

/**
 * Whether the match at [start, end) of a raw text is forbidden or quoted as an example:
 * the shared refusal context plus cues for commands ("avoid", "dangerous", "instead of").
 */
export function isRefused(text: string, start: number, end: number): boolean {
  // commands sit one per line: a cue on an earlier line says nothing about this one
  const before = `${wordsOnly(squish(text.slice(lineBounds(text, start, 200)[0], start)))} `;
  const mid = squish(text.slice(start, Math.min(end, start + 400)));
  const after = ` ${wordsOnly(squish(text.slice(end, lineBounds(text, end, 120)[1])))}`;
  const sentence = sentenceBefore(text, start);
  if (ANTI_CUES.test(sentence)) return false;
  if (isRefusalContext(before + mid + after, before.length, before.length + mid.length)) return true;
  return EXTRA_CUES.test(sentence);
}

// Cues that make a command the object of a refusal or a warning ("never run", "avoid", "such as").
// Narrower than the shared phrase context: "report", "say" or "example" do not excuse a payload.
const COMMAND_CUE = /(?:^|[^a-z'])(?:never|not|no|don't|do not|doesn't|does not|refuse|refuses|decline|declines|reject|rejects|avoid|avoids|avoiding|instead of|prohibit|prohibits|prohibited|forbid|forbids|forbidden|ban|bans|banned|block|blocks|dangerous|unsafe|malicious|harmful|insecure|risky|suspicious|red flags?|must not|should not|shouldn't|mustn't|cannot|can't|won't|will not|deny|denies|disallow|disallowed|beware|warn about|warn against|such as|e\.g\.|for example|for instance|detect|detects|flag|flags)(?![a-z])/g;
const COMMAND_BREAK = /(?:^|[^a-z])(?:and|then|but|also|so|now|always|instead)(?![a-z])/;
// Right after the command: "is dangerous", "would delete everything", "(never run this)".
const COMMAND_AFTER = /^[\s`'")\]]*(?:[-—–:,(]\s*)?(?:(?:which|that|this|it) )?(?:(?:is|are|would be|can be) (?:very |extremely |really |so |highly )?(?:dangerous|malicious|an attack|attacks|forbidden|not allowed|never allowed|harmful|a red flag|destructive|catastrophic|unsafe)|(?:would|could) (?:delete|wipe|erase|destroy|remove|nuke|brick|trash|ruin|break) (?:everything|all|every|your|the whole|the entire|the (?:disk|drive|system|machine|computer|server|filesystem|file system|home))|\(?(?:never|don't|do not) (?:ever )?(?:run|use|execute|do|try|type)\b)/;
// Later in the same sentence, a refusal aimed back at the command: "... everything - never run it".
const COMMAND_REFUSED_LATER = /(?:^|[^a-z'])(?:never|don't|do not|must not|should not|shouldn't) (?:ever )?(?:run|execute|type|try|use|do|paste) (?:it|this|that|these|them|this command|that command|this one|that one)(?![a-z])/;

/**
 * Whether a command at [start, end) of a raw text is refused or shown as a warning, judged on its
 * own line: a refusal cue before it in the same sentence with no "and"/"then" in between,
 * "is dangerous" or "would delete everything" right after it, or "never run it" later in its sentence.
 *
 * @example isCommandRefused('Never run `rm -rf /`.', 11, 19) // true
 */
export function isCommandRefused(text: string, start: number, end: number): boolean {
  const sentence = sentenceBefore(text, start, 200);
  if (ANTI_CUES.test(sentence)) return false;
  let last = -1;
  COMMAND_CUE.lastIndex = 0;
  for (let m = COMMAND_CUE.exec(sentence); m !== null; m = COMMAND_CUE.exec(sentence)) last = m.index + m[0].length;
  if (last >= 0 && !COMMAND_BREAK.test(sentence.slice(last))) return true;
  const after = squish(text.slice(end, lineBounds(text, end, 120)[1]));
  if (COMMAND_AFTER.test(after)) return true;
  const stop = after.search(/[.!?;](?:\s|$)/);
  return COMMAND_REFUSED_LATER.test(stop === -1 ? after : after.slice(0, stop));
}

// Lines that describe a pattern to look for rather than order it ("Detect `eval()` (injection)").
const DESCRIPTIVE_WORDS = new Set(['injection', 'injections', 'insecure', 'unsafe', 'dangerous', 'danger', 'detect', 'detects', 'detecting', 'flag', 'flags', 'audit', 'auditing', 'avoid', 'avoids', 'never', "don't", 'identify', 'find', 'grep', 'malicious', 'attack', 'attacker', 'risk', 'risky', 'security', 'untrusted', 'anti-pattern', 'warning']);
const DESCRIPTIVE_STEMS = ['vulnerab', 'exploit', 'sanitiz', 'cwe-'];
const DESCRIPTIVE_PHRASES = ['do not', 'check for', 'look for', 'scan for', 'search for', 'user input', 'user-controlled', 'bad practice'];

/** Whether a lower-cased line describes a pattern to detect or avoid ("Detect `eval()` (injection risk)"). */
function describesPattern(line: string): boolean {
  if (DESCRIPTIVE_PHRASES.some((p) => line.includes(p))) return true;
  for (const w of line.split(/[^a-z0-9'-]+/)) {
    if (DESCRIPTIVE_WORDS.has(w) || DESCRIPTIVE_STEMS.some((st) => w.startsWith(st))) return true;
  }
  return false;
}

/** Whether the line around `i` describes a pattern to detect or avoid. */
export function isDescriptiveLine(src: RawSource, i: number): boolean {
  return describesPattern(lineAround(src, i, 300));
}

/** Lower severity `a` or `b`, whichever is more lenient (undefined = the rule's default). */
export function lenient(a: Severity | undefined, b: Severity | undefined): Severity | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return RANK[a] >= RANK[b] ? a : b;
}

/** Trim and shorten matched text for a message; never more than 80 characters. */
export function clip(s: string, max = 80): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 3)}...` : t;
}

// Phrase rules never scan a whole text: every pattern is sticky and tried only where a match can
// start, at an anchor or at a start word shortly before one, so each attempt is anchored.
const WINDOW = 130;
/**
 * A range with fewer spaces than one per this many characters is walked from its spaces (see
 * findPhrase). Measured on the bench corpus (its phrase calls replayed): 5 and 4 beat 8 by a
 * twentieth of the phrase time, 3 (nearly every range) is slower again.
 */
const SPARSE = 5;

interface PhraseHit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly refused: boolean;
}


/**
 * The first match of a rule in a view (one that is not refused, if any), searching near the
 * rule's anchors in the view (their position lists, from `anchorsIn`) only. `spaces` are the
 * view's spaces as its keyword pass listed them (passed in: a lookup per call cost more than the
 * walk of a short window).
 */
function findPhrase(view: TextView, anchors: ReadonlyArray<readonly number[]>, rule: GatedPhraseRule, plan: PhrasePlan, markdown: boolean, spaces: Int32Array): PhraseHit | null {
  const norm = view.norm;
  const patterns = plan.patterns;
  let weak: PhraseHit | null = null;
  let lastStart = -1;
  if (rule.anchor === 'start') {
    for (const positions of anchors) {
      for (const p of positions) {
        if (p === lastStart) continue;
        const hit = tryAt(view, rule, patterns, markdown, p);
        if (hit === null) continue;
        lastStart = p;
        if (hit === SKIPPED) continue;
        if (!hit.refused) return hit;
        weak ??= hit;
      }
    }
    return weak;
  }
  // a match starts at a start word at most the rule's window (WINDOW or its matches' length) before one of the anchors
  const starts = plan.starts!;
  const rangeCount = windowsOf(anchors, starts.window, starts.spaces, spaces);
  const ranges = rangeScratch;
  const pairs = starts.pairs;
  const first = starts.first;
  // Ranges covering most of the text walk the list of its word starts (one pass, kept on the
  // view); others test the characters themselves, so a text with few anchors needs no pass.
  // Measured on the bench corpus, past half the text the list pays for its pass; below, walking
  // the ranges reads fewer characters in all (a quarter built lists that few rules used).
  // The ranges are disjoint and ascending, so no start is tried twice (no `lastStart` here), and
  // the walk keeps no closure: one made the loop read `norm` from a context on every character.
  let covered = 0;
  for (let r = 0; r < rangeCount; r += 2) covered += ranges[r + 1]! - ranges[r]! + 1;
  const wordStarts = covered * 2 > norm.length ? wordStartsOf(view) : null;
  for (let r = 0; r < rangeCount; r += 2) {
    const from = ranges[r]!;
    const end = Math.min(ranges[r + 1]!, norm.length - 1);
    if (wordStarts !== null) {
      for (let w = firstAtOrAfter(wordStarts, from); w < wordStarts.length && wordStarts[w]! <= end; w++) {
        const p = wordStarts[w]!;
        if (!startsPair(pairs, norm, p, norm.charCodeAt(p)) || !startsWord(starts, norm, p)) continue;
        const hit = tryAt(view, rule, patterns, markdown, p);
        if (hit === null || hit === SKIPPED) continue;
        if (!hit.refused) return hit;
        weak ??= hit;
      }
      continue;
    }
    if (starts.spaced && starts.spaces !== Infinity) {
      // A match starts a word that ends at a space, so in a range with few spaces (indented or
      // compact JSON, code, prose of long words) only the words before its spaces, and the word
      // through its end, are tried: each as the walk below would try it (same word start, same
      // tests), in order. Where spaces are dense that reads about as many characters as the walk
      // below, with more steps per character, so the walk below stays there.
      const last = rangeSpaceScratch[r >> 1]!;
      const stop = last < spaces.length && spaces[last] === end ? last + 1 : last;
      let k = stop;
      const most = (end - from) / SPARSE;
      while (k > 0 && spaces[k - 1]! > from && stop - k < most) k--;
      if (k === 0 || spaces[k - 1]! <= from) {
        for (; k <= stop; k++) {
          // the spaces after `from` up to `end`, then the word through `end` (the space after it can be far)
          let p = k < stop ? spaces[k]! : end + 1;
          const wordEnd = p;
          if (k === stop && !isWordChar(norm.charCodeAt(end))) break;
          while (p > from && isWordChar(norm.charCodeAt(p - 1))) p--;
          // no word before the space, or one that begins before the range
          if (p === wordEnd || (p === from && from > 0 && isWordChar(norm.charCodeAt(from - 1)))) continue;
          if (first[norm.charCodeAt(p)]! < 2 || !startsPair(pairs, norm, p, norm.charCodeAt(p)) || !startsWord(starts, norm, p)) continue;
          const hit = tryAt(view, rule, patterns, markdown, p);
          if (hit === null || hit === SKIPPED) continue;
          if (!hit.refused) return hit;
          weak ??= hit;
        }
        continue;
      }
    }
    // a word start as `wordStartsOf` lists them (an ASCII character after no word character)
    // whose first two characters begin some start word: one read per character, two at a start
    let before = from > 0 && isWordChar(norm.charCodeAt(from - 1));
    for (let p = from; p <= end; p++) {
      const c = norm.charCodeAt(p);
      if (c < 128) {
        // one table read: bit 1 a word character, bit 2 the first character of a start word
        const kind = first[c]!;
        if (!before && kind >= 2 && startsPair(pairs, norm, p, c) && startsWord(starts, norm, p)) {
          const hit = tryAt(view, rule, patterns, markdown, p);
          if (hit !== null && hit !== SKIPPED) {
            if (!hit.refused) return hit;
            weak ??= hit;
          }
        }
        before = (kind & 1) !== 0;
      } else before = false;
    }
  }
  return weak;
}

/** Whether the characters at `p` (the first is `c`, below 128) can begin one of the start words (see StartWords.pairs). */
function startsPair(pairs: Int32Array, norm: string, p: number, c: number): boolean {
  const next = norm.charCodeAt(p + 1);
  const slot = (c << 7) | (next < 128 ? next : 0);
  return ((pairs[slot >>> 5]! >>> (slot & 31)) & 1) !== 0;
}

const COMPACT_PATTERNS = new WeakMap<GatedPhraseRule, readonly RegExp[]>();

/** A rule's patterns as `tryAt` runs them: compacted, since only whole matches are read (see compact-regex.ts). */
function compactPatternsOf(rule: GatedPhraseRule): readonly RegExp[] {
  let list = COMPACT_PATTERNS.get(rule);
  if (list === undefined) COMPACT_PATTERNS.set(rule, (list = rule.patterns.map((re) => compactPattern(re))));
  return list;
}

/** A match at a place that does not count (inside fenced code for a rule that skips code). */
const SKIPPED: PhraseHit = { start: -1, end: -1, text: '', refused: true };

/** The first of a rule's `patterns` (compacted) that matches at `p`, as a hit; SKIPPED when it is in skipped code; null when none matches. */
function tryAt(view: TextView, rule: GatedPhraseRule, patterns: readonly RegExp[], markdown: boolean, p: number): PhraseHit | null {
  const norm = view.norm;
  for (const re of patterns) {
    re.lastIndex = p;
    const m = re.exec(norm);
    if (m === null || m[0].length === 0) continue;
    const rawStart = view.normOffset(p);
    if (rule.skipCode && markdown && view.inCodeBlock(rawStart)) return SKIPPED;
    const rawEnd = view.normOffset(p + m[0].length - 1) + 1;
    const refused = (rule.contextual ?? true) && isRefused(view.raw, rawStart, rawEnd);
    return { start: rawStart, end: rawEnd, text: m[0], refused };
  }
  return null;
}

/** isWordChar (the word characters reach.ts reads patterns with) as a table over ASCII. */
const WORD_CHAR = Uint8Array.from({ length: 128 }, (_, c) => (isWordChar(c) ? 1 : 0));

const WORD_STARTS: ViewMemo<Int32Array> = createViewMemo();
let wordStartScratch = new Int32Array(1024);

/** Offsets in a view's `norm` of the ASCII characters that follow no word character: where start words can begin. */
function wordStartsOf(view: TextView): Int32Array {
  let starts = WORD_STARTS.get(view);
  if (starts === undefined) {
    const norm = view.norm;
    if (wordStartScratch.length < norm.length) wordStartScratch = new Int32Array(norm.length);
    starts = wordStartScratch.slice(0, collectWordStarts(norm, wordStartScratch));
    WORD_STARTS.set(view, starts);
  }
  return starts;
}

// The loop sits in a function of its own: compiled on stack replacement in the middle of a first
// long text, a loop with code after it was entered and left through a deoptimisation on every call.
function collectWordStarts(norm: string, out: Int32Array): number {
  let count = 0;
  let before = false;
  for (let p = 0; p < norm.length; p++) {
    const c = norm.charCodeAt(p);
    if (c < 128 && !before) out[count++] = p;
    before = isWordChar(c);
  }
  return count;
}

interface StartWords {
  /**
   * A bit per pair of char codes below 128 that a word at a word start can begin with and still
   * be a start word: its first two characters; for a word or stem of one character, that
   * character and anything that is no word character. A code of 128 or more, or the end of the
   * text, counts as 0 (no word character). Only a filter: startsWord decides.
   */
  readonly pairs: Int32Array;
  /** Per char code below 128: bit 1 for a word character, bit 2 when some start word begins with it (a cheaper test before `pairs`). */
  readonly first: Uint8Array;
  /** Per slot of `pairs`: the start words that can begin there, stems (written `w*`) without the `*`, and which are stems (1). */
  readonly byPair: ReadonlyMap<number, { readonly words: readonly string[]; readonly stems: Uint8Array }>;
  /**
   * How far before an anchor a match can start: WINDOW, or less when the rule's patterns are
   * shorter. A match holds an anchor, so it starts at most its own length before one; a window
   * of that length finds every match the WINDOW-long one finds, reading fewer characters.
   */
  readonly window: number;
  /** At most how many U+0020 spaces a match of the rule's patterns holds (Infinity: no bound). */
  readonly spaces: number;
  /**
   * Whether every match of the rule's patterns begins with a word and a space (`wordThenSpace`
   * in reach.ts): a match then starts at the first character of a word that ends right before one
   * of the view's spaces, so in a window with few spaces findPhrase reads the words before them only.
   */
  readonly spaced: boolean;
}

const START_WORDS = new WeakMap<GatedPhraseRule, StartWords>();

/** The words (and `*` stems) a rule's matches start with, as a quick membership test. */
function startWordsOf(rule: GatedPhraseRule): StartWords {
  let sw = START_WORDS.get(rule);
  if (sw === undefined) {
    const buckets = new Map<number, { words: string[]; stems: number[] }>();
    const pairs = new Int32Array((128 * 128) / 32);
    const first = WORD_CHAR.slice();
    const mark = (c: number, next: number, text: string, stem: boolean): void => {
      first[c]! |= 2;
      const slot = (c << 7) | (next < 128 ? next : 0);
      pairs[slot >>> 5]! |= 1 << (slot & 31);
      let bucket = buckets.get(slot);
      if (bucket === undefined) buckets.set(slot, (bucket = { words: [], stems: [] }));
      bucket.words.push(text);
      bucket.stems.push(stem ? 1 : 0);
    };
    for (const w of rule.starts ?? rule.gate) {
      const stem = w.endsWith('*');
      const text = stem ? w.slice(0, -1) : w;
      // a word longer than 40 characters is never whole (startsWord reads at most 40); a start word must begin with ASCII
      if ((!stem && w.length > 40) || text.length === 0) continue;
      const c = text.charCodeAt(0);
      if (c >= 128) continue;
      if (text.length > 1) mark(c, text.charCodeAt(1), text, stem);
      else for (let next = 0; next < 128; next++) if (stem || !isWordChar(next)) mark(c, next, text, stem);
    }
    const byPair = new Map<number, { words: string[]; stems: Uint8Array }>();
    for (const [slot, b] of buckets) byPair.set(slot, { words: b.words, stems: Uint8Array.from(b.stems) });
    const reach = reachOfAll(rule.patterns);
    sw = { pairs, first, byPair, window: Math.min(WINDOW, reach.chars), spaces: reach.spaces, spaced: compactPatternsOf(rule).every(wordThenSpace) };
    START_WORDS.set(rule, sw);
  }
  return sw;
}

/**
 * Whether the word at `p` (its run of word characters, at most 40) is one of the start words or
 * begins with one of the stems: the membership test of the word itself, without cutting it out.
 */
function startsWord(starts: StartWords, norm: string, p: number): boolean {
  const c = norm.charCodeAt(p);
  const next = norm.charCodeAt(p + 1);
  const bucket = starts.byPair.get((c << 7) | (next < 128 ? next : 0));
  if (bucket === undefined) return false;
  let q = p;
  while (q < norm.length && q - p < 40 && isWordChar(norm.charCodeAt(q))) q++;
  const length = q - p;
  const { words, stems } = bucket;
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if ((stems[k] === 1 ? w.length <= length : w.length === length) && norm.startsWith(w, p)) return true;
  }
  return false;
}

const rangeScratch: number[] = [];
/** Per range of `rangeScratch` (when the space bound is finite): the index in the view's spaces of the first space at or after its end. */
const rangeSpaceScratch: number[] = [];
let positionScratch = new Int32Array(256);

/**
 * Merged [start, end] ranges, flattened into `rangeScratch`, of the `window` characters before
 * each position of the anchors' lists, cut at the (bound + 1)-th of `spaces` (the view's spaces in
 * `norm`) before it; the number of values written. With a finite bound, `rangeSpaceScratch` gets
 * the index of the first space at or after each range's end (found on the way, for findPhrase).
 */
function windowsOf(anchors: ReadonlyArray<readonly number[]>, window: number, bound: number, spaces: Int32Array): number {
  // usually one anchor of the gate occurs: its positions are in order already
  let sorted: ArrayLike<number> = anchors[0]!;
  let count = sorted.length;
  if (anchors.length > 1) {
    let total = 0;
    for (const positions of anchors) total += positions.length;
    if (positionScratch.length < total) positionScratch = new Int32Array(Math.max(total, positionScratch.length * 2));
    let k = 0;
    for (const positions of anchors) for (const p of positions) positionScratch[k++] = p;
    count = total;
    if (total > 32) sorted = positionScratch.subarray(0, total).sort();
    else {
      // a few positions (a manifest naming soul.md and identity.md): insertion sort, no call into the runtime
      for (let i = 1; i < total; i++) {
        const v = positionScratch[i]!;
        let j = i;
        while (j > 0 && positionScratch[j - 1]! > v) {
          positionScratch[j] = positionScratch[j - 1]!;
          j--;
        }
        positionScratch[j] = v;
      }
      sorted = positionScratch;
    }
  }
  const out = rangeScratch;
  let n = 0;
  let j = 0;
  // how far before the anchor at `p` a match can start: `window` characters, and after the
  // (bound + 1)-th space before `p` (the text from a match's start to its anchor is part of the
  // match, so it holds at most `bound` spaces); both only grow with `p`, so the ranges stay in order
  const startBefore = (p: number): number => {
    let start = Math.max(0, p - window);
    if (bound !== Infinity) {
      j = firstAtOrAfter(spaces, p, j);
      if (j - bound - 1 >= 0) start = Math.max(start, spaces[j - bound - 1]! + 1);
    }
    return start;
  };
  let start = startBefore(sorted[0]!);
  let end = sorted[0]!;
  let after = j;
  for (let i = 1; i < count; i++) {
    const p = sorted[i]!;
    const from = startBefore(p);
    if (from > end) {
      rangeSpaceScratch[n >> 1] = after;
      out[n++] = start;
      out[n++] = end;
      start = from;
    }
    end = p;
    after = j;
  }
  rangeSpaceScratch[n >> 1] = after;
  out[n++] = start;
  out[n++] = end;
  return n;
}

/** What findPhrase reads of a rule, looked up once per list rather than on every call (hundreds per scan of a few files). */
interface PhrasePlan {
  readonly patterns: readonly RegExp[];
  /** The start words of a rule anchored by window, null for one anchored at its start. */
  readonly starts: StartWords | null;
}

interface PreparedRules {
  readonly rules: readonly GatedPhraseRule[];
  readonly numbers: ListNumbers;
  readonly codes: readonly string[];
  readonly lowered: ReadonlyArray<Severity | undefined>;
  readonly plans: readonly PhrasePlan[];
}

const PREPARED = new WeakMap<readonly GatedPhraseRule[], PreparedRules>();

function prepare(rules: readonly GatedPhraseRule[]): PreparedRules {
  let p = PREPARED.get(rules);
  if (p === undefined) {
    const split = rules.map((r) => r.id.split('~') as [string, Severity | undefined]);
    const plans = rules.map((r) => ({ patterns: compactPatternsOf(r), starts: r.anchor === 'start' ? null : startWordsOf(r) }));
    p = { rules, numbers: numbersOf(rules), codes: split.map(([c]) => c), lowered: split.map(([, l]) => l), plans };
    PREPARED.set(rules, p);
  }
  return p;
}

/**
 * Run gated phrase rules over every text file and the payloads decoded from it. A rule's `gate`
 * words are its anchors: every match must contain one (at a word start). A rule id may carry a
 * lowered severity (`SEC019~warning`). A refused or quoted phrase is lowered to a warning, or to
 * info for the codes in `infoWhenRefused` ("never ask users for their password" is a good rule).
 */
export function runPhrases(
  ctx: ScanContext,
  emit: Emit,
  rules: readonly GatedPhraseRule[],
  table: readonly RuleInfo[],
  options: { readonly infoWhenRefused?: ReadonlySet<string>; readonly fixes?: Readonly<Record<string, string>> } = {},
): void {
  const infoWhenRefused = options.infoWhenRefused ?? new Set<string>();
  const fixes = options.fixes ?? {};
  const prepared = prepare(rules);
  const list = prepared.numbers;
  const numbers = list.numbers;
  for (const file of ctx.texts) {
    const gates = gatesOf(file.view);
    const segments = file.view.decoded;
    if (segments.length === 0 && opensNone(gates, list)) continue;
    const markdown = MARKDOWN_EXTS.has(file.ext);
    // without segments the rules to run are the view's opened ones (see runRawRules)
    const opened = gates.opened;
    const direct = segments.length === 0 && list.lo >= 0;
    let k = direct ? firstAtOrAfter(opened, list.lo) : 0;
    for (let i = 0; i < rules.length; i++) {
      // the rule's anchors in the file itself (undefined when only its segments open it)
      let anchors: ReadonlyArray<readonly number[]> | undefined;
      if (direct) {
        if (k === opened.length || opened[k]! >= list.hi) break;
        anchors = gates.lists[k];
        i = opened[k++]! - list.lo;
      } else anchors = anchorsIn(gates, numbers[i]!);
      const n = numbers[i]!;
      if (anchors === undefined && !(segments.length > 0 && openInSegments(file.view, n, false))) continue;
      const rule = rules[i]!;
      if (rule.exts && !rule.exts.includes(file.ext)) continue;
      const code = prepared.codes[i]!;
      const plan = prepared.plans[i]!;
      let hit: PhraseHit | null = anchors === undefined ? null : findPhrase(file.view, anchors, rule, plan, markdown, gates.found.spaces);
      let label = '';
      let offset = hit?.start ?? 0;
      if ((hit === null || hit.refused) && (rule.segments ?? true)) {
        for (const seg of segments) {
          const segGates = gatesOf(seg.view);
          const segAnchors = anchorsIn(segGates, n);
          const h = segAnchors === undefined ? null : findPhrase(seg.view, segAnchors, rule, plan, false, segGates.found.spaces);
          if (h === null || h.refused) continue;
          hit = h;
          label = ` (decoded from ${seg.kind})`;
          offset = seg.offset;
          break;
        }
      }
      if (hit === null) continue;
      const describe = table.find((r) => r.id === code)?.description ?? code;
      let severity = prepared.lowered[i];
      let message = `${rule.message ? rule.message(hit.text) : `${describe}: "${clip(hit.text)}"`}${label}`;
      if (hit.refused) {
        const info = infoWhenRefused.has(code);
        severity = lenient(severity, info ? 'info' : 'warning');
        message += info ? ' (stated as something the persona refuses; nothing to fix)' : ' (quoted or forbidden by the persona; review it)';
      } else if (fixes[code] !== undefined) {
        message += `. ${fixes[code]}`;
      }
      emit({ code, file: file.name, offset, message, ...(severity ? { severity } : {}) });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The code-execution rules
// ---------------------------------------------------------------------------------------------

const CATEGORY = 'code-execution';

const RULES: readonly RuleInfo[] = [
  { id: 'SEC010', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: eval() or new Function() on dynamic input' },
  { id: 'SEC011', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: exec(), subprocess, execSync, Runtime.exec and similar process launchers' },
  { id: 'SEC012', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: system() / os.system() shell call' },
  { id: 'SEC013', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: child_process module used' },
  { id: 'SEC014', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: require() of a dangerous module (child_process, vm, net, fs, http)' },
  { id: 'SEC015', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: import of a dangerous module (child_process, vm, net, subprocess, pty)' },
  { id: 'SEC016', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: downloads a script and runs it (curl | sh, iwr | iex, bash <(curl ...))' },
  { id: 'SEC017', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: reverse shell (/dev/tcp, nc -e, socat exec, pty.spawn)' },
  { id: 'SEC018', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: inline interpreter or encoded command (powershell -enc, python -c with os/subprocess/socket, base64 -d | sh, LOLBins)' },
  { id: 'SEC019', stage: 'security', severity: 'error', category: CATEGORY, description: 'Code execution: instructs the agent to run commands or follow instructions from untrusted sources' },
];

const CODE_FIX = 'Remove it, or show it only as a clearly marked example of what not to do.';
const PAYLOAD_FIX = 'A persona must not carry runnable payloads; remove it.';

// ---- SEC010..SEC015: language-level calls ---------------------------------------------------

/** Severity of a call-like match: fenced code, refusals and detection checklists lower it. */
function callSeverity(src: RawSource, start: number, end: number, fenced: Severity): Severity | undefined {
  if (src.decoded) return undefined;
  let sev: Severity | undefined;
  if (inFence(src, start)) sev = fenced;
  if (isCommandRefused(src.raw, start, end) || isDescriptiveLine(src, start)) sev = lenient(sev, 'warning');
  return sev;
}

/** The first character after the opening parenthesis at `open` that is not white space. */
function argStart(raw: string, open: number): string {
  for (let k = open + 1; k < raw.length && k < open + 40; k++) {
    const c = raw[k]!;
    if (c !== ' ' && c !== '\t') return c;
  }
  return '';
}

const EVAL_RE = /(?<![\w.$])(?:eval|new[ \t]{1,6}Function)[ \t]{0,6}\(/y;
const EXEC_RE = /(?<![\w.$])(?:exec|execSync|execFileSync|spawnSync|shell_exec|passthru|proc_open|popen|pcntl_exec)[ \t]{0,6}\(|subprocess\.(?:run|call|Popen|check_output|check_call|getoutput|getstatusoutput)[ \t]{0,6}\(|os\.(?:popen|exec[lv]p?e?|spawn[lv]p?e?)[ \t]{0,6}\(|Runtime\.getRuntime\(\)\.exec[ \t]{0,6}\(|ProcessBuilder[ \t]{0,6}\(|Process\.Start[ \t]{0,6}\(|(?:child_process|cp)\.(?:exec|execFile|spawn|fork)[ \t]{0,6}\(/y;
const SYSTEM_RE = /(?:os|Kernel|__import__\(["']os["']\))\.system[ \t]{0,6}\(|(?<![\w.$-])system[ \t]{0,6}\(/y;

/** The argument text of a call whose '(' is at `open`, up to the matching ')' (bounded). */
function argText(raw: string, open: number): string {
  let depth = 0;
  let quote = 0;
  const limit = Math.min(raw.length, open + 400);
  for (let k = open; k < limit; k++) {
    const c = raw.charCodeAt(k);
    if (quote !== 0) {
      if (c === 92) k++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || c === 39 || c === 96) quote = c;
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      depth--;
      if (depth === 0) return raw.slice(open + 1, k);
    }
  }
  return raw.slice(open + 1, limit);
}

const RISKY_COMMAND = /(?:^|[^a-z0-9_-])(?:curl|wget|nc|ncat|netcat|bash|sh|zsh|powershell|pwsh|cmd|rm|del|chmod|chown|sudo|su|base64|python[23]?|perl|ruby|node|mkfs|dd|eval|exec|iex|socat|telnet|ssh|scp)(?![a-z0-9_-])|\/dev\/tcp|https?:\/\/|\$\(|`/i;

/** Whether call arguments are fixed literals naming a harmless command (`subprocess.run(['git', 'status'])`). */
function isHarmlessLiteral(args: string): boolean {
  const strings: string[] = [];
  let rest = '';
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < args.length && args[j] !== c && args[j] !== '\n') j += args[j] === '\\' ? 2 : 1;
      strings.push(args.slice(i + 1, j));
      rest += 'S';
      i = j;
    } else rest += c;
  }
  const lower = rest.toLowerCase();
  if (lower.replace(/ /g, '').includes('shell=true')) return false;
  // what is left may be list punctuation, numbers, the string marks and keyword flags (check=True)
  for (const token of lower.split(/[\s,()[\]]+/)) {
    if (token === '' || token === 's' || /^\d{1,10}$/.test(token)) continue;
    const eq = token.indexOf('=');
    if (eq > 0 && /^[a-z_]{1,30}$/.test(token.slice(0, eq)) && /^(?:true|false|none|s|\d{1,10})$/.test(token.slice(eq + 1))) continue;
    return false;
  }
  return !strings.some((t) => RISKY_COMMAND.test(t));
}

function callJudge(id: string, what: (m: string) => string, fenced: Severity = 'warning') {
  return (m: RegExpExecArray, src: RawSource): RawVerdict | null => {
    const open = m.index + m[0].length - 1;
    const arg = argStart(src.raw, open);
    if (arg === ')' || arg === '') return null;
    const text = m[0].slice(0, m[0].lastIndexOf('(')).trimEnd();
    // bare system(...): only with a string or variable argument, never "system(s)"
    if (id === 'SEC012' && !text.endsWith('.system') && !/["'`$@]/.test(arg)) return null;
    let severity = callSeverity(src, m.index, m.index + m[0].length, fenced);
    const literal = !src.decoded && isHarmlessLiteral(argText(src.raw, open));
    if (literal) severity = lenient(severity, 'warning');
    const note = severity === undefined ? CODE_FIX : literal ? 'Its arguments are fixed and look harmless; check that nothing lets input reach it.' : 'It is shown as an example or a pattern to avoid; check that nothing asks the agent to run it.';
    return { severity, message: `${what(text)} ${note}` };
  };
}

const CHILD_PROCESS_RE = /child_process\b/y;
const REQUIRE_RE = /require[ \t]{0,6}\([ \t]{0,6}["'`](?:node:)?(child_process|vm|net|dgram|worker_threads|fs|fs\/promises|http|https|http2|tls|dns)["'`][ \t]{0,6}\)/y;
const IMPORT_JS_RE = /from[ \t]{0,6}["'](?:node:)?(child_process|vm|net|dgram|fs|fs\/promises|http|https|http2)["']|import[ \t]{0,6}\([ \t]{0,6}["'](?:node:)?(child_process|vm|net)["'][ \t]{0,6}\)/y;
const IMPORT_PY_RE = /(?:import|from)[ \t]{1,6}(subprocess|pty|ctypes|socket)\b/y;
const HIGH_RISK_MODULES = new Set(['child_process', 'vm', 'net', 'dgram', 'worker_threads', 'subprocess', 'pty']);

function moduleJudge(id: 'SEC014' | 'SEC015') {
  return (m: RegExpExecArray, src: RawSource): RawVerdict | null => {
    if (/[\w$.]/.test(src.raw[m.index - 1] ?? ' ')) return null;
    const mod = m[1] ?? m[2] ?? '';
    const line = lineAround(src, m.index);
    if (m[0].startsWith('from') && !/\bimport\b/.test(line)) return null;
    // Python imports only count at the start of a line
    if (/^(?:import|from)[ \t]{1,6}(?:subprocess|pty|ctypes|socket)\b/.test(m[0]) && !/^[ \t>]*$/.test(src.raw.slice(lineBounds(src.raw, m.index)[0], m.index))) return null;
    const high = HIGH_RISK_MODULES.has(mod);
    let severity = callSeverity(src, m.index, m.index + m[0].length, high ? 'warning' : 'info');
    if (!high) severity = lenient(severity, 'warning');
    const verb = id === 'SEC014' ? 'require' : 'import';
    return { severity, message: `Code execution: ${verb} of the "${mod}" module ("${clip(m[0])}"). ${high ? CODE_FIX : 'A persona rarely needs file or network modules; check why it is here.'}` };
  };
}

function childProcessJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const line = lineAround(src, m.index);
  const used = /child_process\.[a-z]+[ \t]{0,6}\(|require[ \t]{0,6}\([ \t]{0,6}["'`](?:node:)?child_process|from[ \t]{0,6}["'](?:node:)?child_process|(?:use|using|via|with|call|import|load)[ \t]{1,6}(?:the[ \t]{1,6})?`?child_process/.test(line);
  if (!used) return null;
  const severity = callSeverity(src, m.index, m.index + m[0].length, 'warning');
  return { severity, message: `Code execution: the child_process module runs shell commands ("${clip(line, 60)}"). ${CODE_FIX}` };
}

// ---- SEC016: download and run -----------------------------------------------------------------

// Hosts of well-known installers whose docs say "curl ... | sh": still a warning, not an error.
const KNOWN_INSTALLERS = /https:\/\/(?:sh\.rustup\.rs|get\.docker\.com|deno\.land\/(?:x\/)?install|bun\.sh\/install|astral\.sh\/(?:uv|ruff)\/|raw\.githubusercontent\.com\/(?:Homebrew|homebrew|nvm-sh|helm)\/|get\.pnpm\.io|install\.python-poetry\.org|ollama\.com\/install\.sh|fnm\.vercel\.app|starship\.rs\/install|get\.k3s\.io|sdk\.cloud\.google\.com|get\.helm\.sh)/i;
const DOWNLOADER = /(?:^|[^a-z0-9-])(?:curl|wget|iwr|irm|invoke-webrequest|invoke-restmethod|lwp-download|aria2c|fetch)(?![a-z0-9-])|net\.webclient|downloadstring|downloadfile|https?:\/\//;
const PIPE_RE = /\|[ \t]{0,6}(?:sudo[ \t]{1,6}(?:-[a-zA-Z]+[ \t]{1,6}){0,3})?(?:(?:ba|z|k|da|fi|tc|c)?sh|python[23]?|perl|ruby|node|php|iex|invoke-expression)(?![\w.-])/iy;
const SUBSHELL_RE = /<\([ \t]{0,6}(?:curl|wget)\b|\$\([ \t]{0,6}(?:curl|wget)\b|(?:iex|invoke-expression)\b|\.downloadstring[ \t]{0,6}\(|&&[ \t]{0,6}(?:sudo[ \t]{1,6})?(?:(?:ba|z)?sh[ \t]{1,6}[\w./~-]+\.sh\b|chmod[ \t]{1,6}\+x\b)/iy;

function downloadRunJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const [ls, le] = lineBounds(src.lower, m.index, 400);
  const before = src.lower.slice(ls, m.index);
  const after = src.lower.slice(m.index, le);
  const token = m[0].toLowerCase();
  if (token.startsWith('|')) {
    if (!DOWNLOADER.test(before)) return null;
    if (/json\.tool|-m[ \t]{1,6}json|\|[ \t]{0,6}(?:python[23]?|node)[ \t]{1,6}-[cm][ \t]{1,6}["']?(?:import json|json)/.test(after)) return null;
  } else if (token.startsWith('<(')) {
    if (!/(?:^|[^a-z])(?:(?:ba|z|k)?sh|source|\.)[ \t]{1,6}$/.test(before)) return null;
  } else if (token.startsWith('$(')) {
    // $(curl ...) only runs code when handed to a shell, eval or an interpreter
    if (!/(?:(?:^|[^a-z])(?:ba|z|k)?sh[ \t]{1,6}-c|(?:^|[^a-z])eval|python[23]?[ \t]{1,6}-c|(?:^|[^a-z])source|perl[ \t]{1,6}-e|ruby[ \t]{1,6}-e|node[ \t]{1,6}-e)[ \t]{0,6}["']?$/.test(before.trimEnd())) return null;
  } else if (token.startsWith('iex') || token.startsWith('invoke-expression') || token.startsWith('.downloadstring')) {
    if (token.startsWith('iex') && /[\w-]/.test(src.lower[m.index - 1] ?? ' ')) return null;
    // a PowerShell download cradle: Invoke-Expression of something fetched
    const win = src.lower.slice(Math.max(0, m.index - 300), Math.min(src.lower.length, m.index + 300));
    if (!/downloadstring|(?:^|[^a-z])(?:iwr|irm)(?![a-z])|invoke-webrequest|invoke-restmethod|net\.webclient/.test(win)) return null;
    if (!/(?:^|[^a-z-])iex(?![a-z])|invoke-expression/.test(win)) return null;
  } else if (token.startsWith('&&')) {
    if (!/(?:^|[^a-z])(?:curl|wget)(?![a-z])/.test(before) || !/[ \t](?:-o|-O|--output|--output-document)(?:[ \t]|\S)/.test(src.raw.slice(ls, m.index))) return null;
  }
  const [rs, re] = lineBounds(src.raw, m.index, 300);
  const line = src.raw.slice(rs, re);
  const known = !src.decoded && KNOWN_INSTALLERS.test(line);
  const refused = !src.decoded && isCommandRefused(src.raw, m.index, m.index + m[0].length);
  const severity: Severity | undefined = known || refused ? 'warning' : undefined;
  const fix = known && !refused ? 'It is a well-known installer; link its documentation instead of running it from the persona.' : PAYLOAD_FIX;
  return { severity, at: rs, message: `Code execution: a downloaded script is run directly ("${clip(line)}"). ${fix}` };
}

// ---- SEC017: reverse shells ---------------------------------------------------------------------

const REVSHELL_RE = /\/dev\/(?:tcp|udp)\/[\w.-]+\/\d|(?:nc|ncat|netcat)(?:\.exe)?[ \t]|socat\b|pty\.spawn[ \t]{0,6}\(|mkfifo\b|Net\.Sockets\.TCPClient\b|fsockopen[ \t]{0,6}\(|socket\.socket[ \t]{0,6}\(/iy;

function revShellJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  const token = m[0].toLowerCase();
  if (!token.startsWith('/') && /[\w-]/.test(src.lower[m.index - 1] ?? ' ') && !token.startsWith('socket.socket') && !token.startsWith('net.sockets')) return null;
  const line = lineAround(src, m.index, 400);
  if (token.startsWith('/dev/')) {
    // "bash -i >& /dev/tcp/host/port", "exec 5<>/dev/tcp/...": a raw socket wired to a shell
  } else if (/^(?:nc|ncat|netcat)/.test(token)) {
    const rest = src.lower.slice(m.index, lineBounds(src.lower, m.index, 300)[1]);
    if (!/[ \t]-[a-z]{0,16}[ec][ \t]{1,6}["']?(?:\/bin\/|\/usr\/bin\/)?(?:ba|z|da)?sh\b|[ \t]-[a-z]{0,16}e[ \t]{1,6}["']?(?:cmd(?:\.exe)?|powershell)\b/.test(rest)) {
      if (!/(?:^|[^a-z])mkfifo(?![a-z])|\/bin\/(?:ba)?sh[ \t]{1,6}-i|\|[ \t]{0,6}(?:\/bin\/)?(?:ba)?sh[ \t]{1,6}-i/.test(line)) return null;
    }
  } else if (token === 'socat') {
    if (!line.includes('exec:') && !line.includes('system:') && !line.includes('pty,')) return null;
  } else if (token === 'mkfifo') {
    if (!/(?:^|[^a-z])(?:nc|ncat|netcat|openssl[ \t]{1,6}s_client|telnet)(?![a-z])/.test(line)) return null;
  } else if (token.startsWith('pty.spawn')) {
    if (!/sh["']|socket|\/bin\//.test(src.lower.slice(Math.max(0, m.index - 400), m.index + 200))) return null;
  } else if (token.startsWith('net.sockets.tcpclient')) {
    if (!/getstream|iex|invoke-expression|\.read\(|sendback/.test(src.lower.slice(m.index, m.index + 800))) return null;
  } else if (token.startsWith('fsockopen')) {
    if (!/\/bin\/(?:ba)?sh|exec\(|shell_exec|proc_open|system\(/.test(src.lower.slice(m.index, m.index + 400))) return null;
  } else if (token.startsWith('socket.socket')) {
    const win = src.lower.slice(Math.max(0, m.index - 300), m.index + 600);
    if (!/\.connect\(/.test(win) || !/dup2|subprocess|pty\.spawn|\/bin\/(?:ba)?sh/.test(win)) return null;
  }
  const [rs, re] = lineBounds(src.raw, m.index, 200);
  const severity = !src.decoded && isCommandRefused(src.raw, m.index, m.index + m[0].length) ? ('warning' as const) : undefined;
  return { severity, at: rs, message: `Code execution: reverse shell ("${clip(src.raw.slice(rs, re))}"). ${PAYLOAD_FIX}` };
}

// ---- SEC018: inline interpreters, encoded commands, LOLBins ---------------------------------------

const INLINE_RE = /(?:powershell|pwsh)(?:\.exe)?\b|python[23]?(?:\.exe)?[ \t]{1,6}-c\b|(?:perl|ruby|php|node|lua)[ \t]{1,6}-[erE]\b|base64[ \t]{1,6}(?:-d|--decode|-D)\b|(?:mshta|regsvr32|certutil|rundll32)(?:\.exe)?[ \t]/iy;
const PY_DANGER = /import[ \t]{1,6}(?:os|subprocess|socket|pty|urllib|requests|base64|ctypes)|__import__|exec\(|eval\(|os\.system|os\.popen|subprocess|socket\.|b64decode|\/bin\/(?:ba)?sh/;
const SCRIPT_DANGER = /system|exec|spawn|child_process|socket|fsockopen|popen|`|shell|\/bin\/(?:ba)?sh|base64|eval/;

function inlineJudge(m: RegExpExecArray, src: RawSource): RawVerdict | null {
  if (/[\w-]/.test(src.lower[m.index - 1] ?? ' ')) return null;
  const token = m[0].toLowerCase().trim();
  const [, le] = lineBounds(src.lower, m.index, 600);
  const rest = src.lower.slice(m.index + m[0].length, le);
  const line = lineAround(src, m.index, 400);
  let what: string;
  if (token.startsWith('powershell') || token.startsWith('pwsh')) {
    const enc = /[ \t]-(?:e|en|enc|enco|encod[a-z]{0,16}|ec)[ \t]{1,6}[a-z0-9+/=]{16,}/.test(rest);
    const hidden = /[ \t]-(?:w|win[a-z]{0,16})[ \t]{1,6}hidden/.test(rest) && /[ \t]-(?:nop|noprofile|ep|exec[a-z]{0,16})\b/.test(rest);
    if (!enc && !hidden) return null;
    what = enc ? 'PowerShell with an encoded command' : 'PowerShell in a hidden window';
  } else if (token.startsWith('python')) {
    if (!PY_DANGER.test(rest)) return null;
    what = 'python -c running shell, socket or encoded code';
  } else if (/^(?:perl|ruby|php|node|lua)/.test(token)) {
    if (!SCRIPT_DANGER.test(rest)) return null;
    what = `${token.split(/[ \t]/)[0] ?? token} one-liner running shell or socket code`;
  } else if (token.startsWith('base64')) {
    if (!/\|[ \t]{0,6}(?:sudo[ \t]{1,6})?(?:(?:ba|z|da)?sh|python[23]?|perl|ruby|node)\b|(?:^|[^a-z])eval(?![a-z])/.test(line)) return null;
    what = 'base64-decoded text piped to a shell or interpreter';
  } else if (token.startsWith('mshta')) {
    if (!/^[ \t]{0,6}["']?(?:https?:|vbscript:|javascript:|\\\\)/.test(rest)) return null;
    what = 'mshta running remote or inline script';
  } else if (token.startsWith('regsvr32')) {
    if (!/\/i:["']?(?:https?:|\\\\)|scrobj/.test(rest)) return null;
    what = 'regsvr32 loading a remote scriptlet';
  } else if (token.startsWith('certutil')) {
    if (!/-urlcache|-decode\b|-decodehex/.test(rest)) return null;
    what = 'certutil downloading or decoding a payload';
  } else {
    if (!/javascript:|\\\\|https?:/.test(rest)) return null;
    what = 'rundll32 running script';
  }
  const [rs, re] = lineBounds(src.raw, m.index, 200);
  const severity = !src.decoded && isCommandRefused(src.raw, m.index, m.index + m[0].length) ? ('warning' as const) : undefined;
  return { severity, at: rs, message: `Code execution: ${what} ("${clip(src.raw.slice(rs, re))}"). ${PAYLOAD_FIX}` };
}

const RAW_RULES: readonly RawRule[] = [
  {
    id: 'SEC010',
    gate: ['eval(', 'eval (', 'new function'],
    needles: ['eval', 'new function'],
    pattern: EVAL_RE,
    judge: callJudge('SEC010', (t) => `Code execution: ${t}() evaluates code at run time.`),
  },
  {
    id: 'SEC011',
    gate: ['exec(', 'exec (', 'execsync', 'execfilesync', 'spawnsync', 'shellexec', 'passthru', 'procopen', 'popen', 'subprocess.', 'os.exec*', 'os.spawn*', 'getruntime', 'processbuilder', 'process.start', 'childprocess.', 'cp.exec*', 'cp.spawn*', 'cp.fork', 'pcntlexec'],
    needles: ['exec', 'spawnsync', 'passthru', 'proc_open', 'popen', 'subprocess.', 'os.', 'runtime.getruntime', 'processbuilder', 'process.start', 'child_process.', 'cp.', 'shell_exec', 'pcntl_exec'],
    pattern: EXEC_RE,
    judge: callJudge('SEC011', (t) => `Code execution: ${t}() starts a process or runs code.`),
  },
  {
    id: 'SEC012',
    gate: ['system(', 'system ('],
    needles: ['system', 'os.system', 'kernel.system', '__import__'],
    pattern: SYSTEM_RE,
    judge: callJudge('SEC012', (t) => `Code execution: ${t}() runs a shell command.`),
  },
  { id: 'SEC013', gate: ['childprocess'], needles: ['child_process'], pattern: CHILD_PROCESS_RE, judge: childProcessJudge },
  { id: 'SEC014', gate: ['require(', 'require ('], needles: ['require'], pattern: REQUIRE_RE, judge: moduleJudge('SEC014') },
  { id: 'SEC015', gate: ['childprocess', "'vm'", '"vm"', "'net'", '"net"', "'fs", '"fs', "'http*", '"http*', "'dgram'", '"dgram"', 'node:'], needles: ['from', 'import'], pattern: IMPORT_JS_RE, judge: moduleJudge('SEC015') },
  { id: 'SEC015', gate: ['import subprocess', 'import pty', 'import ctypes', 'import socket', 'from subprocess', 'from pty', 'from ctypes', 'from socket'], needles: ['import ', 'from '], pattern: IMPORT_PY_RE, judge: moduleJudge('SEC015') },
  {
    id: 'SEC016',
    gate: ['curl', 'wget', 'invoke-webrequest', 'invoke-restmethod', 'webclient', 'downloadstring', 'lwp-download', 'aria2c', 'fetch', '://'],
    needles: ['|'],
    pattern: PIPE_RE,
    judge: downloadRunJudge,
  },
  {
    id: 'SEC016',
    gate: ['<( curl', '<(curl', '<( wget', '<(wget', '$(curl', '$( curl', '$(wget', '$( wget', 'iex', 'invoke-expression', 'downloadstring', '&& sh', '&& bash', '&& zsh', '&& sudo', '&& chmod'],
    needles: ['<(', '$(', 'iex', 'invoke-expression', '.downloadstring', '&&'],
    pattern: SUBSHELL_RE,
    judge: downloadRunJudge,
  },
  {
    id: 'SEC017',
    gate: ['/dev/tcp/', '/dev/udp/', 'nc -', ' ncat', 'netcat', 'nc.exe', 'socat', 'pty.spawn', 'mkfifo', 'tcpclient', 'fsockopen', 'socket.socket'],
    needles: ['/dev/tcp/', '/dev/udp/', 'nc', 'netcat', 'socat', 'pty.spawn', 'mkfifo', 'net.sockets.tcpclient', 'fsockopen', 'socket.socket'],
    pattern: REVSHELL_RE,
    judge: revShellJudge,
  },
  {
    id: 'SEC018',
    gate: ['powershell', 'pwsh', 'python -c', 'python3 -c', 'python2 -c', 'python.exe -c', 'perl -e', 'ruby -e', 'php -r', 'node -e', 'lua -e', 'base64 -d', 'base64 --decode', 'base64 -d', 'mshta', 'regsvr32', 'certutil', 'rundll32'],
    needles: ['powershell', 'pwsh', 'python', 'perl', 'ruby', 'php', 'node', 'lua', 'base64', 'mshta', 'regsvr32', 'certutil', 'rundll32'],
    pattern: INLINE_RE,
    judge: inlineJudge,
  },
];

// ---- SEC016 / SEC019: natural-language instructions ----------------------------------------------

const PHRASES: readonly GatedPhraseRule[] = [
  {
    id: 'SEC016',
    anchor: 'start',
    gate: ['download*', 'fetch*', 'curl*', 'wget*', 'grab*', 'pull*', 'retriev*', 'pipe'],
    patterns: [
      /(?:download|fetch|curl|wget|grab|pull)(?:s|es)? (?:it |them |the script |the file )?(?:and|then|&&) (?:immediately )?(?:run|execute|exec|source|launch|install and run)\b/y,
      /(?:download|fetch|retrieve|grab)s? (?:the |this |a )?(?:script|binary|payload|executable|installer)s? (?:[a-z'-]{1,20} ){0,3}(?:and|then) (?:run|execute|launch) (?:it|them)\b/y,
      /pipe (?:it|the (?:script|output|download|response)) (?:in)?to (?:bash|sh|zsh|a shell|the shell|powershell|iex|python)\b/y,
    ],
  },
  {
    id: 'SEC019',
    gate: ['web page*', 'webpage*', 'website*', 'the web', 'the internet', 'incoming messages', 'tool output*', 'tool result*', 'tool response*', 'search results', 'pull request*', 'remote server*', 'remote host*', 'remote file*', 'pastebin', 'without asking', 'without question*', 'without confirm*', 'without review*', 'without check*', 'without hesitation', 'without restriction*', 'blindly', 'no questions asked', ...combos(['instructions', 'commands', 'directives', 'code', 'scripts', 'tasks'], ['that', 'you', 'find', 'found', 'contained', 'embedded', 'hidden', 'written', 'included', 'posted', 'hosted', 'receive', 'received', 'see', 'read', 'encounter', 'in', 'from', 'on', 'at', 'inside', 'within']), ...combos(['rules'], ['at', 'from', 'in', 'on']), 'orders from', 'prompt from', ...combos(['any', 'all', 'every', 'whatever', 'arbitrary'], ['command*', 'code', 'script*', 'shell', 'terminal', 'system', 'bash', 'powershell', 'python']), ...combos(['fetch', 'download', 'retrieve', 'load', 'read', 'visit', 'open'], ['http*'])],
    starts: ['execute', 'run', 'carry', 'follow', 'obey', 'comply', 'apply', 'eval', 'evaluate', 'fetch', 'download', 'retrieve', 'load', 'read', 'get', 'pull', 'visit', 'open', 'check'],
    patterns: [
      /(?:execute|run|carry out|follow|obey|comply with) (?:(?:any|all|every|the) )?(?:instructions|commands|directives|code|scripts|tasks) (?:that )?(?:you )?(?:find |found |contained |embedded |hidden |written |included |posted |hosted |receive |received |see |read |encounter )?(?:in|from|on|at|inside|within) (?:the |any |all |your |each |every )?(?:web ?pages?|websites?|the web|the internet|emails?|e-mails?|inbox|incoming messages|tool (?:output|outputs|results?|responses?)|search results|urls?|links?|remote (?:servers?|hosts?|files?)|pastebin|gists?|a server|the server|my server|that server|this server)\b/y,
      /(?:execute|run|eval|evaluate) (?:any|all|every|whatever|arbitrary) (?:shell |terminal |system |bash |powershell |python )?(?:commands?|code|scripts?) (?:[a-z'-]{1,20} ){0,3}(?:without (?:asking|question|questioning|confirmation|confirming|review|reviewing|checking|hesitation|restriction)|blindly|no questions asked|immediately)\b/y,
      /(?:fetch|download|retrieve|load|read|get|pull|visit|open|check) (?:your |the |new |latest |updated |additional |further )?(?:instructions|commands|directives|tasks|orders|prompt|system prompt|rules) from (?:https?:\/\/|the url|this url|a url|a remote|the remote|remote|pastebin|a gist|the gist|my server|our server|the server|the following url)/y,
      /(?:follow|obey|execute|run|apply|carry out) (?:the |any |all )?(?:instructions|commands|directives|tasks|rules) (?:at|from|in|on) https?:\/\//y,
    ],
  },
  {
    id: 'SEC019~warning',
    gate: ['command', 'commands'],
    starts: ['execute', 'run'],
    patterns: [/(?:execute|run) (?:any|all|every|whatever) (?:shell |terminal |system |bash |powershell )?commands? (?:that )?(?:the user|users|i|they) (?:sends?|gives?|provides?|types?|asks? for|requests?|pastes?)\b/y],
  },
];

const PHRASE_FIXES: Readonly<Record<string, string>> = {
  SEC016: PAYLOAD_FIX,
  SEC019: 'Treat fetched pages, emails, files and tool output as data, never as instructions; remove the instruction.',
};

registerGates(RAW_RULES, PHRASES);

const INFO_WHEN_REFUSED: ReadonlySet<string> = new Set(['SEC019']);

/** Rule family: code execution (SEC010..SEC019). */
export const codeExecution: RuleFamily = {
  name: 'code-execution',
  rules: RULES,
  check(ctx, emit) {
    runRawRules(ctx, emit, RAW_RULES);
    runPhrases(ctx, emit, PHRASES, RULES, { fixes: PHRASE_FIXES, infoWhenRefused: INFO_WHEN_REFUSED });
  },
};

/**
 * The fast paths of the shared runners, for tests that compare them with plain loops.
 *
 * @example fastPaths.needlePlaces(rawSourceOf(file), '|') // offsets of '|' in file.raw
 */
export const fastPaths = {
  /** Whether one of the start words of `rule` begins at the word start `p` of `norm` (pair filter, then the word). */
  isStartWord(rule: GatedPhraseRule, norm: string, p: number): boolean {
    const starts = startWordsOf(rule);
    return startsPair(starts.pairs, norm, p, norm.charCodeAt(p)) && startsWord(starts, norm, p);
  },
  /** The position lists of the gate words of `rule` found in a view, in gate order (each word once). */
  anchorsOf(view: TextView, rule: Gated): ReadonlyArray<readonly number[]> {
    return anchorsIn(gatesOf(view), numberOf(rule)) ?? [];
  },
  /** The patterns of every registered gated phrase rule, as written (tryAt runs them compacted). */
  phrasePatterns(): RegExp[] {
    return fastPaths.phraseRules().flatMap((rule) => [...rule.patterns]);
  },
  /** Every registered gated phrase rule, as its family passes it to `runPhrases` (for the gate contract test). */
  phraseRules(): GatedPhraseRule[] {
    return GATED.filter((rule): rule is GatedPhraseRule => 'patterns' in rule);
  },
  /** Where judgeSource looks for a needle: the offsets it finds in the text it searches. */
  needlePlaces(src: RawSource, needle: string): number[] {
    const text = needleText(src, needle, isWordCode(needle.charCodeAt(0)));
    const plan = planOf(needle);
    const out: number[] = [];
    for (let i = nextNeedle(text, plan, 0); i !== -1; i = nextNeedle(text, plan, i + 1)) out.push(i);
    return out;
  },
};
