// Normalised views of one text, built lazily: what the content rules match against.
//
// `norm` defeats the cheap evasions (full-width letters, zero-width and bidi characters,
// homoglyphs, diacritics, markdown emphasis, odd whitespace) while keeping a map back to the
// raw text, so every finding still points at a real line. `squashed` drops everything but
// letters and digits, for words split or spaced out. `hidden` and `decoded` hold text a reader
// of the rendered page would not see: HTML comments, link titles, alt text, tag characters,
// and base64 / hex / rot13 payloads, each with its own view so rules rescan it.
//
// The normaliser is one pass over the raw text into typed arrays: ASCII goes through a table
// lookup, other characters through a per-code-point class cache (unicode.ts), and only clusters
// that NFKC or case folding would change are normalised as strings. Every step is bounded per
// input character, so floods of combining marks or invisible characters stay linear.
import {
  CF_COMBINING,
  CF_FOLD_ALWAYS,
  CF_FOREIGN_LOOKALIKE,
  CF_LATIN,
  CF_SIMPLE,
  CK_INVISIBLE,
  CK_LETTER,
  CK_MARK,
  CK_MASK,
  CK_NUMBER,
  CK_SPACE,
  alwaysFold,
  charInfo,
  foldConfusable,
  foreignFold,
  invisibleKind,
  isBlankLike,
  type InvisibleKind,
} from './unicode.ts';
import { extractDecoded, extractHidden } from './segments.ts';

export interface Segment {
  readonly kind: SegmentKind;
  /** Offset in the raw text of the containing view where the segment starts. */
  readonly offset: number;
  /** Length of the raw span the segment was taken or decoded from. */
  readonly length: number;
  /** The text is the raw slice at `offset` (so an offset inside it maps exactly to the raw text). */
  readonly verbatim: boolean;
  readonly text: string;
  readonly view: TextView;
}

export type SegmentKind =
  | 'html-comment'
  | 'link-title'
  | 'alt-text'
  | 'html-attribute'
  | 'hidden-element'
  | 'tag-characters'
  | 'variation-selectors'
  | 'base64'
  | 'hex'
  | 'rot13'
  | 'url-encoded'
  | 'escaped'
  | 'spaced-letters'
  | 'html-rendered'
  | 'leetspeak';

/** Segment kinds that decode an encoding (the others are text hidden from a reader). */
export const DECODED_KINDS: ReadonlySet<SegmentKind> = new Set(['base64', 'hex', 'rot13', 'url-encoded', 'escaped', 'leetspeak']);
/**
 * Segment kinds whose findings are reported as decoded (SEC115): the decoded ones, and markup
 * rendered to text. The rendered kind stays out of DECODED_KINDS: it is visible text, not a
 * payload, so the evasion family does not read its cues as a hidden message.
 */
export const REPORTED_DECODED_KINDS: ReadonlySet<SegmentKind> = new Set([...DECODED_KINDS, 'html-rendered']);

export interface Invisible {
  readonly kind: InvisibleKind;
  /** Raw offset of the first character of the run. */
  readonly offset: number;
  /** Number of code points in the run. */
  readonly count: number;
  /** Raw offset just after the run. */
  readonly end: number;
}

const MAX_DEPTH = 2;
/**
 * The look-ahead of a look-alike word counts visible characters only: `norm` drops invisible ones,
 * so a zero-width space after every letter must not change what it sees. This many raw units per
 * visible one at most, so the look-ahead stays bounded.
 */
const INVISIBLE_SLACK = 8;
/** Combining marks kept on one base character; the rest of a flood is dropped. */
const MAX_CLUSTER_MARKS = 16;
/** A run of this many combining marks on one base is recorded as a mark flood ("Zalgo"). */
const MARK_FLOOD = 6;
const MAX_RECORDED = 1000;
/** Runs of invisible characters kept per text (the rest are still removed from `norm`). */
const MAX_INVISIBLE_RUNS = 10_000;

// ASCII classes for the fast path.
const A_OTHER = 0;
const A_LOWER = 1;
const A_UPPER = 2;
const A_DIGIT = 3;
const A_SPACE = 4;
const A_DROP = 5; // markdown emphasis: * _ ~ `
const A_CONTROL = 6;
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII[c] =
    c >= 0x61 && c <= 0x7a ? A_LOWER
    : c >= 0x41 && c <= 0x5a ? A_UPPER
    : c >= 0x30 && c <= 0x39 ? A_DIGIT
    : c === 0x20 || (c >= 0x09 && c <= 0x0d) ? A_SPACE
    : c === 0x2a || c === 0x5f || c === 0x7e || c === 0x60 ? A_DROP
    : c < 0x20 || c === 0x7f ? A_CONTROL
    : A_OTHER;
}

/** A lazily normalised view of a text. Create with `createTextView(raw)`. */
export class TextView {
  readonly raw: string;
  readonly depth: number;
  /** Slots of `createViewMemo` caches: what other modules compute from this view lives with it. */
  readonly memo: unknown[] = [];
  #norm?: string;
  /** `norm` was built one byte per unit (see sinkUnitsFrom): every unit is below U+0100. */
  #normOneByte = false;
  #pieces?: readonly number[];
  /** Raw offsets of the code units of the pieces normalised one by one (see `NormBuilder.pieces`). */
  #unitMap?: Uint32Array;
  #squashed?: string;
  #squashedMap?: Uint32Array;
  #invisibles?: Invisible[];
  #mixedScriptWords?: number[];
  #lookalikeWords?: number[];
  #markFloods?: number[];
  #pairs?: number;
  #lineStarts?: number[];
  /** Lines `lineAt` found by counting line feeds, before it builds #lineStarts. */
  #linesCounted = 0;
  #fences?: Array<[number, number]>;
  #hidden?: Segment[];
  #decoded?: Segment[];
  /** Whether the raw text may hold a gate word of rot13 lines (false only when the keyword pass ruled it out). */
  #mayHoldRot13 = true;
  /** Whether the raw text may hold leetspeak lines (false only when the keyword pass ruled them out). */
  #mayHoldLeet = true;

  constructor(raw: string, depth = 0) {
    this.raw = raw;
    this.depth = depth;
  }

  /** NFKC, invisibles removed, homoglyphs folded, lower case, emphasis dropped, spaces collapsed. */
  get norm(): string {
    if (this.#norm === undefined) this.#buildNorm();
    return this.#norm!;
  }

  /**
   * Whether `norm` is known to hold only units below U+0100 without reading it: true when it was
   * built one byte per unit; false says nothing (a C1 control also makes it two bytes).
   */
  get normOneByte(): boolean {
    if (this.#norm === undefined) this.#buildNorm();
    return this.#normOneByte;
  }

  /** Raw offset of the character at `i` in `norm`. */
  normOffset(i: number): number {
    const norm = this.norm;
    if (norm.length === 0) return 0;
    const at = Math.min(Math.max(i, 0), norm.length - 1);
    // the piece holding `at`, by binary search: its unit map, or a replay of its raw text
    const pieces = this.#pieces!;
    let lo = 0;
    let hi = (pieces.length >> 1) - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pieces[2 * mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const normStart = pieces[2 * lo]!;
    const from = pieces[2 * lo + 1]!;
    if (from < 0) return this.#unitMap![-from - 1 + at - normStart]!;
    return replayPiece(this.raw, from, at - normStart);
  }

  /** Only letters and digits of `norm` (any script), for split and spaced-out words. */
  get squashed(): string {
    if (this.#squashed === undefined) this.#buildSquashed();
    return this.#squashed!;
  }

  /** Raw offset of the character at `i` in `squashed`. */
  squashedOffset(i: number): number {
    if (this.#squashedMap === undefined) this.#buildSquashedMap();
    const map = this.#squashedMap!;
    if (map.length === 0) return 0;
    return this.normOffset(map[Math.min(Math.max(i, 0), map.length - 1)]!);
  }

  /** Runs of invisible or direction-changing characters, in raw order; adjacent ones of a kind are one run (at most 10,000 runs). */
  get invisibles(): readonly Invisible[] {
    if (this.#invisibles === undefined) this.#buildNorm();
    return this.#invisibles!;
  }

  /** Raw offsets of words that mixed Latin with look-alike letters of another script. */
  get mixedScriptWords(): readonly number[] {
    if (this.#mixedScriptWords === undefined) this.#buildNorm();
    return this.#mixedScriptWords!;
  }

  /** Raw offsets of words made only of another script's look-alikes that were folded to Latin. */
  get lookalikeWords(): readonly number[] {
    if (this.#lookalikeWords === undefined) this.#buildNorm();
    return this.#lookalikeWords!;
  }

  /**
   * Surrogate pairs in the raw text (each one character of two code units), matched left to
   * right, as `textFacts(raw).pairs` counts them: `raw.length - surrogatePairs` characters.
   */
  get surrogatePairs(): number {
    if (this.#pairs === undefined) this.#buildNorm();
    return this.#pairs!;
  }

  /** Raw offsets of base characters carrying a flood of combining marks ("Zalgo" text). */
  get markFloods(): readonly number[] {
    if (this.#markFloods === undefined) this.#buildNorm();
    return this.#markFloods!;
  }

  /** Text hidden from a reader of the rendered page (comments, titles, alt text, tag characters). */
  get hidden(): readonly Segment[] {
    // built in a method of its own: an arrow function here would make V8 allocate its closure
    // context on every read of the getter, not only on the first
    return this.#hidden ?? this.#buildHidden();
  }

  /** Encoded payloads (base64, hex, rot13, percent-encoding, spaced-out letters, leetspeak) decoded to text. */
  get decoded(): readonly Segment[] {
    return this.#decoded ?? this.#buildDecoded();
  }

  #buildHidden(): Segment[] {
    const depth = this.depth + 1;
    return (this.#hidden = this.depth >= MAX_DEPTH ? [] : extractHidden(this.raw, this.invisibles).map((s) => ({ ...s, view: new TextView(s.text, depth) })));
  }

  #buildDecoded(): Segment[] {
    const depth = this.depth + 1;
    return (this.#decoded = this.depth >= MAX_DEPTH ? [] : extractDecoded(this.raw, this.#mayHoldRot13, this.#mayHoldLeet).map((s) => ({ ...s, view: new TextView(s.text, depth) })));
  }

  /**
   * Note that the raw text holds none of the gate words of rot13 lines (ROT13_ANCHOR in
   * segments.ts): the keyword pass, which reads every word of `norm` anyway, tells this before
   * the decoded segments are built, and their search then skips a regular expression over the
   * whole raw text.
   */
  ruleOutRot13(): void {
    this.#mayHoldRot13 = false;
  }

  /** False once `ruleOutRot13` was called. */
  get mayHoldRot13(): boolean {
    return this.#mayHoldRot13;
  }

  /**
   * Note that the raw text holds fewer than two places where a letter runs into a digit that
   * leetspeak writes for one, or none where letters run from a digit into such a digit (LEET_JOINT,
   * LEET_THROUGH in segments.ts): the search for leetspeak lines is then skipped (the keyword
   * pass tells, as for rot13).
   */
  ruleOutLeet(): void {
    this.#mayHoldLeet = false;
  }

  /** False once `ruleOutLeet` was called. */
  get mayHoldLeet(): boolean {
    return this.#mayHoldLeet;
  }

  /** 1-based line of a raw offset. */
  lineAt(offset: number): number {
    if (this.#lineStarts === undefined && this.#linesCounted < COUNTED_LINES) {
      // most texts are asked for no line, or one or two: counting the line feeds before the
      // offset (a native search each, no array) costs less than the table of every line start
      this.#linesCounted++;
      let line = 1;
      for (let i = this.raw.indexOf('\n'); i !== -1 && i < offset; i = this.raw.indexOf('\n', i + 1)) line++;
      return line;
    }
    if (this.#lineStarts === undefined) {
      const starts = [0];
      for (let i = this.raw.indexOf('\n'); i !== -1; i = this.raw.indexOf('\n', i + 1)) starts.push(i + 1);
      this.#lineStarts = starts;
    }
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Whether a raw offset sits inside a fenced code block (``` or ~~~). */
  inCodeBlock(offset: number): boolean {
    if (this.#fences === undefined) this.#fences = findFences(this.raw);
    const fences = this.#fences;
    let lo = 0;
    let hi = fences.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [start, end] = fences[mid]!;
      if (offset < start) hi = mid - 1;
      else if (offset >= end) lo = mid + 1;
      else return true;
    }
    return false;
  }

  #buildNorm(): void {
    const b = new NormBuilder(this.raw);
    b.run();
    this.#norm = b.text();
    this.#normOneByte = !sinkWide;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the sink remembers whose units it holds
    sinkView = this;
    this.#pieces = b.pieces;
    this.#unitMap = b.unitMap();
    this.#invisibles = b.invisibles;
    this.#mixedScriptWords = b.mixed;
    this.#lookalikeWords = b.lookalike;
    this.#markFloods = b.floods;
    this.#pairs = b.pairs;
  }

  #buildSquashed(): void {
    this.#squashed = squashNorm(this.norm, null);
  }

  #buildSquashedMap(): void {
    const norm = this.norm;
    const map = new Uint32Array(this.squashed.length);
    squashNorm(norm, map);
    this.#squashedMap = map;
  }
}

// Scratch buffers of `squashNorm` (one squash runs at a time).
let squashBytes = new Uint8Array(1024);
let squashUnits = new Uint16Array(1024);

/**
 * Only the letters and digits of `norm` (any script, with their combining marks). With `map`,
 * writes the `norm` offset of each code unit kept instead of building the string (the map is
 * made only when an offset is asked for).
 */
function squashNorm(norm: string, map: Uint32Array | null): string {
  const n = norm.length;
  if (!NON_ASCII.test(norm)) {
    // letters and digits only, one byte each
    if (map === null && squashBytes.length < n) squashBytes = new Uint8Array(Math.max(n, squashBytes.length * 2));
    const bytes = squashBytes;
    let len = 0;
    for (let i = 0; i < n; i++) {
      const c = norm.charCodeAt(i);
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
        if (map === null) bytes[len] = c;
        else map[len] = i;
        len++;
      }
    }
    return map === null ? bytesToString(bytes, len) : '';
  }
  if (map === null && squashUnits.length < n) squashUnits = new Uint16Array(Math.max(n, squashUnits.length * 2));
  const out = squashUnits;
  let len = 0;
  for (let i = 0; i < n; i++) {
    const c = norm.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) {
        if (map === null) out[len] = c;
        else map[len] = i;
        len++;
      }
      continue;
    }
    let cp = c;
    let w = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = norm.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        w = 2;
      }
    }
    const kind = charInfo(cp) & CK_MASK;
    if (kind === CK_LETTER || kind === CK_NUMBER || kind === CK_MARK) {
      if (map === null) out[len] = c;
      else map[len] = i;
      len++;
      if (w === 2) {
        if (map === null) out[len] = norm.charCodeAt(i + 1);
        else map[len] = i;
        len++;
      }
    }
    i += w - 1;
  }
  return map === null ? unitsToString(out, len) : '';
}

/** A cache of something computed from a view, stored on the view (see `createViewMemo`). */
export interface ViewMemo<T> {
  get(view: TextView): T | undefined;
  set(view: TextView, value: T): void;
}

let memoSlots = 0;

/**
 * A per-view cache. The value lives in a slot of the view's `memo` array, so it dies with the
 * view: a WeakMap keyed by views would do the same, but a scan creates and drops views by the
 * thousand, and every WeakMap entry of a short-lived key makes each young-generation collection
 * slower (measured: several times the cost of a field).
 *
 * @example
 * const LINES = createViewMemo<number>();
 * LINES.set(view, 3); LINES.get(view) // 3
 */
export function createViewMemo<T>(): ViewMemo<T> {
  const slot = memoSlots++;
  return {
    get: (view) => view.memo[slot] as T | undefined,
    set: (view, value) => {
      const memo = view.memo;
      while (memo.length < slot) memo.push(undefined);
      memo[slot] = value;
    },
  };
}

/**
 * The index of the first entry of an ascending list at or after `at` (searching from index `from`
 * on), or the list's length.
 *
 * @example firstAtOrAfter(Int32Array.of(2, 5, 9), 5) // 1
 */
export function firstAtOrAfter(list: Int32Array, at: number, from = 0): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Views are cheap until read; build one per text. */
export function createTextView(raw: string): TextView {
  return new TextView(raw);
}

/**
 * Characters that end a stretch the native path may take: everything but printable ASCII, tab,
 * LF, CR, no-break space, and common symbols that NFKC and lower case leave alone (curly quotes,
 * dashes, bullets, arrows, box drawing), so typical prose with typographic quotes stays fast.
 */
const NOT_FAST = /[^\t\n\r\x20-\x7e\u00a0\u00a1\u00a7\u00a9\u00ab\u00ac\u00ae\u00b0\u00b1\u00b6\u00b7\u00bb\u00bf\u00d7\u00f7\u2010\u2013-\u2015\u2018-\u2022\u2030\u2039\u203a\u2190-\u21ff\u2500-\u257f]/;
/** FAST[c] is 1 for the characters below FAST.length that NOT_FAST lets through (built from it). */
const FAST = new Uint8Array(0x2580);
for (let c = 0; c < FAST.length; c++) FAST[c] = NOT_FAST.test(String.fromCharCode(c)) ? 0 : 1;

/** The non-ASCII characters NOT_FAST lets through, for tests. */
export const FAST_SYMBOLS = '\u00a1\u00a7\u00a9\u00ab\u00ac\u00ae\u00b0\u00b1\u00b6\u00b7\u00bb\u00bf\u00d7\u00f7\u2010\u2013\u2014\u2015\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u2020\u2021\u2022\u2030\u2039\u203a\u2190\u21ff\u2500\u257f';
/**
 * Shorter ASCII stretches go character by character (a piece of their own costs more than it
 * saves). The fold has read such a stretch already when it is thrown away and done again, so the
 * bound is low: building norm on the bench corpus took about 3% less CPU with 24 than with 48
 * (12 was no better than 24, 96 worse than 48).
 */
const MIN_NATIVE = 24;

/** Offsets `lineAt` turns into lines by counting line feeds before it builds a table of line starts. */
const COUNTED_LINES = 2;
/**
 * A native stretch is cut into pieces of this many characters, and an offset looked up is replayed
 * from its piece's start: the families look up a few thousand offsets per MB, scattered, and the
 * cuts cost less than long replays (with pieces of 64K characters the look-ups took about 1% of a
 * scan of the bench corpus, with 256 a quarter of that).
 */
const NATIVE_PIECE = 256;

// Scratch buffers shared by every builder (one normalisation runs at a time, start to end): a
// builder per text would allocate and zero two typed arrays, which costs more than the pass itself
// on a short text and keeps the garbage collector busy.
const EMPTY_UNITS = new Uint32Array(0);
let scratchOut = new Uint16Array(4096);
let scratchMap = new Uint32Array(4096);

/** One pass of normalisation: output code units with their raw offsets, plus what it saw. */
class NormBuilder {
  readonly raw: string;
  /** Code units not yet moved to the sink (the first `len`). */
  out: Uint16Array;
  /**
   * The raw offset of every code unit normalised one by one, those moved to the sink first: the
   * unit at `out[k]` has its offset at `map[unitLen + k]`, where it stays when the unit moves (so
   * a flush copies no offsets, and the view gets them all in one copy at the end).
   */
  map: Uint32Array;
  /** Code units in `out` not yet moved to the sink. */
  len = 0;
  /**
   * The stretches of `norm` and where their raw offsets come from, two numbers each: where the
   * stretch starts in `norm` (it ends where the next one starts), then for code units normalised
   * one by one `-1 - i`, their offsets being in `map` (the view's unit map) from `i`, and for a stretch folded
   * natively `2 * rawStart + lastSpace`, where a replay of the fold starts (see `replayPiece`).
   * Numbers, not an object per stretch: a native stretch is cut every NATIVE_PIECE characters.
   */
  readonly pieces: number[] = [];
  /** Code units moved out of `out` so far (their raw offsets are the first in `map`). */
  unitLen = 0;
  lastSpace = true; // drops leading space
  readonly invisibles: Array<{ kind: InvisibleKind; offset: number; count: number; end: number }> = [];
  readonly mixed: number[] = [];
  readonly lookalike: number[] = [];
  readonly floods: number[] = [];
  /** Surrogate pairs of the raw text, matched left to right (none can be in a fast stretch). */
  pairs = 0;
  // The current word, for homoglyph folding: folded only when it mixes Latin with look-alikes of
  // another script, or is made entirely of look-alikes and is long enough to be a spoof.
  wordStart = -1;
  wordRaw = 0;
  wordLatin = false;
  wordOther = 0;
  pendCount = 0;
  readonly pendIdx: number[] = [];
  readonly pendTarget: number[] = [];
  markRun = 0;
  markStart = 0;
  /** Script of the last word: 0 none yet, 1 Latin, 2 another script. */
  prevWord = 0;
  /** Raw offset just after the last character of the current word (non-ASCII path). */
  wordEndRaw = 0;

  constructor(raw: string) {
    this.raw = raw;
    this.out = scratchOut;
    this.map = scratchMap;
    sinkView = null;
    sinkLen = 0;
    sinkWide = false;
    sinkLone = false;
  }

  text(): string {
    this.flushUnits();
    return sinkText();
  }

  /** Move the buffered code units into the sink (only between words: pending folds index `out`). */
  flushUnits(): void {
    if (this.len === 0) return;
    const normStart = sinkLen;
    sinkUnitsFrom(this.out, this.len);
    this.pieces.push(normStart, -1 - this.unitLen);
    this.unitLen += this.len;
    this.len = 0;
  }

  /** The raw offsets of the code units normalised one by one, for the view (`map` is scratch). */
  unitMap(): Uint32Array {
    return this.unitLen === 0 ? EMPTY_UNITS : this.map.slice(0, this.unitLen);
  }

  run(): void {
    const raw = this.raw;
    const n = raw.length;
    let i = 0;
    while (i < n) {
      const c = raw.charCodeAt(i);
      if (c < 0x80) {
        if (FAST[c] === 0) {
          this.ascii(c, i); // a control character
          i++;
        } else {
          i = this.stretch(i);
        }
        continue;
      }
      const twin = asciiTwin(c);
      if (twin !== 0) {
        this.ascii(twin, i);
        i++;
        continue;
      }
      if (c >= 0xff01 && c <= 0xff5e) {
        // full-width ASCII is what NFKC makes it: the ASCII character
        this.ascii(c - 0xfee0, i);
        i++;
        continue;
      }
      let cp = c;
      let w = 1;
      if (c >= 0xd800 && c <= 0xdfff) {
        const d = i + 1 < n ? raw.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
          w = 2;
          this.pairs++;
        } else {
          // a lone surrogate: not text
          this.invisible('other-format', i, 1);
          i++;
          continue;
        }
      }
      const info = charInfo(cp);
      const kind = info & CK_MASK;
      if (kind === CK_INVISIBLE) {
        this.invisible(invisibleKind(cp)!, i, w);
        if (isBlankLike(cp)) this.space(i);
        i += w;
        continue;
      }
      if (kind === CK_MARK) {
        // a mark with no base (after ASCII, punctuation, or past the cap of a flood): dropped
        this.mark(i);
        i += w;
        continue;
      }
      this.markRun = 0;
      let j = i + w;
      const nextCombining = j < n && raw.charCodeAt(j) >= 0x300 && (infoAt(raw, j) & CF_COMBINING) !== 0;
      if ((info & CF_SIMPLE) !== 0 && !nextCombining) {
        if (kind === CK_LETTER || kind === CK_NUMBER) this.wordUnits(cp, i, info);
        else if (kind === CK_SPACE) this.space(i);
        else this.otherUnits(cp, i);
        i = j;
        continue;
      }
      // A cluster: the base and its combining marks (bounded), normalised together.
      let marks = 0;
      let parts = 0;
      while (j < n && parts < MAX_CLUSTER_MARKS) {
        const cj = raw.charCodeAt(j);
        if (cj < 0x300) break;
        const ij = infoAt(raw, j);
        if ((ij & CF_COMBINING) === 0) break;
        if (cj >= 0xd800 && cj <= 0xdbff && j + 1 < n) {
          const dj = raw.charCodeAt(j + 1);
          if (dj >= 0xdc00 && dj <= 0xdfff) this.pairs++;
          j += 2;
        } else {
          j++;
        }
        parts++;
        if ((ij & CK_MASK) === CK_MARK) marks++;
      }
      if (marks >= MARK_FLOOD) this.flood(i);
      this.markRun = marks;
      this.markStart = i;
      const s = raw.slice(i, j).normalize('NFKC');
      this.ensure(this.unitLen + this.len + 3 * s.length + 16);
      let latinBase = false;
      for (let k = 0; k < s.length; k++) {
        let q = s.charCodeAt(k);
        if (q >= 0xd800 && q <= 0xdbff && k + 1 < s.length) {
          q = ((q - 0xd800) << 10) + (s.charCodeAt(k + 1) - 0xdc00) + 0x10000;
          k++;
        }
        latinBase = this.normalised(q, i, latinBase);
      }
      i = j;
    }
    this.endWord();
  }

  /**
   * The fast stretch starting at `i` (printable ASCII and plain symbols, up to the next character
   * NOT_FAST matches): its middle is folded natively (lower case, emphasis dropped, white space
   * collapsed, see `foldStretch`), which gives exactly what `ascii` would character by character.
   * A word running in from the previous non-ASCII text, or out into the next, is done one by one,
   * and so is a stretch shorter than MIN_NATIVE. Returns where the stretch ends.
   */
  stretch(i: number): number {
    const raw = this.raw;
    const n = raw.length;
    let a = i;
    if (this.wordStart >= 0) {
      while (a < n && isWordOrEmphasis(raw.charCodeAt(a))) this.ascii(raw.charCodeAt(a), a++);
      // the word runs on into a character that is not fast (or the text ends)
      if (a === n || !isFast(raw.charCodeAt(a))) return a;
    }
    // `raw[a]` is fast and no word is open there (a space, punctuation or a symbol ends the one
    // the loop above was in, as `ascii` would): fold from it, in pieces of at most NATIVE_PIECE
    // characters so that mapping an offset back replays little, up to the first character that
    // is not fast; found by the fold itself, so the stretch is read once.
    this.endWord();
    this.markRun = 0;
    this.flushUnits();
    const startLen = sinkLen;
    const startSpace = this.lastSpace;
    const firstPiece = this.pieces.length;
    let from = a;
    let j: number;
    for (;;) {
      const to = Math.min(n, from + NATIVE_PIECE);
      const lastSpace = this.lastSpace;
      const normStart = sinkLen;
      j = foldStretch(raw, from, to, lastSpace);
      if (sinkLen !== normStart) {
        this.pieces.push(normStart, 2 * from + (lastSpace ? 1 : 0));
        this.lastSpace = foldSpace;
      }
      if (j < to || to === n) break;
      from = to;
    }
    // A word running out into the next (not fast) character is done one by one from its start
    // `b`: the fold's output is cut back to what it wrote for [a, b) (a letter or digit wrote one
    // unit, emphasis none; `raw[b - 1]`, not part of a word, set the space state).
    let b = j;
    if (j < n) while (b > a && isWordOrEmphasis(raw.charCodeAt(b - 1))) b--;
    if (b - a < MIN_NATIVE) {
      sinkLen = startLen;
      this.pieces.length = firstPiece;
      this.lastSpace = startSpace;
      for (let k = a; k < j; k++) this.ascii(raw.charCodeAt(k), k);
      return j;
    }
    if (b < j) {
      let cut = sinkLen;
      for (let k = b; k < j; k++) if (isWordChar(raw.charCodeAt(k))) cut--;
      sinkLen = cut;
      const pieces = this.pieces;
      // the last piece left ends at the cut (where the next one starts, or `norm` ends)
      while (pieces.length > firstPiece && pieces[pieces.length - 2]! >= cut) pieces.length -= 2;
      this.lastSpace = FOLD[raw.charCodeAt(b - 1)] === F_SPACE;
    }
    // the words folded natively are Latin ones for the look-alike words after them, as `ascii`
    // would have noted (a word of digits alone leaves the state as it was)
    for (let k = b - 1; k >= a; k--) {
      const c = raw.charCodeAt(k);
      if (c < 0x80 && (ASCII[c] === A_LOWER || ASCII[c] === A_UPPER)) {
        this.prevWord = 1;
        break;
      }
    }
    for (let k = b; k < j; k++) this.ascii(raw.charCodeAt(k), k);
    return j;
  }

  /** One character of a fast stretch (ASCII or a plain symbol), the reference semantics of the native path. */
  ascii(c: number, i: number): void {
    const k = c < 0x80 ? ASCII[c]! : c === 0xa0 ? A_SPACE : A_OTHER; // the symbols NOT_FAST lets through
    if (k === A_LOWER || k === A_DIGIT || k === A_UPPER) {
      if (this.wordStart < 0) {
        this.wordStart = this.len;
        this.wordRaw = i;
      }
      if (k !== A_DIGIT) this.wordLatin = true;
      this.push(k === A_UPPER ? c + 32 : c, i);
      this.lastSpace = false;
    } else if (k === A_SPACE) {
      this.space(i);
    } else if (k === A_OTHER) {
      this.endWord();
      this.push(withAsciiTwin(c), i);
      this.lastSpace = false;
    } else if (k === A_CONTROL) {
      this.invisible('other-format', i, 1);
    }
    // A_DROP: emphasis markers vanish; they can split a word ("ig**nore**")
    this.markRun = 0;
  }

  /** One code point out of NFKC (slow path). Returns whether it was a Latin letter (for its marks). */
  normalised(cp: number, at: number, latinBase: boolean): boolean {
    if (cp < 0x80) {
      const k = ASCII[cp]!;
      if (k === A_LOWER || k === A_UPPER || k === A_DIGIT) {
        this.asciiWord(k === A_UPPER ? cp + 32 : cp, at, k !== A_DIGIT);
        return k !== A_DIGIT;
      }
      if (k === A_SPACE) this.space(at);
      else if (k === A_OTHER) {
        this.endWord();
        this.push(cp, at);
        this.lastSpace = false;
      }
      return false;
    }
    const info = charInfo(cp);
    const kind = info & CK_MASK;
    if (kind === CK_INVISIBLE) return latinBase;
    if (kind === CK_SPACE) {
      this.space(at);
      return false;
    }
    if (kind === CK_MARK) {
      // diacritics on Latin letters go; marks of other scripts stay part of the word
      if (!latinBase && this.wordStart >= 0) this.pushCp(cp, at);
      return latinBase;
    }
    if (kind !== CK_LETTER && kind !== CK_NUMBER) {
      this.otherUnits(cp, at);
      return false;
    }
    if ((info & CF_FOLD_ALWAYS) !== 0) {
      this.asciiWord(alwaysFold(cp), at, true);
      return true;
    }
    const target = (info & CF_FOREIGN_LOOKALIKE) !== 0 ? foreignFold(cp) : 0;
    const lower = String.fromCodePoint(cp).toLowerCase();
    let latin = false;
    for (let k = 0; k < lower.length; k++) {
      let q = lower.charCodeAt(k);
      if (q >= 0xd800 && q <= 0xdbff && k + 1 < lower.length) {
        q = ((q - 0xd800) << 10) + (lower.charCodeAt(k + 1) - 0xdc00) + 0x10000;
        k++;
      }
      if (q < 0x80) {
        this.asciiWord(q, at, true);
        latin = true;
        continue;
      }
      const qi = charInfo(q);
      if ((qi & CK_MASK) === CK_MARK) {
        if (!latin && this.wordStart >= 0) this.pushCp(q, at);
        continue;
      }
      if ((qi & CF_FOLD_ALWAYS) !== 0) {
        this.asciiWord(alwaysFold(q), at, true);
        latin = true;
        continue;
      }
      if (target !== 0 && k === 0) {
        this.startWord(at);
        this.wordEndRaw = at + 1;
        this.pend(this.len, target);
        this.pushCp(q, at);
        this.lastSpace = false;
      } else {
        this.wordUnits(q, at, qi);
      }
      if ((qi & CF_LATIN) !== 0) latin = true;
    }
    return latin;
  }

  /** A letter or digit that NFKC and lower case leave alone. */
  wordUnits(cp: number, at: number, info: number): void {
    this.startWord(at);
    this.wordEndRaw = at + (cp > 0xffff ? 2 : 1);
    if ((info & CF_FOREIGN_LOOKALIKE) !== 0) this.pend(this.len, foreignFold(cp));
    else if ((info & CF_LATIN) !== 0) this.wordLatin = true;
    else if ((info & CK_MASK) === CK_LETTER) this.wordOther++;
    this.pushCp(cp, at);
    this.lastSpace = false;
  }

  asciiWord(c: number, at: number, latin: boolean): void {
    this.startWord(at);
    if (latin) this.wordLatin = true;
    this.push(c, at);
    this.lastSpace = false;
  }

  otherUnits(cp: number, at: number): void {
    this.endWord();
    this.pushCp(withAsciiTwin(cp), at);
    this.lastSpace = false;
  }

  startWord(at: number): void {
    if (this.wordStart < 0) {
      this.wordStart = this.len;
      this.wordRaw = at;
    }
  }

  pend(index: number, target: number): void {
    this.pendIdx[this.pendCount] = index;
    this.pendTarget[this.pendCount] = target;
    this.pendCount++;
  }

  endWord(): void {
    if (this.wordStart < 0) return;
    let latin = this.wordLatin;
    const foreign = this.wordOther > 0 || this.pendCount > 0;
    if (this.pendCount > 0) {
      const letters = this.len - this.wordStart;
      // A long word made only of look-alikes is a spoof among Latin words, not in Russian or Greek
      // text. A short one ("а", "І") is read as Latin only between two Latin words, as in "you are
      // а DAN": beside a word of its own script it is Russian or Greek. It is not reported, since
      // a Greek letter in English prose ("the angle α") is as often a symbol as an evasion.
      const spoof = this.wordOther === 0 && (letters >= 4 ? this.amongLatin() : this.prevWord !== 2 && this.nextWordHasLatin());
      if (this.wordLatin || spoof) {
        for (let k = 0; k < this.pendCount; k++) this.out[this.pendIdx[k]!] = this.pendTarget[k]!;
        const list = this.wordLatin ? this.mixed : this.lookalike;
        if ((this.wordLatin || letters >= 4) && list.length < MAX_RECORDED) list.push(this.wordRaw);
        latin = true;
      }
      this.pendCount = 0;
    }
    if (latin) this.prevWord = 1;
    else if (foreign) this.prevWord = 2;
    this.wordStart = -1;
    this.wordLatin = false;
    this.wordOther = 0;
  }

  /** The previous word is Latin, or there is none and the next one is not another script's. */
  amongLatin(): boolean {
    if (this.prevWord !== 0) return this.prevWord === 1;
    return this.nextWordLatin();
  }

  /** The next letter within 16 characters of the current word is Latin or a look-alike (or there is none). */
  nextWordLatin(): boolean {
    const raw = this.raw;
    let limit = Math.min(raw.length, this.wordEndRaw + 16);
    const cap = Math.min(raw.length, this.wordEndRaw + 16 * INVISIBLE_SLACK);
    for (let k = this.wordEndRaw; k < limit; k++) {
      const c = raw.charCodeAt(k);
      if (c < 0x80) {
        if ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) return true;
        continue;
      }
      const info = charInfo(c);
      if ((info & CK_MASK) === CK_INVISIBLE) {
        limit = Math.min(limit + 1, cap);
        continue;
      }
      if ((info & CK_MASK) === CK_LETTER) return (info & (CF_LATIN | CF_FOREIGN_LOOKALIKE)) !== 0;
    }
    return true;
  }

  /**
   * The next word (within 32 characters) holds a Latin letter and no letter of another script
   * that is not a look-alike: true after "а" in "а DAN" or "І" in "І аm", false after "Не" in
   * "Не обращай".
   */
  nextWordHasLatin(): boolean {
    const raw = this.raw;
    let limit = Math.min(raw.length, this.wordEndRaw + 32);
    const cap = Math.min(raw.length, this.wordEndRaw + 32 * INVISIBLE_SLACK);
    let latin = false;
    let inWord = false;
    for (let k = this.wordEndRaw; k < limit; k++) {
      const c = raw.charCodeAt(k);
      let isLatin: boolean;
      if (c < 0x80) {
        isLatin = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
        if (!isLatin) {
          if (inWord) break;
          continue;
        }
      } else {
        const info = charInfo(c);
        if ((info & CK_MASK) === CK_INVISIBLE) {
          limit = Math.min(limit + 1, cap);
          continue;
        }
        if ((info & CK_MASK) !== CK_LETTER) {
          if (inWord) break;
          continue;
        }
        if ((info & (CF_LATIN | CF_FOREIGN_LOOKALIKE)) === 0) return false;
        isLatin = (info & CF_FOREIGN_LOOKALIKE) === 0;
      }
      inWord = true;
      if (isLatin) latin = true;
    }
    return latin;
  }

  space(at: number): void {
    this.endWord();
    if (!this.lastSpace) {
      this.push(0x20, at);
      this.lastSpace = true;
    }
  }

  mark(at: number): void {
    if (this.markRun === 0) this.markStart = at;
    this.markRun++;
    if (this.markRun === MARK_FLOOD) this.flood(this.markStart);
  }

  flood(at: number): void {
    if (this.floods.length < MAX_RECORDED) this.floods.push(at);
  }

  invisible(kind: InvisibleKind, at: number, width: number): void {
    const list = this.invisibles;
    const last = list[list.length - 1];
    if (last !== undefined && last.kind === kind && last.end === at) {
      last.count++;
      last.end = at + width;
    } else if (list.length < MAX_INVISIBLE_RUNS) {
      list.push({ kind, offset: at, count: 1, end: at + width });
    }
  }

  push(unit: number, at: number): void {
    const m = this.unitLen + this.len;
    if (m >= this.map.length) this.ensure(m + 1);
    this.out[this.len] = unit;
    this.map[m] = at;
    this.len++;
  }

  pushCp(cp: number, at: number): void {
    if (cp > 0xffff) {
      const v = cp - 0x10000;
      this.push(0xd800 + (v >> 10), at);
      this.push(0xdc00 + (v & 0x3ff), at);
    } else {
      this.push(cp, at);
    }
  }

  /** Room for `size` raw offsets in `map` (and so for the units in `out`, which is as long). */
  ensure(size: number): void {
    if (size <= this.map.length) return;
    const cap = Math.max(size, this.map.length * 2);
    const out = new Uint16Array(cap);
    out.set(this.out.subarray(0, this.len));
    const map = new Uint32Array(cap);
    map.set(this.map.subarray(0, this.unitLen + this.len));
    this.out = scratchOut = out;
    this.map = scratchMap = map;
  }
}

// The text of the normalisation in progress (one runs at a time, start to end), written once and
// decoded once: one byte per code unit while every unit is ASCII or U+00A0-U+00FF (a latin1 decode
// then makes a one-byte string, which the rules' regular expressions scan fastest), two bytes from
// the first unit that is not. Building the text from one string per stretch cost a decode call per
// stretch and a second copy to join them.
let sinkBytes = new Uint8Array(1 << 16);
let sinkUnits = new Uint16Array(0);
let sinkLen = 0;
let sinkWide = false;
/** Whether a lone surrogate went in (the UTF-16 decoder would replace it: decoded by hand then). */
let sinkLone = false;

/** The view whose `norm` the sink holds (the last one built), if it is done. */
let sinkView: TextView | null = null;

/**
 * Copy the code units of `view.norm` into `dest` (at least as long) when they are still at hand
 * from building it, which is the usual case right after the first read of `norm`: a native copy,
 * where a pass that wants them as numbers would otherwise call `charCodeAt` per unit. Returns
 * whether it copied.
 */
export function copyNormUnits(view: TextView, dest: Uint16Array): boolean {
  if (view !== sinkView || dest.length < sinkLen) return false;
  dest.set(sinkWide ? sinkUnits.subarray(0, sinkLen) : sinkBytes.subarray(0, sinkLen));
  return true;
}

/** Room in the sink for `extra` more units, in its current width. */
function sinkReserve(extra: number): void {
  const need = sinkLen + extra;
  if (!sinkWide) {
    if (sinkBytes.length >= need) return;
    const grown = new Uint8Array(Math.max(need, sinkBytes.length * 2));
    grown.set(sinkBytes.subarray(0, sinkLen));
    sinkBytes = grown;
  } else if (sinkUnits.length < need) {
    const grown = new Uint16Array(Math.max(need, sinkUnits.length * 2));
    grown.set(sinkUnits.subarray(0, sinkLen));
    sinkUnits = grown;
  }
}

/** Switch the sink to two bytes per unit, with room for `extra` more. */
function sinkWiden(extra: number): void {
  const need = sinkLen + extra;
  if (sinkUnits.length < need) sinkUnits = new Uint16Array(Math.max(need, sinkUnits.length * 2, 1024));
  sinkUnits.set(sinkBytes.subarray(0, sinkLen));
  sinkWide = true;
}

/** Whether a unit goes into the one-byte sink as it is (0x80-0x9F would not survive a windows-1252 decode). */
function isLatin1Unit(u: number): boolean {
  return u < 0x80 || (u >= 0xa0 && u <= 0xff);
}

/** Append `len` code units of `src` to the sink. */
function sinkUnitsFrom(src: Uint16Array, len: number): void {
  sinkReserve(len);
  let k = 0;
  if (!sinkWide) {
    const bytes = sinkBytes;
    for (; k < len; k++) {
      const u = src[k]!;
      if (!isLatin1Unit(u)) break;
      bytes[sinkLen + k] = u;
    }
    if (k === len) {
      sinkLen += len;
      return;
    }
    sinkLen += k;
    sinkWiden(len - k);
  }
  const units = sinkUnits;
  for (; k < len; k++) {
    const u = src[k]!;
    units[sinkLen++] = u;
    if (u >= 0xd800 && u <= 0xdfff) {
      // a pair is pushed whole between two flushes, so it never straddles one
      if (u <= 0xdbff && k + 1 < len && src[k + 1]! >= 0xdc00 && src[k + 1]! <= 0xdfff) units[sinkLen++] = src[++k]!;
      else sinkLone = true;
    }
  }
}

let utf16: TextDecoder | null | undefined;

/** A UTF-16LE decoder that keeps a leading U+FEFF, or null. */
function utf16Decoder(): TextDecoder | null {
  if (utf16 === undefined) {
    try {
      utf16 = typeof TextDecoder === 'function' ? new TextDecoder('utf-16le', { ignoreBOM: true }) : null;
      if (utf16 !== null && utf16.decode(new Uint16Array([0xfeff, 0x41, 0x2019, 0x2500])) !== '\ufeffA\u2019\u2500') utf16 = null;
    } catch {
      utf16 = null;
    }
  }
  return utf16;
}

/** The sink's text. */
function sinkText(): string {
  if (sinkLen === 0) return '';
  if (!sinkWide) return bytesToString(sinkBytes, sinkLen);
  const decoder = sinkLone ? null : utf16Decoder();
  return decoder ? decoder.decode(sinkUnits.subarray(0, sinkLen)) : unitsToString(sinkUnits, sinkLen);
}

/** Classes of `foldStretch`, for the characters below FOLD.length (the rest are not fast). */
const F_STOP = 0; // not fast: the stretch ends before it
const F_KEEP = 1; // kept as it is, below U+0100
const F_UPPER = 2;
const F_SPACE = 3; // tab, LF, CR, space, no-break space
const F_DROP = 4; // markdown emphasis
const F_WIDE = 5; // kept as it is, U+0100 and above
const FOLD = new Uint8Array(FAST.length);
for (let c = 0; c < FOLD.length; c++) {
  const k = c < 0x80 ? ASCII[c]! : c === 0xa0 ? A_SPACE : A_OTHER;
  FOLD[c] =
    FAST[c] === 0 ? F_STOP
    : k === A_SPACE ? F_SPACE
    : k === A_DROP ? F_DROP
    : k === A_UPPER ? F_UPPER
    : c < 0x100 ? F_KEEP
    : F_WIDE;
}

// `foldStretch`'s table for the characters below U+0100: the unit it writes in the low byte, and
// what it does with it in the bits above (exactly the FOLD classes, see the loop).
const BF_KEEP_SHIFT = 8; // kept or lower-cased: written
const BF_SPACE_SHIFT = 9; // white space: written as ' ' unless the last unit is one
const BF_DROP_SHIFT = 10; // emphasis: dropped, the space state unchanged
const BF_STOP = 1 << 11; // not fast: the stretch ends before it
const BYTE_FOLD = new Uint16Array(0x100);
for (let c = 0; c < 0x100; c++) {
  const f = FOLD[c]!;
  BYTE_FOLD[c] =
    f === F_KEEP ? (1 << BF_KEEP_SHIFT) | c
    : f === F_UPPER ? (1 << BF_KEEP_SHIFT) | (c + 32)
    : f === F_SPACE ? (1 << BF_SPACE_SHIFT) | 0x20
    : f === F_DROP ? 1 << BF_DROP_SHIFT
    : BF_STOP;
}

/**
 * Look-alikes of the apostrophe and of the hyphen. Editors turn "don't" into "don’t" as they
 * type, and "self‐harm" or "user′s" read the same to a person: NFKC leaves them apart, so a rule
 * written with ' or - would miss them. `norm` holds the ASCII character instead (one unit for
 * one: offsets stay aligned), and every rule sees one form.
 */
const APOSTROPHE_TWINS = '‘’‛′‵´ʹʻʼ'; // ´ acute accent: NFKC would make it a space and a mark
const HYPHEN_TWINS = '‐‑‒–⁃−';
/**
 * Look-alikes of other ASCII punctuation that NFKC leaves alone, written to split the phrases and
 * the "NAME:" or "(NAME)" of a jailbreak from what filters look for: ‚ ∶ ꞉ ꓿ ❨ ❩ ǃ ‹ ›.
 */
const PUNCTUATION_TWINS: ReadonlyMap<string, string> = new Map([
  ['\u201a', ','], ['\u2236', ':'], ['\ua789', ':'], ['\ua4ff', '='], ['\u2768', '('], ['\u2769', ')'], ['\u01c3', '!'], ['\u2039', '<'], ['\u203a', '>'],
]);
/**
 * More look-alikes, of ASCII punctuation in commands (see asciiFolded): ․ ⁄ ∕ ∣ ﹣ ∼. The tilde's
 * stays out of `norm`, where "~" is emphasis.
 */
const COMMAND_TWINS: ReadonlyMap<string, string> = new Map([['․', '.'], ['⁄', '/'], ['∕', '/'], ['∣', '|'], ['﹣', '-'], ['∼', '~']]);
/** Per code unit below its length: the ASCII character of APOSTROPHE_TWINS, HYPHEN_TWINS and PUNCTUATION_TWINS, or 0. */
const TWIN = new Uint8Array(0xa800);
for (const ch of APOSTROPHE_TWINS) TWIN[ch.charCodeAt(0)] = 0x27;
for (const ch of HYPHEN_TWINS) TWIN[ch.charCodeAt(0)] = 0x2d;
for (const [ch, ascii] of PUNCTUATION_TWINS) TWIN[ch.charCodeAt(0)] = ascii.charCodeAt(0);

/** The ASCII character a look-alike of the apostrophe, the hyphen or other punctuation stands for, or 0. */
function asciiTwin(c: number): number {
  return c < TWIN.length ? TWIN[c]! : 0;
}

/** `c`, or the ASCII character it stands for (see asciiTwin). */
function withAsciiTwin(c: number): number {
  return asciiTwin(c) || c;
}

/**
 * The units `asciiFolded` may replace: full-width ASCII and every look-alike above, within a few
 * ranges that also hold units it keeps (“ ” — …). V8 matches a class of twenty-odd ranges about
 * four times slower than one of ten (measured: 1.2 against 0.3 ms/MB over prose), and the exact
 * class has twenty-one; a test holds this one to the look-alikes.
 */
const FOLD_CANDIDATES = /[\u00b4\u01c3\u02b9-\u02bc\u2010-\u2044\u2212-\u223c\u2768\u2769\ua4ff\ua789\ufe63\uff01-\uff5e]/g;

/** The ASCII character a candidate of FOLD_CANDIDATES stands for, or the candidate itself. */
function foldedUnit(ch: string): string {
  const c = ch.charCodeAt(0);
  if (c >= 0xff01 && c <= 0xff5e) return String.fromCharCode(c - 0xfee0);
  const command = COMMAND_TWINS.get(ch);
  if (command !== undefined) return command;
  const twin = asciiTwin(c);
  return twin === 0 ? ch : String.fromCharCode(twin);
}

/**
 * A raw text with full-width ASCII and the look-alikes of ASCII punctuation (APOSTROPHE_TWINS,
 * HYPHEN_TWINS, PUNCTUATION_TWINS, COMMAND_TWINS) written as the ASCII characters, unit for unit,
 * so offsets stay those of the raw text; the text itself when it holds none. For the rules that read commands in the raw text: an agent
 * reads "ｃｕｒｌ … ｜ ｂａｓｈ" or "rm –rf ∕" as the command it looks like.
 *
 * @example asciiFolded('ｒｍ –rf ∕') // 'rm -rf /'
 */
export function asciiFolded(raw: string): string {
  FOLD_CANDIDATES.lastIndex = 0;
  return FOLD_CANDIDATES.test(raw) ? raw.replace(FOLD_CANDIDATES, foldedUnit) : raw;
}

/**
 * Letters of styled alphabets: mathematical, letter-like, circled, squared and negative, the
 * modifier (superscript) letters, small capitals and other Latin look-alikes. `norm` reads them as
 * letters already; the command rules read the raw text, where "𝚌𝚞𝚛𝚕 … | 𝚋𝚊𝚜𝚑" is no command.
 */
const STYLED_LETTERS = /[\u{1D400}-\u{1D7FF}\u{1F130}-\u{1F189}\u2100-\u214F\u24B6-\u24E9\u1D00-\u1DBF\u2070-\u209C\uA730\uA731\uA7AF\u0180-\u024F\u0250-\u02E4\u{10780}-\u{107BA}]/gu;

/**
 * The code units of STYLED_LETTERS (astral ones by their high surrogate), in a class of few ranges
 * and without the u flag: V8 tests it on prose about four times faster than the exact class.
 */
const STYLED_HINT = /[\u0180-\u02e4\u1d00-\u1dbf\u2070-\u209c\u2100-\u214f\u24b6-\u24e9\ua730\ua731\ua7af\ud801\ud835\ud83c]/;

function styledLetter(ch: string): string {
  const fold = alwaysFold(ch.codePointAt(0)!);
  if (fold !== 0) return String.fromCharCode(fold);
  const nfkc = ch.normalize('NFKC');
  if (nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80) return nfkc;
  return foldConfusable(ch) ?? ch;
}

/**
 * A raw text with the letters of styled alphabets written as the ASCII letters they show (capitals
 * kept where NFKC keeps them, look-alikes in small letters), then `asciiFolded`; null when the
 * text holds none. Lengths change (a mathematical letter is two units): only line breaks keep
 * their places in order, so findings here point at lines.
 *
 * @example styledFolded('𝚌𝚞𝚛𝚕 x | 𝚋𝚊𝚜𝚑') // 'curl x | bash'
 */
export function styledFolded(raw: string): string | null {
  if (!STYLED_HINT.test(raw)) return null;
  const folded = raw.replace(STYLED_LETTERS, styledLetter);
  return folded === raw ? null : asciiFolded(folded);
}

/** Whether `c` is a character NOT_FAST lets through. */
function isFast(c: number): boolean {
  return c < FAST.length && FAST[c] === 1;
}

/** The space state `foldStretch` ended in. */
let foldSpace = false;

/**
 * The native path of `stretch`: raw[from, to) into the sink in one loop, up to the first character
 * that is not fast. Emphasis dropped, white space (tab, LF, CR, no-break space) collapsed to one
 * ' ' (none at the start after a space), ASCII lower-cased, the other fast symbols kept. Returns
 * where it stopped; `foldSpace` tells whether the last unit written is a space (or `lastSpace`
 * when none is).
 */
function foldStretch(raw: string, from: number, to: number, lastSpace: boolean): number {
  sinkReserve(to - from);
  if (sinkWide) return foldWide(raw, from, to, lastSpace);
  const bytes = sinkBytes;
  let len = sinkLen;
  let space = lastSpace ? 1 : 0;
  let k = from;
  for (; k < to; k++) {
    const c = raw.charCodeAt(k);
    if (c >= 0x100) {
      const twin = asciiTwin(c);
      if (twin !== 0) {
        // a look-alike of ' or - is that character (see asciiTwin): one byte, so the sink stays narrow
        bytes[len++] = twin;
        space = 0;
        continue;
      }
      if (c < 0x2580 && FOLD[c] === F_WIDE) {
        sinkLen = len;
        sinkWiden(to - k);
        return foldWide(raw, k, to, space === 1);
      }
      break;
    }
    // Without a branch on the character's kind: letters, spaces and punctuation alternate every
    // few characters in prose, and a branch on each change is mispredicted about as often. The
    // unit is written in any case (the sink has room for the whole stretch) and kept by moving
    // `len` past it: always for a kept or lower-cased character, for a space only after
    // something else, never for emphasis (which leaves the space state as it was).
    const e = BYTE_FOLD[c]!;
    if ((e & BF_STOP) !== 0) break;
    bytes[len] = e & 0xff;
    const isSpace = (e >>> BF_SPACE_SHIFT) & 1;
    len += ((e >>> BF_KEEP_SHIFT) & 1) | (isSpace & (space ^ 1));
    space = isSpace | (space & (e >>> BF_DROP_SHIFT));
  }
  sinkLen = len;
  foldSpace = space === 1;
  return k;
}

/**
 * `foldStretch` into the two-byte sink. A copy of its loop, so that each loop writes one kind of
 * typed array: one loop writing either would be polymorphic on its hottest line.
 */
function foldWide(raw: string, from: number, to: number, lastSpace: boolean): number {
  const units = sinkUnits;
  let len = sinkLen;
  let space = lastSpace ? 1 : 0;
  let k = from;
  for (; k < to; k++) {
    const c = raw.charCodeAt(k);
    if (c >= 0x100) {
      if (c >= 0x2580 || FOLD[c] !== F_WIDE) break;
      units[len++] = withAsciiTwin(c);
      space = 0;
      continue;
    }
    const e = BYTE_FOLD[c]!;
    if ((e & BF_STOP) !== 0) break;
    units[len] = e & 0xff;
    const isSpace = (e >>> BF_SPACE_SHIFT) & 1;
    len += ((e >>> BF_KEEP_SHIFT) & 1) | (isSpace & (space ^ 1));
    space = isSpace | (space & (e >>> BF_DROP_SHIFT));
  }
  sinkLen = len;
  foldSpace = space === 1;
  return k;
}

/** Whether `c` is an ASCII letter or digit (one unit of `norm` each). */
function isWordChar(c: number): boolean {
  if (c >= 0x80) return false;
  const k = ASCII[c]!;
  return k === A_LOWER || k === A_UPPER || k === A_DIGIT;
}

function isWordOrEmphasis(c: number): boolean {
  if (c >= 0x80) return false;
  const k = ASCII[c]!;
  return k === A_LOWER || k === A_UPPER || k === A_DIGIT || k === A_DROP;
}

/**
 * The raw offset of unit `t` of a natively normalised piece (`from` is `2 * rawStart + lastSpace`,
 * see `NormBuilder.pieces`), replayed with the character-by-character rules from the piece's start:
 * at most NATIVE_PIECE characters.
 */
function replayPiece(raw: string, from: number, t: number): number {
  let k = 0;
  let space = from & 1;
  // the fold's own table and arithmetic (see `foldStretch`): a unit is kept, a space only after
  // something else, emphasis never; the symbols from U+0100 on are all kept. A piece holds no
  // character the table stops at.
  for (let r = from >>> 1; ; r++) {
    const c = raw.charCodeAt(r);
    const e = c < 0x100 ? BYTE_FOLD[c]! : 1 << BF_KEEP_SHIFT;
    const isSpace = (e >>> BF_SPACE_SHIFT) & 1;
    const kept = ((e >>> BF_KEEP_SHIFT) & 1) | (isSpace & (space ^ 1));
    space = isSpace | (space & (e >>> BF_DROP_SHIFT));
    if (kept === 0) continue;
    if (k++ === t) return r;
  }
}

/** Class info of the code point starting at `i`. */
function infoAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
    const d = s.charCodeAt(i + 1);
    if (d >= 0xdc00 && d <= 0xdfff) return charInfo(((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000);
  }
  return charInfo(c);
}

const CHUNK = 8192;
const NON_ASCII = /[^\x00-\x7f]/;
let latin1: TextDecoder | null | undefined;

/** A latin1 decoder (bytes 0xA0-0xFF are U+00A0-U+00FF; 0x80-0x9F are never decoded), or null. */
function latin1Decoder(): TextDecoder | null {
  if (latin1 === undefined) {
    try {
      latin1 = typeof TextDecoder === 'function' ? new TextDecoder('latin1') : null;
      // the label may mean windows-1252 (the same for the bytes we decode) or be unsupported
      if (latin1 !== null && latin1.decode(new Uint8Array([0x41, 0xa0, 0xe9, 0xff])) !== 'A\u00a0\u00e9\u00ff') latin1 = null;
    } catch {
      latin1 = null;
    }
  }
  return latin1;
}

/** A string from ASCII bytes: TextDecoder where it knows latin1 (fast), else in chunks. */
function bytesToString(bytes: Uint8Array, len: number): string {
  const decoder = latin1Decoder();
  if (decoder) return decoder.decode(bytes.subarray(0, len));
  const parts: string[] = [];
  for (let k = 0; k < len; k += CHUNK) parts.push(String.fromCharCode.apply(null, bytes.subarray(k, Math.min(len, k + CHUNK)) as unknown as number[]));
  return parts.join('');
}

/** A string from UTF-16 code units, in chunks (apply has an argument limit). */
export function unitsToString(units: Uint16Array, len: number): string {
  if (len <= CHUNK) return String.fromCharCode.apply(null, units.subarray(0, len) as unknown as number[]);
  const parts: string[] = [];
  for (let k = 0; k < len; k += CHUNK) parts.push(String.fromCharCode.apply(null, units.subarray(k, Math.min(len, k + CHUNK)) as unknown as number[]));
  return parts.join('');
}

function findFences(raw: string): Array<[number, number]> {
  const fences: Array<[number, number]> = [];
  let open: { start: number; marker: string } | null = null;
  // The lines `/^ {0,3}(`{3,}|~{3,})/gm` matches, in order: each holds three backticks or tildes in
  // a row, so only the lines where a native search finds them are read (the pattern itself tries
  // every character of the text).
  for (let at = 0; ; ) {
    const tick = raw.indexOf('```', at);
    const tilde = raw.indexOf('~~~', at);
    const q = tick === -1 || (tilde !== -1 && tilde < tick) ? tilde : tick;
    if (q === -1) break;
    let start = q;
    while (start > at && !isLineBreak(raw.charCodeAt(start - 1))) start--;
    const marker = fenceMarker(raw, start);
    if (marker !== null) {
      if (open === null) open = { start, marker };
      else if (marker[0] === open.marker[0] && marker.length >= open.marker.length) {
        const lineEnd = raw.indexOf('\n', start);
        fences.push([open.start, lineEnd === -1 ? raw.length : lineEnd]);
        open = null;
      }
    }
    // on to the next line
    at = q + 3;
    while (at < raw.length && !isLineBreak(raw.charCodeAt(at))) at++;
    if (at >= raw.length) break;
    at++;
  }
  if (open !== null) fences.push([open.start, raw.length]);
  return fences;
}

/** A line terminator, where `^` matches after it in a multiline pattern. */
function isLineBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029;
}

/** The run of three or more backticks or tildes after at most three spaces at line start `start`, or null. */
function fenceMarker(raw: string, start: number): string | null {
  let k = start;
  while (k < start + 3 && raw.charCodeAt(k) === 0x20) k++;
  const c = raw.charCodeAt(k);
  if (c !== 0x60 && c !== 0x7e) return null;
  let end = k + 1;
  while (raw.charCodeAt(end) === c) end++;
  return end - k >= 3 ? raw.slice(k, end) : null;
}
