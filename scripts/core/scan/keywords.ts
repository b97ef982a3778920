// The shared keyword pass: one loop over a view's `norm` finds what every family's gate looks for.
//
// Three kinds of keys are registered at module load, and one pass per view (cached) reports them:
// - word groups of the phrase gates (context.ts): whole runs of a-z letters, found by a rolling
//   hash looked up among the anchor and companion words, with the anchor positions of each rule
//   (its windows); "then" companions within a distance of an anchor; single code units ("marks");
//   and 8-letter sequences of the letters-only stream (split or spaced-out phrases), by the last
//   8 letters packed 5 bits each;
// - triggers of the command-like families (code-execution.ts and the families that share its
//   runners): literals at a word start, whole words or `*` stems;
// - stems of the Latin-script languages of injection-i18n.ts: a literal at a word start (after a
//   unit that is not a-z or 0-9, or at the start), longest first and never overlapping, as the
//   regular expression `[^a-z0-9](?:a|b|...)` scanned left to right would find them; plus which
//   non-Latin scripts occur.
// Triggers and stems sit in one trie, walked only from the places a match can start: a word start
// (triggers and stems start with a letter or digit there) or a character that starts a trigger
// written with punctuation first ("://", "$(curl"). A full automaton stepped on every character
// finds the same matches, but its table does not stay in cache between two files of a scan.
// The loop takes a run of letters at a time (one word), so most characters cost a multiply and
// a bit test. At a word's end one table (WordTable) gives both the gate groups of its hash and
// the trie node after its letters, so the walk goes on from there instead of reading the word
// again; only a word in which a pattern that goes on into longer words may end ("grab*" in
// "grabbing", see Trie.prefixMin) is walked from its first letter. The trie and the tables are
// built once, on the first pass after a registration.
import { ROT13_GATE_WORDS } from './segments.ts';
import { copyNormUnits, createViewMemo } from './text.ts';
import type { Segment, TextView, ViewMemo } from './text.ts';

// ---------------------------------------------------------------------------------------------
// Word groups (the phrase gates)

/** What opens one group of a gate. */
export interface GateGroup {
  /** Anchor words, lower-case a-z: every match holds one of them as a whole word. */
  readonly words: readonly string[];
  /** Companion words: every match also holds one of them within `within` characters after an anchor. */
  readonly then?: readonly string[];
  readonly within?: number;
  /** Single UTF-16 code units that count as anchors too (e.g. the low half of an emoji). */
  readonly marks?: readonly number[];
  /** Letter sequences (8+ lower-case letters, as in `squashed`) that open the group wherever they occur. */
  readonly letters?: readonly string[];
}

/** A gate's groups as registered: rules first (`ruleCount` of them), then extra groups. */
interface GateSpec {
  readonly groups: readonly GateGroup[];
  readonly ruleCount: number;
  readonly base: number;
}

/** Group flags: an anchor (with its companion) was seen; a letter sequence was seen. */
export const SEEN_WORD = 1;
export const SEEN_LETTERS = 2;
/** Anchor positions kept per rule and view; past this the rule runs on the whole text. */
export const MAX_GATE_POSITIONS = 256;

/**
 * Letter sequences are found by their first and last 8 letters, packed 5 bits a letter (a = 1 ...
 * z = 26): the last six in `lo` (30 bits, kept as the pass goes) and the two before them in `hi`
 * (10 bits, read back from the text on a hit, see gramHigh). No letter codes to 0, so fewer than 8
 * letters seen never equal a registered sequence.
 */
export const GRAM = 8;
// Bloom filters in front of the hash tables, as bit sets small enough to stay in the L1 cache.
const BLOOM_BITS = 16;
const BLOOM_MASK = (1 << BLOOM_BITS) - 1;
const GRAM_BLOOM_BITS = 14;
const FAR = -(2 ** 30);

/** Letters packed 5 bits each (a = 1 ... z = 26), the last one lowest, as the pass keeps `lo`. */
function packLetters(letters: string): number {
  let packed = 0;
  for (let i = 0; i < letters.length; i++) packed = (packed << 5) | (letters.charCodeAt(i) - 96);
  return packed;
}

/** The packed last six and the two earlier letters of a sequence's first 8 letters. */
function packGram(letters: string): { lo: number; hi: number } {
  return { lo: packLetters(letters.slice(2, GRAM)), hi: packLetters(letters.slice(0, 2)) };
}

// The gate words of rot13 lines (see ROT13_GATE_WORDS in segments.ts), packed: three letters that
// end a word before a space (tested at the space right after each word, on the last three letters
// of `lo`), and six letters anywhere in the letters-only stream (found by the gram check, whose
// `lo` holds the last six). A view whose pass sees none of them is told so
// (TextView.ruleOutRot13), and building its decoded segments skips the rot13 search, a regular
// expression over the whole raw text (about 1 ms/MB).
const [ROT13_GUR, ROT13_LBH, ROT13_NAQ, ROT13_NYY] = ROT13_GATE_WORDS.before.map(packLetters) as [number, number, number, number];
const [ROT13_VTABER, ROT13_VAFGEH, ROT13_FLFGRZ, ROT13_CEBZCG] = ROT13_GATE_WORDS.within.map(packLetters) as [number, number, number, number];

/** Hash of a lower-case a-z word, as the pass computes it. */
export function hashWord(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + word.charCodeAt(i)) | 0;
  return h;
}

const bloomSlot = (h: number): number => (h ^ (h >>> BLOOM_BITS)) & BLOOM_MASK;
/** Bloom slots share follow bits by their low FOLLOW_BITS (two tables of 8 KB, as the bloom). */
const FOLLOW_BITS = 11;
const followSlot = (slot: number): number => slot & ((1 << FOLLOW_BITS) - 1);
/**
 * The gram bloom is tested on the last five letters, at the second, fourth ... and the last letter
 * of each word only (half the letters of most words): of two letters in a row of the
 * letters-only stream one is tested, so where the last six letters of a letter sequence end,
 * either their last five are tested or, one letter before, their first five. Both fives of each
 * are set (GRAM_KEYS), and a hit is taken as a possible end there and at the next letter (see
 * sawGramHit).
 */
const gramSlot = (five: number): number => Math.imul(five, 0x9e3779b1) >>> (32 - GRAM_BLOOM_BITS);
const FIVE_MASK = (1 << 25) - 1;
/** The two fives of the packed six letters `lo`, both set in the gram bloom. */
const GRAM_KEYS = (lo: number): [number, number] => [lo & FIVE_MASK, lo >>> 5];
const setBit = (bits: Int32Array, slot: number): void => {
  bits[slot >>> 5]! |= 1 << (slot & 31);
};

// ---------------------------------------------------------------------------------------------
// Triggers and stems (the trie)

/** Trigger occurrences kept per key and view: bounded so a flood of one word stays cheap. */
const MAX_TRIGGER_POSITIONS = 1 << 15;

/** Trigger keys found in a view, each with the `norm` offsets where it starts. */
export type Triggers = ReadonlyMap<string, readonly number[]>;

/**
 * Trigger keys by number, in the order first numbered (see triggerNumber). A number stays the same
 * whatever is registered after it, so a table a family builds once by these numbers stays right.
 */
const KEY_NUMBERS = new Map<string, number>();
const KEYS: string[] = [];

/**
 * The number of a trigger key (registered or not yet): the pass reports the keys it found by
 * number, so that what a key opens is read from an array indexed by it, not looked up by string
 * per key and view.
 *
 * @example keywordsOf(view).triggerKeys.includes(triggerNumber('curl')) // 'curl' occurs in the view
 */
export function triggerNumber(key: string): number {
  let n = KEY_NUMBERS.get(key);
  if (n === undefined) {
    n = KEYS.length;
    KEYS.push(key);
    KEY_NUMBERS.set(key, n);
  }
  return n;
}

/**
 * Register trigger keys of a family that asks only which of them occur (not a rule's gate words,
 * see registerGates in code-execution.ts): returns, by trigger number, the bits `bitsOf(key)`
 * gives each key, for `triggerBitsOf` (0 for any other key).
 */
export function registerTriggerBits(keys: readonly string[], bitsOf: (key: string) => number): Int32Array {
  registerTriggers(keys);
  const bits: number[] = [];
  for (const key of keys) {
    const n = triggerNumber(key);
    while (bits.length <= n) bits.push(0);
    bits[n]! |= bitsOf(key);
  }
  return Int32Array.from(bits);
}

/** The bits of `table` (see registerTriggerBits) of the trigger keys found in a view, OR-ed. */
export function triggerBitsOf(view: TextView, table: Int32Array): number {
  const keys = keywordsOf(view).triggerKeys;
  let bits = 0;
  for (let k = 0; k < keys.length; k++) {
    const n = keys[k]!;
    if (n < table.length) bits |= table[n]!;
  }
  return bits;
}

const KIND_TRIGGER = 0;
const KIND_STEM = 1;

interface Pattern {
  readonly kind: typeof KIND_TRIGGER | typeof KIND_STEM;
  /** The key: the trigger as registered ("password*") or the stem trimmed ("hai"). */
  readonly key: string;
  readonly length: number;
  /** Trigger: the character before must not be a letter or digit. */
  readonly wordStart: boolean;
  /** Trigger: the character after must not be a letter or digit. Stem: must not be a-z. */
  readonly wholeWord: boolean;
  /** Stem: its place in the alternation (the first that matches at a place wins). */
  readonly rank: number;
  /** Trigger: leading spaces taken off its text (" ncat"): the trie holds the rest, which must follow them. */
  readonly lead: number;
  /** Trigger: the key's number (see triggerNumber); -1 for a stem. */
  readonly number: number;
}

interface Trie {
  readonly classOf: Uint8Array;
  readonly classes: number;
  /** Nodes below this (the root and the first two levels) have dense rows in `next`. */
  readonly dense: number;
  /**
   * Child of node s < dense for class c at s * classes + c, as a reference: the child's number
   * times two, plus one when patterns end there; 0 means none (the root is never a child).
   */
  readonly next: Uint16Array | Int32Array;
  /** Children of a deeper node s (references, as in `next`): kidClass / kidNode [kidStart[s], kidStart[s + 1]). */
  readonly kidStart: Int32Array;
  readonly kidClass: Uint8Array;
  readonly kidNode: Uint16Array | Int32Array;
  /** Patterns ending at node s: patterns[outIds[k]] for k in [outStart[s], outStart[s + 1]). */
  readonly outStart: Int32Array;
  readonly outIds: Int32Array;
  readonly patterns: readonly Pattern[];
  /** Per code unit below 128: KIND_* bits (letter or digit, punctuation some pattern starts with; a-z letters are told by their code). */
  readonly kind: Uint8Array;
  /**
   * What can start at a place, by the classes of its first two characters (c1 * classes + c2):
   * bit 1 a pattern of one character (c1), bit 2 one of two characters, bit 4 a longer one (then
   * `triples` says whether the third character fits). Most word starts need no walk at all.
   */
  readonly pairs: Uint8Array;
  /** Bit set over tripleSlot of the first three classes of the patterns of three or more characters. */
  readonly triples: Int32Array;
  /**
   * For the patterns that start with a-z letters, decided once the word they start is read. A
   * match that ends inside the word is a pattern that may go on into a longer word ("grab*" in
   * "grabbing"): `prefixMin`, over prefixSlot of the word's first PREFIX_KEY letters packed (see
   * packHead), holds the length of the shortest such pattern the word may begin with (0: none),
   * so that a word longer than that is walked letter by letter from its start. A shorter pattern
   * is entered once per letter that may follow it ("kid*" as "kida" ... "kidz"). Every other
   * match holds the whole word: `words` gives the trie node after the word's letters.
   */
  readonly prefixMin: Uint8Array;
  /**
   * Bit set over prefixSlot of the first PREFIX_KEY + 1 letters of the patterns that may go on
   * into a longer word and have that many: where all those a word's head may begin have (its
   * prefixMin is more than PREFIX_KEY), the word is walked only when its next letter fits too.
   * Most words walked for their head alone ("component" for the stem "completo") are not.
   */
  readonly prefixNext: Int32Array;
  /** The shortest pattern that may go on into a longer word (more than any word when there is none). */
  readonly minPrefix: number;
  /** The leading a-z letters of every pattern that starts with one, with the node they lead to. */
  readonly leading: ReadonlyMap<string, WordStart>;
  /**
   * Bit set over afterPairSlot of a leading word's trie reference and two letters after a space
   * that a walk from the word may go on through (or end a pattern at the first of them): after
   * "to", a space and "my" may ("to my"), "me" may not, so most walks that would end two letters
   * after the space are not started (a third of those after a word). It also holds the pairs of the quiet
   * words (see Tables.quiet), merged per followSlot, by FOLLOW_PAIRS plus the slot.
   */
  readonly afterPairs: Int32Array;
}

/** What follows a word some trigger or stem starts with, to skip most walks after it (see WordTable). */
interface WordStart {
  readonly ref: number;
  readonly after: number;
  readonly afterSpace: number;
  /** The two letters after a space that a walk from the word may go on through, as l1 << 5 | l2 (a = 0), see Trie.afterPairs. */
  readonly pairs: readonly number[];
}

/**
 * Every word looked up when it ends, by hashWord (open addressing), ENTRY ints a slot, so that
 * one lookup reads one or two cache lines: the groups a gate's anchor or companion word opens
 * (by hash alone), and the trie node after a word some trigger or stem starts with (its letters
 * kept to tell apart longer words of one hash). A word that is both has one entry.
 */
interface WordTable {
  readonly mask: number;
  readonly entries: Int32Array;
  /** Per entry: the groups it is an anchor of, then those it is a companion of. */
  readonly groups: Int32Array;
  readonly letters: Uint8Array;
}

const ENTRY = 8;
const E_KEY = 0;
/** Groups [from, from + anchors) and then [from + anchors, from + anchors + companions). */
const E_FROM = 1;
/** anchors | companions << 16. */
const E_COUNTS = 2;
/** The trie reference after the word, or 0. */
const E_REF = 3;
/**
 * What may follow the word, so that most walks after it are not started: bit (c & 31) for every
 * character c the node has a child for; and when one is a space, bit (l - 97) for every letter
 * l after it, or all bits when anything else may follow (or end) there.
 */
const E_AFTER = 4;
const E_AFTER_SPACE = 5;
/**
 * The trie word's length times 4 (0 when there is none), plus E_MORE, plus 1: 0 marks an empty
 * slot.
 */
const E_WORD = 6;
/**
 * Set in E_WORD when another entry of the same key lies further along the probe sequence (two
 * trie words of one hash): without it a lookup stops at the first entry of its key, instead of
 * reading on to the next empty slot, which in a cluster is several entries away.
 */
const E_MORE = 2;
const E_LETTERS = 7;

const KIND_ALNUM = 2;
const KIND_ANYWHERE = 4;
/** Letters of a word that key `Trie.prefixMin`. */
const PREFIX_KEY = 4;
const HEAD_MASK = (1 << (5 * PREFIX_KEY)) - 1;
const PREFIX_BITS = 13;
const prefixSlot = (head: number): number => Math.imul(head, 0x9e3779b1) >>> (32 - PREFIX_BITS);

/** The first PREFIX_KEY letters of a word at `start` (it has that many), 5 bits each as in packGram. */
function readHead(s: string, start: number): number {
  return ((s.charCodeAt(start) - 96) << 15) | ((s.charCodeAt(start + 1) - 96) << 10) | ((s.charCodeAt(start + 2) - 96) << 5) | (s.charCodeAt(start + 3) - 96);
}
/** readHead over the pass's code units (typed reads, not `charCodeAt` calls). */
function readHeadUnits(u: Uint16Array, start: number): number {
  return ((u[start]! - 96) << 15) | ((u[start + 1]! - 96) << 10) | ((u[start + 2]! - 96) << 5) | (u[start + 3]! - 96);
}
const AFTER_PAIR_BITS = 16;
const afterPairSlot = (key: number, l1: number, l2: number): number => Math.imul((key << 10) | (l1 << 5) | l2, 0x9e3779b1) >>> (32 - AFTER_PAIR_BITS);
/** The key of a followSlot's pairs in Trie.afterPairs is this plus the slot (a trie reference's is the reference). */
const FOLLOW_PAIRS = 1 << 20;
const TRIPLE_BITS = 14;
const tripleSlot = (c1: number, c2: number, c3: number): number => (Math.imul((c1 << 16) | (c2 << 8) | c3, 0x9e3779b1) >>> (32 - TRIPLE_BITS)) | 0;

// ---------------------------------------------------------------------------------------------
// Scripts (for the non-Latin rules of injection-i18n.ts)

/** Bits of `ViewKeywords.scripts`. */
export const SCRIPT_HANGUL = 1;
export const SCRIPT_CJK = 2;
export const SCRIPT_CYRILLIC = 4;
export const SCRIPT_ARABIC = 8;
export const SCRIPT_DEVANAGARI = 16;

const SCRIPT_RANGES: ReadonlyArray<[number, number, number]> = [
  [0xac00, 0xd7af, SCRIPT_HANGUL],
  [0x1100, 0x11ff, SCRIPT_HANGUL],
  [0x3130, 0x318f, SCRIPT_HANGUL],
  [0x3040, 0x30ff, SCRIPT_CJK],
  [0x3400, 0x9fff, SCRIPT_CJK],
  [0xf900, 0xfaff, SCRIPT_CJK],
  [0x0400, 0x04ff, SCRIPT_CYRILLIC],
  [0x0600, 0x06ff, SCRIPT_ARABIC],
  [0x0900, 0x097f, SCRIPT_DEVANAGARI],
];
const SCRIPT_OF = new Uint8Array(0x10000);
for (const [from, to, bit] of SCRIPT_RANGES) for (let c = from; c <= to; c++) SCRIPT_OF[c]! |= bit;
/** Marks a registered mark in Tables.units (its other bits are SCRIPT_*). */
const UNIT_MARK = 128;

// ---------------------------------------------------------------------------------------------
// Registry

const SPECS: GateSpec[] = [];
let groupTotal = 0;
const TRIGGERS = new Set<string>();
const STEMS = new Set<string>();
let tables: Tables | null = null;
/** Keywords of a view, with the tables they were found with (a registration after a pass makes new tables). */
const cache: ViewMemo<{ readonly tables: Tables; readonly found: ViewKeywords }> = createViewMemo();

function invalidate(): void {
  tables = null;
}

/** Register a phrase gate's groups; returns the global index of its first group. */
export function registerWordGroups(groups: readonly GateGroup[], ruleCount: number): { base: number } {
  const base = groupTotal;
  SPECS.push({ groups, ruleCount, base });
  groupTotal += groups.length;
  invalidate();
  return { base };
}

/**
 * Register trigger keys: literals as they appear in `norm`; a trailing `*` makes a stem. A key
 * counts only at the start of a word (when it starts with a letter or digit) and, unless a stem,
 * only as a whole word (when it ends with one).
 */
export function registerTriggers(keys: Iterable<string>): void {
  let added = false;
  for (const k of keys) {
    if (TRIGGERS.has(k)) continue;
    TRIGGERS.add(k);
    added = true;
  }
  if (added) invalidate();
}

/**
 * Register stems: literals found at a word start (after a unit that is not a-z or 0-9, or at the
 * start); a trailing space means "not followed by a-z". At one place the stem registered first
 * wins (register the longest first).
 */
export function registerStems(stems: Iterable<string>): void {
  let added = false;
  for (const s of stems) {
    if (STEMS.has(s)) continue;
    STEMS.add(s);
    added = true;
  }
  if (added) invalidate();
}

// ---------------------------------------------------------------------------------------------
// Tables

interface Tables {
  readonly total: number;
  readonly words: WordTable;
  /** The first and last 8 letters of the letter sequences by their packed `lo`: the `hi` each needs, its sequence and its bit (1 first, 2 last). */
  readonly grams: ReadonlyMap<number, ReadonlyArray<readonly [hi: number, sequence: number, bit: number]>>;
  /** Per letter sequence: the group it opens, and the bits of its ends that must be seen. */
  readonly sequenceGroup: Int32Array;
  readonly sequenceNeed: Uint8Array;
  /** The letter sequences by their letters: the first sequence registered with them (see `letterEndsOf`). */
  readonly sequenceOf: ReadonlyMap<string, number>;
  readonly marks: IntTable;
  /** Per code unit: its SCRIPT_* bit, and UNIT_MARK where it is a mark (one load per unit past ASCII). */
  readonly units: Uint8Array;
  /** Bit set over bloomSlot of the words in `words`: most words are none of them. */
  readonly bloom: Int32Array;
  /** `total` zero bytes: the flags, dense and lettersDense of a pass that sets none (never written). */
  readonly zeros: Uint8Array;
  /**
   * The bloom bits of which every word is a trie word and nothing else (it opens no gate group and
   * ends no pattern): such a word matters only when what follows it may go on with a pattern,
   * which `follow` and `followSpace` (the E_AFTER and E_AFTER_SPACE bits of those words, merged
   * per followSlot) and their pairs in Trie.afterPairs tell in the loop, without a call. "the",
   * "a", "to" are most of them.
   */
  readonly quiet: Int32Array;
  readonly follow: Int32Array;
  readonly followSpace: Int32Array;
  /** Bit set over gramSlot of the letter sequences. */
  readonly gramBloom: Int32Array;
  readonly within: Int32Array;
  /** The largest `within`. */
  readonly reach: number;
  readonly hasThen: Uint8Array;
  readonly isRule: Uint8Array;
  readonly trie: Trie;
}

function compileTables(): Tables {
  const gates = new Map<number, { firsts: number[]; thens: number[] }>();
  const grams = new Map<number, Array<[number, number, number]>>();
  const sequenceGroup: number[] = [];
  const sequenceNeed: number[] = [];
  const sequenceOf = new Map<string, number>();
  const marks = new Map<number, number[]>();
  const bloom = new Int32Array(1 << (BLOOM_BITS - 5));
  const gramBloom = new Int32Array(1 << (GRAM_BLOOM_BITS - 5));
  const total = groupTotal;
  const within = new Int32Array(total);
  const hasThen = new Uint8Array(total);
  const isRule = new Uint8Array(total);
  const add = (map: Map<number, number[]>, key: number, g: number): void => {
    const list = map.get(key);
    if (!list) map.set(key, [g]);
    else if (!list.includes(g)) list.push(g);
  };
  const gateOf = (word: string): { firsts: number[]; thens: number[] } => {
    const key = hashWord(word);
    let gate = gates.get(key);
    if (gate === undefined) gates.set(key, (gate = { firsts: [], thens: [] }));
    return gate;
  };
  const addGroup = (list: number[], g: number): void => {
    if (!list.includes(g)) list.push(g);
  };
  SPECS.forEach((spec) => {
    spec.groups.forEach((group, li) => {
      const g = spec.base + li;
      isRule[g] = li < spec.ruleCount ? 1 : 0;
      for (const w of group.words) {
        addGroup(gateOf(w).firsts, g);
      }
      if (group.then && group.then.length > 0) {
        hasThen[g] = 1;
        within[g] = group.within ?? 60;
        for (const w of group.then) {
          addGroup(gateOf(w).thens, g);
        }
      }
      for (const m of group.marks ?? []) add(marks, m, g);
      // a letter sequence counts once its first and its last 8 letters have both been seen (both
      // occur wherever the sequence does): either alone is often part of ordinary words
      for (const l of group.letters ?? []) {
        const seq = sequenceGroup.length;
        const ends = l.length > GRAM ? [l.slice(0, GRAM), l.slice(-GRAM)] : [l];
        sequenceGroup.push(g);
        sequenceNeed.push(ends.length === 2 ? 3 : 1);
        if (!sequenceOf.has(l)) sequenceOf.set(l, seq);
        ends.forEach((end, k) => {
          const { lo, hi } = packGram(end);
          const list = grams.get(lo);
          if (!list) grams.set(lo, [[hi, seq, 1 << k]]);
          else list.push([hi, seq, 1 << k]);
          for (const five of GRAM_KEYS(lo)) setBit(gramBloom, gramSlot(five));
        });
      }
    });
  });
  for (const lo of [ROT13_VTABER, ROT13_VAFGEH, ROT13_FLFGRZ, ROT13_CEBZCG]) for (const five of GRAM_KEYS(lo)) setBit(gramBloom, gramSlot(five));
  // one bit set for every word looked up when it ends: the anchors and companions of the gates,
  // and the words the triggers and stems start with
  const trie = buildTrie();
  const words = wordTable(gates, trie.leading);
  const { entries } = words;
  const pairsOf = new Map([...trie.leading.values()].map((start) => [start.ref, start.pairs]));
  const loud = new Int32Array(bloom.length);
  const follow = new Int32Array(1 << FOLLOW_BITS);
  const followSpace = new Int32Array(1 << FOLLOW_BITS);
  for (let e = 0; e < entries.length; e += ENTRY) {
    if (entries[e + E_WORD] === 0) continue;
    const slot = bloomSlot(entries[e + E_KEY]!);
    setBit(bloom, slot);
    const ref = entries[e + E_REF]!;
    if (entries[e + E_COUNTS] !== 0 || ref === 0 || (ref & 1) !== 0) setBit(loud, slot);
    else {
      const f = followSlot(slot);
      follow[f]! |= entries[e + E_AFTER]!;
      followSpace[f]! |= entries[e + E_AFTER_SPACE]!;
      for (const pair of pairsOf.get(ref)!) setBit(trie.afterPairs, afterPairSlot(FOLLOW_PAIRS | f, pair >>> 5, pair & 31));
    }
  }
  const quiet = bloom.map((bits, k) => bits & ~loud[k]!);
  return {
    total,
    words,
    grams,
    sequenceGroup: Int32Array.from(sequenceGroup),
    sequenceNeed: Uint8Array.from(sequenceNeed),
    sequenceOf,
    marks: intTable(marks),
    units: unitsWith(marks.keys()),
    bloom,
    zeros: new Uint8Array(total),
    quiet,
    follow,
    followSpace,
    gramBloom,
    within,
    reach: within.reduce((a, b) => Math.max(a, b), 0),
    hasThen,
    isRule,
    trie,
  };
}

function unitsWith(marks: Iterable<number>): Uint8Array {
  const units = SCRIPT_OF.slice();
  for (const m of marks) if (m >= 0 && m < units.length) units[m]! |= UNIT_MARK;
  return units;
}

/**
 * An int32 → group indices table, open addressing: `find` gives the slot of a key or -1, and the
 * slot's groups are groups[from[slot]] .. groups[to[slot] - 1]. A Map costs several times more per
 * lookup on the hot path.
 */
interface IntTable {
  readonly size: number;
  readonly mask: number;
  readonly keys: Int32Array;
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly groups: Int32Array;
}

function intTable(map: ReadonlyMap<number, readonly number[]>): IntTable {
  let cap = 8;
  while (cap < map.size * 2) cap <<= 1;
  const keys = new Int32Array(cap);
  const from = new Int32Array(cap).fill(-1);
  const to = new Int32Array(cap);
  const groups: number[] = [];
  for (const [key, list] of map) {
    let slot = slotOf(key, cap - 1);
    while (from[slot] !== -1) slot = (slot + 1) & (cap - 1);
    keys[slot] = key;
    from[slot] = groups.length;
    groups.push(...list);
    to[slot] = groups.length;
  }
  return { size: map.size, mask: cap - 1, keys, from, to, groups: Int32Array.from(groups) };
}

function slotOf(key: number, mask: number): number {
  return (Math.imul(key, 0x9e3779b1) >>> 16) & mask;
}

/** The slot of `key`, or -1. */
function find(t: IntTable, key: number): number {
  let slot = slotOf(key, t.mask);
  for (;;) {
    if (t.from[slot] === -1) return -1;
    if (t.keys[slot] === key) return slot;
    slot = (slot + 1) & t.mask;
  }
}

function isAlnumCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
}

function buildTrie(): Trie {
  const patterns: Pattern[] = [];
  const texts: string[] = [];
  for (const key of TRIGGERS) {
    const full = key.endsWith('*') ? key.slice(0, -1) : key;
    // a trigger that starts with spaces is walked from the word after them: spaces are everywhere
    const text = full.trimStart();
    const lead = full.length - text.length;
    if (text.length === 0) continue;
    patterns.push({ kind: KIND_TRIGGER, key, length: text.length, wordStart: lead > 0 || isAlnumCode(text.charCodeAt(0)), wholeWord: !key.endsWith('*') && isAlnumCode(text.charCodeAt(text.length - 1)), rank: 0, lead, number: triggerNumber(key) });
    texts.push(text);
  }
  let rank = 0;
  for (const stem of STEMS) {
    const text = stem.trimEnd();
    if (text.length === 0) continue;
    if (!isAlnumCode(text.charCodeAt(0))) throw new Error(`stem "${stem}" must start with a letter or digit`);
    patterns.push({ kind: KIND_STEM, key: text, length: text.length, wordStart: true, wholeWord: stem.length !== text.length, rank: rank++, lead: 0, number: -1 });
    texts.push(text);
  }
  const classOf = new Uint8Array(65536);
  let classes = 1;
  const anywhere = new Uint8Array(128);
  patterns.forEach((p, id) => {
    const text = texts[id]!;
    for (let i = 0; i < p.length; i++) {
      const c = text.charCodeAt(i);
      if (classOf[c] === 0) {
        if (classes === 255) throw new Error('too many distinct keyword characters');
        classOf[c] = classes++;
      }
    }
    const first = text.charCodeAt(0);
    if (!p.wordStart) {
      if (first >= 128) throw new Error(`trigger "${p.key}" must start with an ASCII character`);
      anywhere[first] = 1;
    } else if (!isAlnumCode(first)) {
      throw new Error(`trigger "${p.key}" must start with a letter or digit after its leading spaces`);
    }
  });
  const children: Array<Map<number, number>> = [new Map()];
  const ends: number[][] = [[]];
  patterns.forEach((p, id) => {
    const text = texts[id]!;
    let node = 0;
    for (let i = 0; i < p.length; i++) {
      const c = classOf[text.charCodeAt(i)]!;
      let child = children[node]!.get(c);
      if (child === undefined) {
        child = children.length;
        children.push(new Map());
        ends.push([]);
        children[node]!.set(c, child);
      }
      node = child;
    }
    ends[node]!.push(id);
  });
  // Number the root and the first two levels breadth first: they get dense rows, small enough to
  // stay in cache. Deeper nodes (mostly one child each) list their children, numbered depth first
  // below each node of the second level, so that a walk down one pattern (most of the steps after
  // a word, "persona" + " fo...") reads neighbouring entries instead of one far apart per level.
  const n = children.length;
  const kids = (node: number): number[] => [...children[node]!.values()];
  const first = kids(0);
  const second = first.flatMap(kids);
  const order = [0, ...first, ...second];
  const dense = order.length;
  for (const top of second) {
    const pending = kids(top).reverse();
    while (pending.length > 0) {
      const node = pending.pop()!;
      order.push(node);
      pending.push(...kids(node).reverse());
    }
  }
  const id = new Int32Array(n);
  order.forEach((node, k) => (id[node] = k));
  // references fit 16 bits for any realistic registry: half the cache lines per row
  const narrow = 2 * n + 1 < 65536;
  const next = narrow ? new Uint16Array(dense * classes) : new Int32Array(dense * classes);
  const kidStart = new Int32Array(n + 1);
  const kidClass: number[] = [];
  const kidNode: number[] = [];
  const ref = (child: number): number => (id[child]! << 1) | (ends[child]!.length > 0 ? 1 : 0);
  order.forEach((node, k) => {
    kidStart[k] = kidClass.length;
    for (const [c, child] of children[node]!) {
      if (k < dense) next[k * classes + c] = ref(child);
      else {
        kidClass.push(c);
        kidNode.push(ref(child));
      }
    }
  });
  kidStart[n] = kidClass.length;
  const outStart = new Int32Array(n + 1);
  const outIds: number[] = [];
  for (let k = 0; k < n; k++) {
    outStart[k] = outIds.length;
    outIds.push(...ends[order[k]!]!);
  }
  outStart[n] = outIds.length;
  const pairs = new Uint8Array(classes * classes);
  const triples = new Int32Array(1 << (TRIPLE_BITS - 5));
  texts.forEach((text) => {
    const c1 = classOf[text.charCodeAt(0)]!;
    if (text.length === 1) {
      for (let c2 = 0; c2 < classes; c2++) pairs[c1 * classes + c2]! |= 1;
      return;
    }
    const c2 = classOf[text.charCodeAt(1)]!;
    if (text.length === 2) {
      pairs[c1 * classes + c2]! |= 2;
      return;
    }
    pairs[c1 * classes + c2]! |= 4;
    setBit(triples, tripleSlot(c1, c2, classOf[text.charCodeAt(2)]!));
  });
  const kind = new Uint8Array(128);
  for (let c = 0; c < 128; c++) kind[c] = (isAlnumCode(c) ? KIND_ALNUM : 0) | (anywhere[c] === 1 ? KIND_ANYWHERE : 0);
  // the pass records spaces where it skips characters of kind 0
  if (kind[0x20] !== 0) throw new Error('no keyword may start with a space (leading spaces are trimmed)');
  const prefixMin = new Uint8Array(1 << PREFIX_BITS);
  const prefixNext = new Int32Array(1 << (PREFIX_BITS - 5));
  let minPrefix = 2 ** 30;
  const leading = new Map<string, WordStart>();
  const afterPairs = new Int32Array(1 << (AFTER_PAIR_BITS - 5));
  // the pairs of first letter l1 that reaches trie node `node`: where a pattern ends there (or at
  // the space before it), any second letter may follow
  const pairsAt = (pairs: number[], l1: number, node: number): void => {
    const any = ends[node]!.length > 0;
    for (let l2 = 0; l2 < 26; l2++) if (any || children[node]!.has(classOf[97 + l2]!)) pairs.push((l1 << 5) | l2);
  };
  const codeOf: number[] = [];
  for (let c = 0; c < classOf.length; c++) if (classOf[c] !== 0) codeOf[classOf[c]!] = c;
  const enterPrefix = (head: string, len: number): void => {
    if (head.length < PREFIX_KEY) {
      for (let c = 97; c <= 122; c++) enterPrefix(head + String.fromCharCode(c), len);
      return;
    }
    const slot = prefixSlot(readHead(head, 0));
    if (prefixMin[slot] === 0 || prefixMin[slot]! > len) prefixMin[slot] = len;
  };
  patterns.forEach((p, k) => {
    const text = texts[k]!;
    let m = 0;
    while (m < text.length && (text.charCodeAt(m) - 97) >>> 0 < 26) m++;
    if (m === 0) return; // walked where it starts (a digit or punctuation)
    const word = text.slice(0, m);
    if (!leading.has(word)) {
      let node = 0;
      for (let i = 0; i < m; i++) node = children[node]!.get(classOf[word.charCodeAt(i)]!)!;
      let after = 0;
      let afterSpace = 0;
      const pairs: number[] = [];
      for (const [cls, child] of children[node]!) {
        const c = codeOf[cls]!;
        after |= 1 << (c & 31);
        if (c !== 0x20) continue;
        if (ends[child]!.length > 0) {
          afterSpace = -1;
          for (let l1 = 0; l1 < 26; l1++) pairsAt(pairs, l1, child);
        }
        for (const [next, first] of children[child]!) {
          const l = codeOf[next]!;
          afterSpace |= (l - 97) >>> 0 < 26 ? 1 << (l - 97) : -1;
          if ((l - 97) >>> 0 < 26) pairsAt(pairs, l - 97, first);
        }
      }
      for (const pair of pairs) setBit(afterPairs, afterPairSlot(ref(node), pair >>> 5, pair & 31));
      leading.set(word, { ref: ref(node), after, afterSpace, pairs });
    }
    if (m < text.length || p.wholeWord) return;
    // may go on into a longer word; a word shorter than PREFIX_KEY letters is walked whenever it
    // is longer than minPrefix (patterns that short are rare)
    minPrefix = Math.min(minPrefix, m);
    enterPrefix(text.slice(0, PREFIX_KEY), Math.min(m, 255));
    if (m > PREFIX_KEY) setBit(prefixNext, prefixSlot((readHead(text, 0) << 5) | (text.charCodeAt(PREFIX_KEY) - 96)));
  });
  return { classOf, classes, dense, next, kidStart, kidClass: Uint8Array.from(kidClass), kidNode: narrow ? Uint16Array.from(kidNode) : Int32Array.from(kidNode), outStart, outIds: Int32Array.from(outIds), patterns, kind, pairs, triples, prefixMin, prefixNext, minPrefix, leading, afterPairs };
}

function wordTable(gates: ReadonlyMap<number, { firsts: number[]; thens: number[] }>, starts: ReadonlyMap<string, WordStart>): WordTable {
  const slots: Array<{ key: number; gate?: { firsts: number[]; thens: number[] }; word?: string; start?: WordStart }> = [];
  const byKey = new Map<number, (typeof slots)[number]>();
  for (const [key, gate] of gates) {
    const slot = { key, gate };
    slots.push(slot);
    byKey.set(key, slot);
  }
  for (const [word, start] of starts) {
    const key = hashWord(word);
    const slot = byKey.get(key);
    if (slot !== undefined && slot.word === undefined) Object.assign(slot, { word, start });
    else slots.push({ key, word, start });
  }
  let cap = 8;
  while (cap < slots.length * 2) cap <<= 1;
  const entries = new Int32Array(cap * ENTRY);
  const groups: number[] = [];
  const letters: number[] = [];
  for (const { key, gate, word, start } of slots) {
    let slot = slotOf(key, cap - 1);
    for (; entries[slot * ENTRY + E_WORD] !== 0; slot = (slot + 1) & (cap - 1)) {
      if (entries[slot * ENTRY + E_KEY] === key) entries[slot * ENTRY + E_WORD]! |= E_MORE;
    }
    const e = slot * ENTRY;
    entries[e + E_KEY] = key;
    entries[e + E_WORD] = 1;
    if (gate) {
      if (gate.firsts.length > 0xffff || gate.thens.length > 0xffff) throw new Error('too many gate groups share one word');
      entries[e + E_FROM] = groups.length;
      entries[e + E_COUNTS] = gate.firsts.length | (gate.thens.length << 16);
      groups.push(...gate.firsts, ...gate.thens);
    }
    if (word !== undefined && start !== undefined) {
      entries[e + E_REF] = start.ref;
      entries[e + E_AFTER] = start.after;
      entries[e + E_AFTER_SPACE] = start.afterSpace;
      entries[e + E_WORD] = (word.length << 2) | 1;
      entries[e + E_LETTERS] = letters.length;
      for (let i = 0; i < word.length; i++) letters.push(word.charCodeAt(i));
    }
  }
  return { mask: cap - 1, entries, groups: Int32Array.from(groups), letters: Uint8Array.from(letters) };
}

// ---------------------------------------------------------------------------------------------
// The pass

/** What one pass over a view's `norm` found. */
export interface ViewKeywords {
  /** Per registered group: SEEN_WORD / SEEN_LETTERS bits. */
  readonly flags: Uint8Array;
  /** Per rule group (by its global index), in text order: anchor positions (at most MAX_GATE_POSITIONS, then `dense`). */
  readonly positions: ReadonlyMap<number, readonly number[]>;
  /** Per group: too many anchors to list: the rule runs on the whole text. */
  readonly dense: Uint8Array;
  /** Per group: a letter sequence was seen (in a segment of another view, it opens that whole view). */
  readonly lettersDense: Uint8Array;
  /** The trigger keys found, by number (see triggerNumber), in the order first found. */
  readonly triggerKeys: Int32Array;
  /** Per entry of `triggerKeys`: the `norm` offsets where that key starts (by key: `triggersOf`). */
  readonly triggerLists: ReadonlyArray<readonly number[]>;
  /** A stem at offset 0, or null. */
  readonly stemAtStart: string | null;
  /** Stems at word starts past offset 0, longest at each place, left to right, never overlapping. */
  readonly stems: readonly string[];
  /** SCRIPT_* bits of the non-Latin scripts that occur. */
  readonly scripts: number;
  /** Offsets of the spaces in `norm`, ascending (where a phrase window may start or end, see context.ts). */
  readonly spaces: Int32Array;
  /**
   * Where the first 8 letters of a letter sequence end in the letters-only stream: pairs of the
   * sequence's number and the offset in `norm` of that 8th letter, in text order; null when there
   * were more than MAX_FIRST_ENDS (see `letterEndsOf`).
   */
  readonly firstEnds: Int32Array | null;
}

/**
 * The trigger keys found in a view's `norm`, by key, with the offsets where each starts. A trigger
 * counts only at the start of a word ("pin" is not in "mapping") and, unless it ends with `*` (a
 * stem: "password*" also finds "passwords"), only as a whole word ("pin" is not "pine"). The
 * families read the numbers (`triggerKeys`); this is the readable form, for tests and tooling.
 *
 * @example triggersOf(new TextView('Run curl | sh')).has('curl') // true, when 'curl' is registered
 */
export function triggersOf(view: TextView): Triggers {
  const found = keywordsOf(view);
  const map = new Map<string, readonly number[]>();
  for (let k = 0; k < found.triggerKeys.length; k++) map.set(KEYS[found.triggerKeys[k]!]!, found.triggerLists[k]!);
  return map;
}

/**
 * The keywords of a view's `norm`, computed once per view.
 *
 * @example keywordsOf(new TextView('Run curl | sh')).spaces // Int32Array [3, 8, 10]
 */
export function keywordsOf(view: TextView): ViewKeywords {
  const t = (tables ??= compileTables());
  const cached = cache.get(view);
  if (cached !== undefined && cached.tables === t) return cached.found;
  const found = scan(t, view.norm, view);
  cache.set(view, { tables: t, found });
  return found;
}

// Small per-view arrays come out of shared chunks: a typed array of its own per view costs more
// to allocate (and to collect) than the pass over a short text.
const CHUNK_BYTES = 1 << 16;
let chunk = new Uint8Array(CHUNK_BYTES);
let chunkUsed = 0;

function bytes(n: number): Uint8Array {
  if (n > CHUNK_BYTES >> 4) return new Uint8Array(n);
  if (chunkUsed + n > CHUNK_BYTES) {
    chunk = new Uint8Array(CHUNK_BYTES);
    chunkUsed = 0;
  }
  const out = chunk.subarray(chunkUsed, chunkUsed + n);
  chunkUsed += n;
  return out;
}

const INT_CHUNK = 1 << 14;
let intChunk = new Int32Array(INT_CHUNK);
let intChunkUsed = 0;

/** A copy of the first `n` ints of `from`, out of a shared chunk when short (as `bytes`). */
function ints(from: Int32Array, n: number): Int32Array {
  if (n > INT_CHUNK >> 4) return from.slice(0, n);
  if (intChunkUsed + n > INT_CHUNK) {
    intChunk = new Int32Array(INT_CHUNK);
    intChunkUsed = 0;
  }
  const chunk = intChunk;
  const at = intChunkUsed;
  // a loop, not set(from.subarray(...)): one typed array fewer per view
  for (let k = 0; k < n; k++) chunk[at + k] = from[k]!;
  intChunkUsed += n;
  return chunk.subarray(at, at + n);
}

/** The spaces a pass wrote to `spaces` in [from, to), as `ints` would have copied them out. */
function spacesOut(spaces: Int32Array, from: number, to: number): Int32Array {
  if (to === from) return NO_SPACES;
  if (spaces !== intChunk) return ints(spaces, to);
  intChunkUsed = to;
  return intChunk.subarray(from, to);
}

// State of the pass in progress (one at a time): the helpers below read it instead of closures,
// so the loop calls the same functions on every view.
let curTables: Tables;
let curText = '';
let curFlags: Uint8Array = new Uint8Array(0);
/** Anchor positions per rule group, made on the first one. */
let curPositions: Map<number, number[]> | null = null;
let curDense: Uint8Array = new Uint8Array(0);
let curLettersDense: Uint8Array = new Uint8Array(0);
/**
 * Per group with companions: its last anchor's offset plus curLastBase. Each pass's base lies past
 * the previous pass's text by more than any group's reach (Tables.reach), so what earlier passes
 * left is out of reach, and the array is not cleared per view (that cost more than a short pass).
 */
let curLast = new Int32Array(64);
let curLastBase = 0;
let curLastNext = 0;
/** The tables curLast was last cleared for: other tables may reach further. */
let curLastTables: Tables | null = null;
/** Where the bases start over (clearing curLast), with room below 2^31 for any text's offsets. */
const LAST_BASE_LIMIT = 2 ** 30;
/** Per letter sequence: the bits of its ends seen so far in this pass. */
let curSequences = new Uint8Array(64);
/** Whether a pass wrote to curSequences: most see no letter sequence, and need not clear it. */
let curSequencesWritten = false;
/** Start offsets per trigger pattern (by its index in the trie), and the patterns seen, in order. */
/**
 * Made one slot per pattern up front: an empty array written at a pattern's index (in the
 * thousands) turns into a dictionary, every read and write of which is a hash lookup.
 */
let curLists: Array<number[] | undefined> = [];
let curSeen: Int32Array = new Int32Array(64);
let curSeenCount = 0;
/** Stems found, as their start offsets and pattern indices (numbers, not an object per hit). */
let curStemStarts: Int32Array = new Int32Array(64);
let curStemIds: Int32Array = new Int32Array(64);
let curStemCount = 0;
/** The pass's `firstEnds` pairs so far (twice their number in `curFirstCount`), past MAX_FIRST_ENDS: counted only. */
let curFirstEnds: Int32Array = new Int32Array(64);
let curFirstCount = 0;
/** A rot13 gate word of six letters was seen (see ROT13_VTABER). */
let curRot13 = false;
/**
 * Letter words of the pass that ran into a digit leetspeak writes for a letter ("1gn0r3": "gn"
 * and "r"), and those of them that came right after a digit, not all hex digits or x ("gn", "r":
 * LEET_THROUGH in segments.ts). A raw LEET_JOINT or LEET_THROUGH (ASCII letters and digits) is
 * one in `norm`, so fewer than two joints, or no joint after a digit, rule the leetspeak search
 * out (TextView.ruleOutLeet): "HTML5, CSS3" and "gpt4" have joints, none after a digit.
 */
let curLeetJoints = 0;
let curLeetThrough = 0;
/** Bit d: the digit d is one LEET_JOINT and LEET_THROUGH end with (0, 1, 3, 4, 5, 7, 8, 9). */
const LEET_DIGITS = 0b1110111011;

/** Whether the letters `u[from, to)` are hex digits or x only, as in "c75ab35a", "0x1f", "1920x1080" (no LEET_THROUGH). */
function hexOrTimes(u: Uint16Array, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (u[k]! > 0x66 && u[k] !== 0x78) return false;
  return true;
}
/** First-gram ends kept per view: a flood of one phrase makes its finder read the text itself instead. */
const MAX_FIRST_ENDS = 1024;
const NO_FIRST_ENDS = new Int32Array(0);

// A pass's flags, dense and lettersDense start as the shared zeros and get bytes of their own on
// their first write: most views open no group, and three arrays each cost more than a short pass.
function ownFlags(): Uint8Array {
  if (curFlags === curTables.zeros) curFlags = bytes(curTables.total);
  return curFlags;
}

function openGroup(g: number, at: number): void {
  ownFlags()[g]! |= SEEN_WORD;
  if (curTables.isRule[g] === 0 || curDense[g] === 1) return;
  const list = (curPositions ??= new Map()).get(g);
  if (list === undefined) curPositions.set(g, [at]);
  else if (list.length >= MAX_GATE_POSITIONS) {
    if (curDense === curTables.zeros) curDense = bytes(curTables.total);
    curDense[g] = 1;
  } else if (list[list.length - 1] !== at) list.push(at);
}

/**
 * A word whose hash is set in `bloom` ended at `end`: the groups it is an anchor or companion of,
 * and (unless `walked` already) the triggers and stems that hold it whole and start with it.
 */
function sawWord(t: Tables, s: string, start: number, end: number, h: number, walked: boolean): void {
  const { mask, entries, groups } = t.words;
  for (let slot = slotOf(h, mask); ; slot = (slot + 1) & mask) {
    const e = slot * ENTRY;
    const word = entries[e + E_WORD]!;
    if (word === 0) return;
    if (entries[e + E_KEY] !== h) continue;
    const counts = entries[e + E_COUNTS]!;
    if (counts !== 0) {
      const from = entries[e + E_FROM]!;
      const companions = from + (counts & 0xffff);
      for (let k = from; k < companions; k++) {
        const g = groups[k]!;
        if (t.hasThen[g] === 1) curLast[g] = start + curLastBase;
        else openGroup(g, start);
      }
      const to = companions + (counts >>> 16);
      for (let k = companions; k < to; k++) {
        const g = groups[k]!;
        const anchor = curLast[g]! - curLastBase;
        if (start - anchor <= t.within[g]!) openGroup(g, anchor);
      }
    }
    if (!walked && word >>> 2 === end - start && sameLetters(t.words, e, s, start, end - start)) {
      walkAfterWord(t.trie, s, start, end, entries, e);
      walked = true;
    }
    if ((word & E_MORE) === 0) return;
  }
}

/** Whether the trie word of entry `e` is the `len` letters at `start` (its hash and length already equal). */
function sameLetters(words: WordTable, e: number, s: string, start: number, len: number): boolean {
  // hashWord tells apart all words of up to 6 letters (below 2^32, as numbers in base 31)
  if (len <= 6) return true;
  const { entries, letters } = words;
  const at = entries[e + E_LETTERS]!;
  let j = 0;
  while (j < len && s.charCodeAt(start + j) === letters[at + j]) j++;
  return j === len;
}

/** A registered mark, code unit `c`, at `at`. */
function sawMark(c: number, at: number): void {
  const marks = curTables.marks;
  const m = find(marks, c);
  if (m !== -1) for (let q = marks.from[m]!; q < marks.to[m]!; q++) openGroup(marks.groups[q]!, at);
}

/**
 * The two letters before the last six of the letters-only stream up to `s[i]`, packed as `hi` of
 * packGram (0 for none). Read back from the text on a rare hit instead of shifted along per letter:
 * a letter is read back at most for the next seven letters after it, so the cost stays linear.
 */
function gramHigh(s: string, i: number): number {
  let seen = 0;
  let hi = 0;
  for (let k = i; k >= 0; k--) {
    const c = s.charCodeAt(k);
    if ((c - 97) >>> 0 >= 26) continue;
    seen++;
    if (seen === GRAM - 1) hi = c - 96;
    else if (seen === GRAM) return ((c - 96) << 5) | hi;
  }
  return hi;
}

/** The letters-only stream's last 8 letters end at `s[i]`; `lo` packs the last six. */
function sawLetters(lo: number, i: number): void {
  if (lo === ROT13_VTABER || lo === ROT13_VAFGEH || lo === ROT13_FLFGRZ || lo === ROT13_CEBZCG) curRot13 = true;
  const list = curTables.grams.get(lo);
  if (list === undefined) return;
  const hi = gramHigh(curText, i);
  for (const [need, seq, bit] of list) {
    if (need !== hi) continue;
    if (bit === 1) noteFirstEnd(seq, i);
    curSequencesWritten = true;
    const seen = (curSequences[seq]! |= bit);
    if (seen !== curTables.sequenceNeed[seq]) continue;
    const g = curTables.sequenceGroup[seq]!;
    ownFlags()[g]! |= SEEN_LETTERS;
    // a split phrase is looked for in the whole of `squashed`; the rule's patterns still run only
    // around its anchors in this view, but a split phrase in a segment opens the whole parent view
    if (curLettersDense === curTables.zeros) curLettersDense = bytes(curTables.total);
    curLettersDense[g] = 1;
  }
}

/** The first 8 letters of letter sequence `seq` end at `i` (see ViewKeywords.firstEnds). */
function noteFirstEnd(seq: number, i: number): void {
  if (curFirstCount < 2 * MAX_FIRST_ENDS) {
    if (curFirstCount === curFirstEnds.length) curFirstEnds = growInts(curFirstEnds);
    curFirstEnds[curFirstCount] = seq;
    curFirstEnds[curFirstCount + 1] = i;
  }
  curFirstCount += 2;
}

/**
 * Where the first 8 letters of `letters` (a-z, 8 or more, registered as a group's letter sequence)
 * end in the letters-only stream of a view's `norm`: offsets of their 8th letter, in text order,
 * from the view's keyword pass. Null when the pass cannot tell: `letters` is not registered, or
 * the view had too many such places; then read the text.
 */
export function letterEndsOf(view: TextView, letters: string): number[] | null {
  const found = keywordsOf(view);
  const seq = (tables ??= compileTables()).sequenceOf.get(letters);
  const pairs = found.firstEnds;
  if (seq === undefined || pairs === null) return null;
  const out: number[] = [];
  for (let k = 0; k < pairs.length; k += 2) if (pairs[k] === seq) out.push(pairs[k + 1]!);
  return out;
}

/** Record the matches of the patterns ending at trie node `node`, starting at `i` and ending at `k`. */
function sawMatches(trie: Trie, node: number, i: number, k: number): void {
  const s = curText;
  const n = s.length;
  const { outStart, outIds, patterns } = trie;
  for (let o = outStart[node]!; o < outStart[node + 1]!; o++) {
    const id = outIds[o]!;
    const p = patterns[id]!;
    if (p.kind === KIND_TRIGGER) {
      if (p.wholeWord && k + 1 < n && isAlnumCode(s.charCodeAt(k + 1))) continue;
      let start = i;
      if (p.lead > 0) {
        if (i < p.lead) continue;
        let q = 1;
        while (q <= p.lead && s.charCodeAt(i - q) === 0x20) q++;
        if (q <= p.lead) continue;
        start = i - p.lead;
      }
      const list = curLists[id];
      if (list === undefined) {
        // most keys occur once in a view: an array of one, not an empty one grown by a push
        curLists[id] = [start];
        if (curSeenCount === curSeen.length) curSeen = growInts(curSeen);
        curSeen[curSeenCount++] = id;
      } else if (list.length < MAX_TRIGGER_POSITIONS) list.push(start);
    } else {
      // a stem starts a word: after any unit that is not a letter or digit, as the rules' patterns
      // allow (`(?:^|[^a-z0-9])`, "¡nuevas", "'quelles"), not after a space only
      if (i > 0 && isAlnumCode(s.charCodeAt(i - 1))) continue;
      if (p.wholeWord && k + 1 < n && (s.charCodeAt(k + 1) - 97) >>> 0 < 26) continue;
      if (curStemCount === curStemStarts.length) {
        curStemStarts = growInts(curStemStarts);
        curStemIds = growInts(curStemIds);
      }
      curStemStarts[curStemCount] = i;
      curStemIds[curStemCount++] = id;
    }
  }
}

/** Walk the trie from a place where a match can start; most walks end after a character or two. */
function walkFrom(trie: Trie, s: string, i: number): void {
  const classOf = trie.classOf;
  const classes = trie.classes;
  const n = s.length;
  const c1 = classOf[s.charCodeAt(i)]!;
  const c2 = i + 1 < n ? classOf[s.charCodeAt(i + 1)]! : 0;
  const pair = trie.pairs[c1 * classes + c2]!;
  if ((pair & 3) === 0) {
    if (pair === 0) return;
    const slot3 = tripleSlot(c1, c2, i + 2 < n ? classOf[s.charCodeAt(i + 2)]! : 0);
    if (((trie.triples[slot3 >>> 5]! >>> (slot3 & 31)) & 1) === 0) return;
  }
  walkOn(trie, s, i, i + 1, trie.next[c1]!);
}

/** Go on with a walk from `i` that has reached trie reference `ref` (not 0) with the characters before `k`. */
function walkOn(trie: Trie, s: string, i: number, k: number, ref: number): void {
  const { classOf, classes, next, kidStart, kidClass, kidNode } = trie;
  const denseNodes = trie.dense;
  const n = s.length;
  for (; ref !== 0; k++) {
    const node = ref >>> 1;
    if ((ref & 1) !== 0) sawMatches(trie, node, i, k - 1);
    if (k >= n) break;
    const cls = classOf[s.charCodeAt(k)]!;
    if (node < denseNodes) ref = next[node * classes + cls]!;
    else {
      const end = kidStart[node + 1]!;
      let q = kidStart[node]!;
      while (q < end && kidClass[q] !== cls) q++;
      ref = q < end ? kidNode[q]! : 0;
    }
  }
}

/**
 * The matches of the triggers and stems that hold the whole word at [start, end) and start with
 * it (entry `e` of the word table): the walk goes on from the trie node after the word, unless
 * what follows the word shows that it cannot go far enough to end a match.
 */
function walkAfterWord(trie: Trie, s: string, start: number, end: number, entries: Int32Array, e: number): void {
  const ref = entries[e + E_REF]!;
  if ((ref & 1) === 0) {
    if (end >= s.length) return;
    const c = s.charCodeAt(end);
    if (((entries[e + E_AFTER]! >>> (c & 31)) & 1) === 0) return;
    if (c === 0x20 && end + 1 < s.length) {
      const l = s.charCodeAt(end + 1) - 97;
      if (l >>> 0 < 26) {
        if (((entries[e + E_AFTER_SPACE]! >>> l) & 1) === 0) return;
        const l2 = end + 2 < s.length ? s.charCodeAt(end + 2) - 97 : -1;
        if (l2 >>> 0 < 26) {
          const slot = afterPairSlot(ref, l, l2);
          if (((trie.afterPairs[slot >>> 5]! >>> (slot & 31)) & 1) === 0) return;
        }
      }
    }
  }
  walkOn(trie, s, start, end, ref);
}

// What most small views find, shared (nothing that receives them writes to them)
const NO_KEYS = new Int32Array(0);
const NO_LISTS: ReadonlyArray<readonly number[]> = [];
const NO_POSITIONS: ReadonlyMap<number, readonly number[]> = new Map();
const NO_STEMS: readonly string[] = [];
const NO_SPACES = new Int32Array(0);
const NO_STEM_HITS: { readonly atStart: string | null; readonly stems: readonly string[] } = { atStart: null, stems: NO_STEMS };

/** The spaces of the pass over a long text in progress (copied out at its end). */
let spaceScratch: Int32Array = new Int32Array(1024);

function growInts(buf: Int32Array): Int32Array {
  const out = new Int32Array(buf.length * 2);
  out.set(buf);
  return out;
}

/**
 * Where the letters-only stream may end a letter sequence, and its packed last six letters
 * (gathered in the pass, looked up after it): at most GRAM_HITS, past which the pass reads its
 * letters again for them (rescanGrams), so the scratch stays small whatever the text.
 */
const GRAM_HITS = 4096;
const gramEnds = new Int32Array(GRAM_HITS);
const gramLos = new Int32Array(GRAM_HITS);

/** Every place the letters-only stream of `u` may end a letter sequence, as the pass's letter loop finds them. */
function rescanGrams(u: Uint16Array, n: number, gramBloom: Int32Array): void {
  let lo = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const c = u[i]!;
    if ((c - 97) >>> 0 >= 26) {
      count = 0;
      continue;
    }
    lo = (lo << 5) | (c - 96);
    // as the pass: the second, fourth ... letter of a word, and its last
    if ((++count & 1) !== 0 && !(i + 1 >= n || (u[i + 1]! - 97) >>> 0 >= 26)) continue;
    const slot14 = gramSlot(lo & FIVE_MASK);
    if (((gramBloom[slot14 >>> 5]! >>> (slot14 & 31)) & 1) !== 0) sawGramHit(u, n, lo & 0x3fffffff, i);
  }
}

/**
 * A gram bloom hit at the letter `u[i]`, the last six letters packed in `lo`: a letter sequence
 * (or rot13 gate word) may end there or at the next letter of the letters-only stream. Hits come
 * in text order, some twice (a word's last letter may be tested twice) or on an end looked at
 * already (the next letter of the hit before): `gramDone`, the last end looked at, keeps each end
 * to one look, as the test of every letter made it. The reading on to the next letter stops at
 * or before the next hit's letter, so over a pass it reads each unit at most once.
 */
let gramDone = -1;
function sawGramHit(u: Uint16Array, n: number, lo: number, i: number): void {
  if (i > gramDone) sawLetters(lo, i);
  let j = i + 1;
  while (j < n && (u[j]! - 97) >>> 0 >= 26) j++;
  if (j < n && j > gramDone) sawLetters(((lo << 5) | (u[j]! - 96)) & 0x3fffffff, j);
  gramDone = j;
}

/** The code units of the text being scanned: the loop reads numbers from it, not `charCodeAt` calls. */
let unitScratch = new Uint16Array(1024);

function scan(t: Tables, s: string, view: TextView): ViewKeywords {
  const n = s.length;
  if (unitScratch.length <= n) unitScratch = new Uint16Array(Math.max(n + 1, unitScratch.length * 2));
  const u = unitScratch;
  if (!copyNormUnits(view, u)) for (let k = 0; k < n; k++) u[k] = s.charCodeAt(k);
  // a unit that is no letter after the text ends every word: the letter loop tests no offset
  u[n] = 0;
  if (t !== curLastTables || curLastNext + n + t.reach + 1 > LAST_BASE_LIMIT) {
    if (curLast.length < t.total) curLast = new Int32Array(t.total);
    curLast.fill(FAR);
    curLastTables = t;
    curLastNext = 0;
  }
  curLastBase = curLastNext;
  curLastNext = curLastBase + n + t.reach + 1;
  if (curSequences.length < t.sequenceNeed.length) curSequences = new Uint8Array(t.sequenceNeed.length);
  else if (curSequencesWritten) curSequences.fill(0);
  curSequencesWritten = false;
  curTables = t;
  curText = s;
  curFlags = t.zeros;
  curPositions = null;
  curDense = t.zeros;
  curLettersDense = t.zeros;
  curStemCount = 0;
  curFirstCount = 0;
  curRot13 = false;
  curLeetJoints = 0;
  curLeetThrough = 0;
  if (curLists.length < t.trie.patterns.length) curLists = Array.from({ length: t.trie.patterns.length }, () => undefined);
  // left over only if a pass was cut short by an exception
  for (let k = 0; k < curSeenCount; k++) curLists[curSeen[k]!] = undefined;
  curSeenCount = 0;
  let scripts = 0;
  const { bloom, quiet, follow, followSpace, gramBloom, units, trie } = t;
  const { kind, classOf, classes, pairs, triples, prefixMin, prefixNext, minPrefix, afterPairs } = trie;
  let lo = 0;
  let alnumBefore = false;
  // room for every unit to be a space, so that the loop holds no call to grow it (a call in the
  // loop, even one never made, makes the compiler keep the loop's variables in memory). A short
  // text writes its spaces straight into the shared int chunk (see `ints`), which then keeps only
  // those written; a long one into the scratch, copied out at the end.
  let spaces: Int32Array;
  if (n <= INT_CHUNK >> 4) {
    if (intChunkUsed + n > INT_CHUNK) {
      intChunk = new Int32Array(INT_CHUNK);
      intChunkUsed = 0;
    }
    spaces = intChunk;
  } else {
    if (spaceScratch.length < n) spaceScratch = new Int32Array(n);
    spaces = spaceScratch;
  }
  const spaceBase = spaces === intChunk ? intChunkUsed : 0;
  let spaceCount = spaceBase;
  let gramCount = 0;
  let i = 0;
  while (i < n) {
    let c = u[i]!;
    if ((c - 97) >>> 0 < 26) {
      // a run of a-z letters: one word, hashed as it goes; every letter also goes into the
      // letters-only stream of the split phrases, whose gram bloom is tested at every second
      // letter of it (see gramSlot; gramBloom has no bit set when there is none)
      const start = i;
      let h = 0;
      for (;;) {
        // two letters a turn, the bloom tested at the second (and at the word's last after it).
        // Only the last six letters are kept (bits past them drop out when read, & 0x3fffffff);
        // the two before them are read back on a hit (gramHigh)
        h = (Math.imul(h, 31) + c) | 0;
        lo = (lo << 5) | (c - 96);
        c = u[++i]!;
        if ((c - 97) >>> 0 >= 26) break;
        h = (Math.imul(h, 31) + c) | 0;
        lo = (lo << 5) | (c - 96);
        const slot14 = gramSlot(lo & FIVE_MASK);
        if (((gramBloom[slot14 >>> 5]! >>> (slot14 & 31)) & 1) !== 0) {
          // noted and looked up after the loop: a call here costs the letter loop its registers
          if (gramCount < GRAM_HITS) {
            gramEnds[gramCount] = i;
            gramLos[gramCount] = lo & 0x3fffffff;
          }
          gramCount++;
        }
        c = u[++i]!;
        if ((c - 97) >>> 0 >= 26) break;
      }
      {
        // the word's last letter (tested twice when it is an even one: sawGramHit looks once)
        const slot14 = gramSlot(lo & FIVE_MASK);
        if (((gramBloom[slot14 >>> 5]! >>> (slot14 & 31)) & 1) !== 0) {
          if (gramCount < GRAM_HITS) {
            gramEnds[gramCount] = i - 1;
            gramLos[gramCount] = lo & 0x3fffffff;
          }
          gramCount++;
        }
      }
      // a trigger or stem may start at the word's first letter. A match ending inside the word is
      // a pattern that goes on into longer words ("grab*" in "grabbing"): where one may be, walk
      // the letters; any other match holds the whole word, so the walk starts after it.
      const len = i - start;
      let walked = alnumBefore;
      if (!walked && len > minPrefix) {
        // the word's first PREFIX_KEY letters: still in lo (its last six letters) unless it is longer
        const head = len < PREFIX_KEY ? -1 : len <= 6 ? (lo >>> (5 * (len - PREFIX_KEY))) & HEAD_MASK : readHeadUnits(u, start);
        const m = head === -1 ? 1 : prefixMin[prefixSlot(head)]!;
        if (m !== 0 && m < len) {
          // a word longer than m > PREFIX_KEY letters has one more to look at
          const next = m > PREFIX_KEY ? prefixSlot((head << 5) | (u[start + PREFIX_KEY]! - 96)) : -1;
          if (next === -1 || ((prefixNext[next >>> 5]! >>> (next & 31)) & 1) !== 0) {
            walkFrom(trie, s, start);
            walked = true;
          }
        }
      }
      const slot16 = bloomSlot(h);
      if (((bloom[slot16 >>> 5]! >>> (slot16 & 31)) & 1) !== 0) {
        if (((quiet[slot16 >>> 5]! >>> (slot16 & 31)) & 1) === 0) sawWord(t, s, start, i, h, walked);
        else if (!walked && i < n) {
          // walkAfterWord's test of what follows, on the merged bits: most "the" need no call
          const f = followSlot(slot16);
          const next = u[i]!;
          if (((follow[f]! >>> (next & 31)) & 1) !== 0) {
            let go = true;
            if (next === 0x20 && i + 1 < n && (u[i + 1]! - 97) >>> 0 < 26) {
              const l1 = u[i + 1]! - 97;
              const l2 = i + 2 < n ? u[i + 2]! - 97 : -1;
              const slot = l2 >>> 0 < 26 ? afterPairSlot(FOLLOW_PAIRS | f, l1, l2) : -1;
              go = ((followSpace[f]! >>> l1) & 1) !== 0 && (slot === -1 || ((afterPairs[slot >>> 5]! >>> (slot & 31)) & 1) !== 0);
            }
            if (go) sawWord(t, s, start, i, h, walked);
          }
        }
      }
      if (c === 0x20) {
        // the space after most words, taken here instead of on the next turn of the loop. A
        // three-letter rot13 gate word ends right before a space: the last three letters of the
        // letters-only stream are those of this word (or, when it is shorter, they only keep the
        // rot13 search, never drop one). Four compares that are nearly never true cost less here
        // than a second pass over the spaces reading the text again.
        spaces[spaceCount++] = i;
        const tail = lo & 0x7fff;
        if (tail === ROT13_GUR || tail === ROT13_LBH || tail === ROT13_NAQ || tail === ROT13_NYY) curRot13 = true;
        alnumBefore = false;
        i++;
        continue;
      }
      if ((c - 0x30) >>> 0 < 10 && ((LEET_DIGITS >>> (c - 0x30)) & 1) !== 0) {
        curLeetJoints++;
        if (start > 0 && (u[start - 1]! - 0x30) >>> 0 < 10 && !hexOrTimes(u, start, i)) curLeetThrough++;
      }
      alnumBefore = true;
      continue;
    }
    const k = c < 128 ? kind[c]! : 0;
    if (k !== 0) {
      // a digit at a word start, or punctuation some trigger starts with: walkFrom's test of the
      // first characters, made here, as most such places start nothing ("--", "0.", '"n' in JSON)
      const alnum = (k & KIND_ALNUM) !== 0;
      if (alnum ? !alnumBefore : (k & KIND_ANYWHERE) !== 0) {
        const c1 = classOf[c]!;
        const c2 = i + 1 < n ? classOf[u[i + 1]!]! : 0;
        const pair = pairs[c1 * classes + c2]!;
        if (pair !== 0) {
          const slot3 = (pair & 3) !== 0 ? -1 : tripleSlot(c1, c2, i + 2 < n ? classOf[u[i + 2]!]! : 0);
          if (slot3 === -1 || ((triples[slot3 >>> 5]! >>> (slot3 & 31)) & 1) !== 0) walkOn(trie, s, i, i + 1, trie.next[c1]!);
        }
      }
      alnumBefore = alnum;
    } else {
      alnumBefore = false;
      // a space after anything but a letter (no rot13 gate word ends there)
      if (c === 0x20) spaces[spaceCount++] = i;
      else if (c > 127) {
        const unit = units[c]!;
        scripts |= unit;
        if ((unit & UNIT_MARK) !== 0) sawMark(c, i);
      }
    }
    i++;
  }
  gramDone = -1;
  if (gramCount <= GRAM_HITS) for (let k = 0; k < gramCount; k++) sawGramHit(u, n, gramLos[k]!, gramEnds[k]!);
  else rescanGrams(u, n, gramBloom);
  if (!curRot13) view.ruleOutRot13();
  if (curLeetJoints < 2 || curLeetThrough === 0) view.ruleOutLeet();
  // the keys found go out as numbers (written over the pattern indices in curSeen) and lists:
  // a map by key string per view cost more to build, and to read in every family, than the pass
  // spent finding them
  let triggerLists = NO_LISTS;
  const keyCount = curSeenCount;
  if (keyCount > 0) {
    const lists: Array<readonly number[]> = [];
    for (let k = 0; k < keyCount; k++) {
      const id = curSeen[k]!;
      lists.push(curLists[id]!);
      curLists[id] = undefined;
      curSeen[k] = trie.patterns[id]!.number;
    }
    curSeenCount = 0;
    triggerLists = lists;
  }
  curText = '';
  const positions = curPositions ?? NO_POSITIONS;
  curPositions = null;
  const { atStart, stems } = curStemCount === 0 ? NO_STEM_HITS : resolveStems(trie.patterns);
  curStemCount = 0;
  const flags = curFlags;
  const dense = curDense;
  const lettersDense = curLettersDense;
  const firstEnds = curFirstCount === 0 ? NO_FIRST_ENDS : curFirstCount > 2 * MAX_FIRST_ENDS ? null : curFirstEnds.slice(0, curFirstCount);
  curFirstCount = 0;
  // the spaces first: a short text's were written into the shared int chunk, where `ints` may take room next
  const spacesFound = spacesOut(spaces, spaceBase, spaceCount);
  const triggerKeys = keyCount === 0 ? NO_KEYS : ints(curSeen, keyCount);
  return { flags, positions, dense, lettersDense, triggerKeys, triggerLists, stemAtStart: atStart, stems, scripts: scripts & ~UNIT_MARK, spaces: spacesFound, firstEnds };
}

/**
 * The stems a left-to-right scan of `[^a-z0-9](?:first|second|...)` finds: at each unit that is
 * not a letter or digit, the first stem (in registration order) that matches after it, then the
 * scan resumes after that stem. The stem at offset 0 is reported apart (nothing comes before it).
 */
function resolveStems(patterns: readonly Pattern[]): { atStart: string | null; stems: string[] } {
  const count = curStemCount;
  const starts = curStemStarts;
  const ids = curStemIds;
  // The hits come sorted by start: a stem starts with a letter or digit, and the walks from such
  // places are made in text order (a word's when the loop reaches its end, before any later one).
  let atStart: string | null = null;
  const stems: string[] = [];
  let resume = 0;
  for (let h = 0; h < count; ) {
    const start = starts[h]!;
    // at each start the alternative listed first wins
    let best = patterns[ids[h]!]!;
    for (h++; h < count && starts[h] === start; h++) {
      const p = patterns[ids[h]!]!;
      if (p.rank < best.rank) best = p;
    }
    if (start === 0) {
      atStart = best.key;
      continue;
    }
    // the match is the unit at start - 1 and the stem
    if (start - 1 < resume) continue;
    stems.push(best.key);
    resume = start + best.length;
  }
  return { atStart, stems };
}

// ---------------------------------------------------------------------------------------------
// A view with its segments, for the phrase gates

/** What the phrase gates see of a view: its own anchors, plus what its hidden and decoded segments open. */
export interface GatePass {
  readonly flags: Uint8Array;
  /** Per rule group: anchor positions in the view's own `norm`, in text order. */
  readonly positions: ReadonlyMap<number, readonly number[]>;
  /** Per group: the rule runs on the whole view. */
  readonly dense: Uint8Array;
}

const gatePasses: ViewMemo<{ readonly tables: Tables; readonly pass: GatePass }> = createViewMemo();

/**
 * The gate pass of a view: its own keywords, and the groups its segments (and theirs) open. A rule
 * opened only inside a segment runs on the whole view (whose segments the matcher rescans).
 */
export function gatePassOf(view: TextView): GatePass {
  const t = (tables ??= compileTables());
  const cached = gatePasses.get(view);
  if (cached !== undefined && cached.tables === t) return cached.pass;
  const own = keywordsOf(view);
  let flags = own.flags;
  let dense = own.dense;
  const add = (seg: Segment): void => {
    const k = keywordsOf(seg.view);
    if (flags === own.flags) {
      flags = own.flags.slice();
      dense = own.dense.slice();
    }
    for (let g = 0; g < flags.length; g++) flags[g]! |= k.flags[g]!;
    for (let g = 0; g < dense.length; g++) dense[g]! |= k.lettersDense[g]!;
    walk(seg.view);
  };
  const walk = (v: TextView): void => {
    // most views have no segments: nothing is allocated for them
    const { hidden, decoded } = v;
    for (let i = 0; i < hidden.length; i++) add(hidden[i]!);
    for (let i = 0; i < decoded.length; i++) add(decoded[i]!);
  };
  walk(view);
  if (flags !== own.flags) {
    for (let g = 0; g < t.total; g++) if (t.isRule[g] === 1 && flags[g] !== 0 && own.flags[g] === 0) dense[g] = 1;
  }
  const pass: GatePass = { flags, positions: own.positions, dense };
  gatePasses.set(view, { tables: t, pass });
  return pass;
}


/**
 * The registered gate groups by their global index, each with whether it is a rule's (for tests
 * and tooling).
 *
 * @example registeredGroups()[0]?.group.words // the anchor words of the first group registered
 */
export function registeredGroups(): ReadonlyArray<{ readonly group: GateGroup; readonly rule: boolean }> {
  return SPECS.flatMap((spec) => spec.groups.map((group, k) => ({ group, rule: k < spec.ruleCount })));
}

/** The registered trigger keys and stems, in registration order (for tests and tooling). */
export function registeredKeywords(): { readonly triggers: readonly string[]; readonly stems: readonly string[] } {
  return { triggers: [...TRIGGERS], stems: [...STEMS] };
}
