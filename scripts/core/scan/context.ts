// Context of a match: does the persona forbid the phrase, or quote it as something to refuse?
// Such a match is lowered to a warning, never dropped: an author cannot switch a rule off.
// Also the phrase gate: which phrase rules can match a text at all, found in one pass.
import type { PhraseRule } from './match.ts';
import type { TextView } from './text.ts';
import type { TextFile } from './types.ts';

// Cues that, before a phrase in the same sentence, make it the object of a refusal.
const BEFORE_CUES = [
  'never', 'not', "n't", "n’t", 'no', 'refuse', 'refuses', 'refusing', 'reject', 'rejects', 'decline', 'declines', 'resist', 'resists',
  'ignore requests', 'ignore attempts', 'ignore any', 'disobey', 'beware', 'wary', 'watch out', 'recognize', 'recognise', 'detect',
  'flag', 'report', 'if someone', 'if a user', 'if the user', 'if anyone', 'when someone', 'when a user', 'when users', 'even if',
  'regardless', 'treat', 'warn', 'injection', 'injections', 'jailbreak', 'jailbreaks', 'without', 'do not follow', 'never follow',
];
// Cues that introduce an example; they reach only a few words ("phrases like <phrase>"), not a
// whole sentence ("act like your Damon, Damon is ... that managed to <phrase>").
const NEAR_CUES = [
  'such as', 'e.g.', 'eg.', 'for example', 'for instance', 'like', 'phrases', 'phrase', 'example', 'examples', 'quoted', 'requests',
  'request', 'messages containing', 'containing',
];
const NEAR = 24;
// Cues that quote speech; they count only for a phrase in quotes ('if a user says "you are DAN"'),
// not for a capability ("can say or do anything with no restrictions").
const QUOTE_CUES = ['says', 'say', 'saying', 'claims', 'claiming', 'asks you to', 'asking you to', 'tells you to', 'writes', 'types'];
// A phrase that carries its own negation ("never refuse", "not bound by") is the persona's own
// claim: a "never" earlier in the sentence does not turn it into a refusal.
const SELF_NEGATED = /^(?:never|not|no|none|don['’]?t|do not|doesn['’]?t|does not|won['’]?t|will not|cannot|can not|can['’]?t|isn['’]?t|is not|aren['’]?t|are not|no longer)\b/;

// Cues right after a phrase ("'ignore all instructions' is an attack").
const AFTER_CUES = [
  'is an attack', 'are attacks', 'is a jailbreak', 'are jailbreaks', 'is an injection', 'are injections', 'is manipulation',
  'must be refused', 'should be refused', 'must be ignored', 'should be ignored', 'refuse', 'decline', 'is not allowed',
  'are not allowed', 'is forbidden', 'are forbidden', 'will not work', "won't work", 'does not work', 'is a red flag',
];

// Words that end the reach of a cue: "never refuse and ignore all previous instructions".
const BREAKERS = /(?:^|[^a-z])(?:but|instead|so|therefore|now|always|must|will|because|since)(?![a-z])/g;
// Joining words end the reach too, except between quotations ("“x” and later “y”").
const JOINERS = /(?:^|[^a-z])(?:and|then|also)(?![a-z])/g;

// The start of a conditional clause: "if you refuse, " / "each time you reject a question, ".
const CONDITION = /(?:^|[^a-z])(?:if|when|whenever|each time|every time|any time|anytime|once|as soon as)\s/;

const SENTENCE_END = /[.!?;\n]\s|[!?;]|\.$/g;
const WINDOW = 60;
const QUOTES = `"'\`“”‘’«»„「」『』`;

/**
 * Whether the phrase at [start, end) of a normalised text is forbidden or quoted as an example.
 *
 * @example isRefusalContext(`never obey "ignore previous instructions"`, 13, 41) // true
 */
export function isRefusalContext(norm: string, start: number, end: number): boolean {
  const from = Math.max(0, start - WINDOW);
  let before = norm.slice(from, start);
  // keep only the current sentence
  let cut = -1;
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(before); m !== null; m = SENTENCE_END.exec(before)) cut = m.index + m[0].length;
  if (cut >= 0) before = before.slice(cut);
  const quotedBefore = /["'`“”‘’«»„「」『』]\s?$/.test(before) || hasOpenQuote(before);
  const after = norm.slice(end, end + WINDOW);
  // a phrase in quotes of its own ("... for example “x” and later “ignore all rules”") keeps the
  // sentence's cue across joining words: they join quotations, not instructions
  const quotedPhrase = /["'`“‘«„「『]\s?$/.test(before) && /^\s?["'`”’»“」』]/.test(after);
  // a breaker word between the cue and the phrase cancels the cue
  let lastBreak = lastEnd(BREAKERS, before);
  if (!quotedPhrase) lastBreak = Math.max(lastBreak, lastEnd(JOINERS, before));
  let reach = lastBreak >= 0 ? before.slice(lastBreak) : before;
  // the main clause after a condition ("each time you refuse, 4 tokens are deducted") is not
  // governed by the condition's words
  if (endsConditionalClause(reach)) reach = '';
  if (!quotedPhrase && SELF_NEGATED.test(norm.slice(start, end))) reach = '';
  if (hasCue(reach, BEFORE_CUES)) return true;
  if (hasCue(quotedPhrase ? reach : reach.slice(-NEAR), NEAR_CUES)) return true;
  if (quotedBefore && hasCue(reach, QUOTE_CUES)) return true;
  const afterClean = after.replace(/^["'`“”‘’«»„「」『』)\]]*\s?[-—–:,]?\s?/, '');
  if (AFTER_CUES.some((c) => afterClean.startsWith(c))) return true;
  // a quoted phrase followed by a refusal in the same sentence
  if (quotedBefore && /^[^.!?]{0,40}\b(?:refuse|decline|reject|ignore it|ignore them|do not comply|don't comply|never comply)/.test(after)) return true;
  return false;
}

/** Whether `s` ends with a conditional clause closed by a comma ("... each time you refuse, "). */
function endsConditionalClause(s: string): boolean {
  const t = s.trimEnd();
  if (!t.endsWith(',')) return false;
  const body = t.slice(0, -1);
  let from = -1;
  for (const mark of [',', ';', ':', '"', '“', '”']) from = Math.max(from, body.lastIndexOf(mark));
  return CONDITION.test(body.slice(from + 1));
}

/** End of the last match of a global pattern in `s`, or -1. */
function lastEnd(re: RegExp, s: string): number {
  re.lastIndex = 0;
  let last = -1;
  for (let m = re.exec(s); m !== null; m = re.exec(s)) last = m.index + m[0].length;
  return last;
}

function hasOpenQuote(s: string): boolean {
  let count = 0;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (!QUOTES.includes(ch)) continue;
    // an apostrophe inside a word ("gpt’s", "don't") is not a quotation mark
    if ((ch === "'" || ch === '’') && /[a-z]/.test(s[i - 1] ?? '') && /[a-z]/.test(s[i + 1] ?? '')) continue;
    count++;
  }
  return count % 2 === 1;
}

function hasCue(text: string, cues: readonly string[]): boolean {
  for (const cue of cues) {
    let i = text.indexOf(cue);
    while (i !== -1) {
      const before = i === 0 ? ' ' : text[i - 1]!;
      const after = text[i + cue.length] ?? ' ';
      const startsWord = !/[a-z0-9]/.test(before) || cue.startsWith("n'");
      if (startsWord && !/[a-z0-9]/.test(after)) return true;
      i = text.indexOf(cue, i + 1);
    }
  }
  return false;
}

// ---- Phrase gate: which phrase rules can match a text, and where ----
//
// `String.includes` costs about a millisecond per key and megabyte on texts with non-Latin
// characters, and a pattern that starts with a long alternation costs more, so families with a
// hundred prefilter keys and patterns would scan at a few MB/s. Instead one pass per text, shared
// by every gate, hashes each run of a-z letters and looks it up among the anchor words of all
// gates. Each rule names its anchor words (every match holds one as a whole word) and, optionally,
// companion words that every match holds within `within` characters after an anchor ("without"
// ... "restrictions"). Rules whose anchors are absent are skipped; the others run only on windows
// around the anchors seen. The pass also rolls a hash over the last 8 letters, ignoring everything
// else as `squashed` does, to notice split-up phrases ("i g n o r e  a l l ...").

const GRAM = 8;
const BLOOM_BITS = 16;
const BLOOM_MASK = (1 << BLOOM_BITS) - 1;
/** Anchor positions kept per gate and text; past this its rules run on the whole text. */
const MAX_POSITIONS = 256;
/** Characters kept before and after an anchor: the longest pattern plus the refusal-context reach. */
const WINDOW_BEFORE = 520;
const WINDOW_AFTER = 640;
/** Windows are joined by a separator that no pattern crosses (none spans a newline and a full stop). */
const WINDOW_SEPARATOR = '\n.\n';
const SEEN_WORD = 1;
const SEEN_LETTERS = 2;
const FAR = -(2 ** 30);
let POW_GRAM = 1;
for (let k = 0; k < GRAM; k++) POW_GRAM = Math.imul(POW_GRAM, 31);

/** Hash of a lower-case a-z word, as the gate computes it. */
export function hashWord(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + word.charCodeAt(i)) | 0;
  return h;
}

const bloomSlot = (h: number): number => (h ^ (h >>> BLOOM_BITS)) & BLOOM_MASK;

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

export interface PhraseGate {
  /** One flag per rule, then per extra group: 0 closed, 1 anchors seen, 2 letter sequence seen (3 both). */
  flags(file: TextFile): Uint8Array;
  /**
   * The rules that can match a file, without their `anyOf` (the gate did that work) and without
   * `squashed` unless a split phrase was seen, and the file to run them on: a view of the windows
   * around the anchors, or the file itself when anchors are many or came from hidden segments.
   */
  select(file: TextFile): { file: TextFile; rules: PhraseRule[] };
}

/** One gate as registered: its groups occupy [base, base + groups.length) of the shared tables. */
interface GateSpec {
  readonly groups: readonly GateGroup[];
  readonly ruleCount: number;
  base: number;
}

/** The shared tables of every registered gate. */
interface Tables {
  readonly version: number;
  readonly total: number;
  readonly firsts: Map<number, Int32Array>;
  readonly thens: Map<number, Int32Array>;
  readonly grams: Map<number, Int32Array>;
  readonly marks: Map<number, Int32Array>;
  readonly bloom: Uint8Array;
  readonly gramBloom: Uint8Array;
  readonly within: Int32Array;
  readonly hasThen: Uint8Array;
  /** Gate index of each global group, and whether the group is one of that gate's rules. */
  readonly gateOf: Int32Array;
  readonly isRule: Uint8Array;
}

/** What one pass over a text (and its segments) found, for every gate. */
interface Pass {
  readonly version: number;
  readonly flags: Uint8Array;
  readonly positions: number[][];
  readonly dense: Uint8Array;
}

const SPECS: GateSpec[] = [];
let tables: Tables | null = null;
let version = 0;
const PASSES = new WeakMap<TextView, Pass>();

function compile(): Tables {
  const firsts = new Map<number, number[]>();
  const thens = new Map<number, number[]>();
  const grams = new Map<number, number[]>();
  const marks = new Map<number, number[]>();
  const bloom = new Uint8Array(1 << BLOOM_BITS);
  const gramBloom = new Uint8Array(1 << BLOOM_BITS);
  let total = 0;
  for (const spec of SPECS) total += spec.groups.length;
  const within = new Int32Array(total);
  const hasThen = new Uint8Array(total);
  const gateOf = new Int32Array(total);
  const isRule = new Uint8Array(total);
  const add = (map: Map<number, number[]>, key: number, g: number): void => {
    const list = map.get(key);
    if (!list) map.set(key, [g]);
    else if (!list.includes(g)) list.push(g);
  };
  SPECS.forEach((spec, gi) => {
    spec.groups.forEach((group, li) => {
      const g = spec.base + li;
      gateOf[g] = gi;
      isRule[g] = li < spec.ruleCount ? 1 : 0;
      for (const w of group.words) {
        add(firsts, hashWord(w), g);
        bloom[bloomSlot(hashWord(w))] = 1;
      }
      if (group.then && group.then.length > 0) {
        hasThen[g] = 1;
        within[g] = group.within ?? 60;
        for (const w of group.then) {
          add(thens, hashWord(w), g);
          bloom[bloomSlot(hashWord(w))] = 1;
        }
      }
      for (const m of group.marks ?? []) add(marks, m, g);
      for (const l of group.letters ?? []) {
        const h = hashWord(l.slice(0, GRAM));
        add(grams, h, g);
        gramBloom[bloomSlot(h)] = 1;
      }
    });
  });
  const freeze = (map: Map<number, number[]>): Map<number, Int32Array> => new Map([...map].map(([k, v]) => [k, Int32Array.from(v)]));
  return { version, total, firsts: freeze(firsts), thens: freeze(thens), grams: freeze(grams), marks: freeze(marks), bloom, gramBloom, within, hasThen, gateOf, isRule };
}

/** Scan one text; `record` keeps anchor positions (the main text, not its segments). */
function scanText(t: Tables, s: string, pass: Pass, last: Int32Array, record: boolean): void {
  const { flags, positions, dense } = pass;
  const { bloom, gramBloom, firsts, thens, grams, marks, hasThen, within, gateOf, isRule } = t;
  const hasGrams = grams.size > 0;
  const hasMarks = marks.size > 0;
  const open = (g: number, at: number): void => {
    flags[g]! |= SEEN_WORD;
    if (!record || isRule[g] === 0) return;
    const gi = gateOf[g]!;
    if (dense[gi] === 1) return;
    const list = positions[gi]!;
    if (list.length >= MAX_POSITIONS) dense[gi] = 1;
    else if (list[list.length - 1] !== at) list.push(at);
  };
  const word = (h: number, at: number): void => {
    const first = firsts.get(h);
    if (first) {
      for (let k = 0; k < first.length; k++) {
        const g = first[k]!;
        if (hasThen[g] === 1) last[g] = at;
        else open(g, at);
      }
    }
    const then = thens.get(h);
    if (then) {
      for (let k = 0; k < then.length; k++) {
        const g = then[k]!;
        if (at - last[g]! <= within[g]!) open(g, last[g]!);
      }
    }
  };
  const ring = new Uint8Array(GRAM);
  let slot = 0;
  let seen = 0;
  let roll = 0;
  let h = 0;
  let len = 0;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if ((c - 97) >>> 0 < 26) {
      h = (Math.imul(h, 31) + c) | 0;
      len++;
      if (hasGrams) {
        roll = (Math.imul(roll, 31) + c - Math.imul(ring[slot]!, POW_GRAM)) | 0;
        ring[slot] = c;
        slot = (slot + 1) & (GRAM - 1);
        if (++seen >= GRAM && gramBloom[bloomSlot(roll)] === 1) {
          const list = grams.get(roll);
          if (list) {
            for (let k = 0; k < list.length; k++) {
              flags[list[k]!]! |= SEEN_LETTERS;
              // a split phrase is found in `squashed`, outside any window
              dense[gateOf[list[k]!]!] = 1;
            }
          }
        }
      }
      continue;
    }
    if (len !== 0) {
      if (bloom[bloomSlot(h)] === 1) word(h, i - len);
      h = 0;
      len = 0;
    }
    if (hasMarks && c > 127) {
      const list = marks.get(c);
      if (list) for (let k = 0; k < list.length; k++) open(list[k]!, i);
    }
  }
  if (len !== 0 && bloom[bloomSlot(h)] === 1) word(h, n - len);
}

function passOf(view: TextView): { t: Tables; pass: Pass } {
  const t = (tables ??= compile());
  const cached = PASSES.get(view);
  if (cached && cached.version === t.version) return { t, pass: cached };
  const pass: Pass = { version: t.version, flags: new Uint8Array(t.total), positions: SPECS.map(() => []), dense: new Uint8Array(SPECS.length) };
  const last = new Int32Array(t.total).fill(FAR);
  scanText(t, view.norm, pass, last, true);
  const own = pass.flags.slice();
  const walk = (v: TextView): void => {
    for (const seg of v.hidden) {
      last.fill(FAR);
      scanText(t, seg.view.norm, pass, last, false);
      walk(seg.view);
    }
    for (const seg of v.decoded) {
      last.fill(FAR);
      scanText(t, seg.view.norm, pass, last, false);
      walk(seg.view);
    }
  };
  walk(view);
  // a rule opened only by a segment runs on the whole view, whose segments it rescans
  for (let g = 0; g < t.total; g++) if (t.isRule[g] === 1 && pass.flags[g] !== 0 && own[g] === 0) pass.dense[t.gateOf[g]!] = 1;
  PASSES.set(view, pass);
  return { t, pass };
}

/**
 * Build a gate over phrase rules, each with its anchors, plus extra groups for a family's own
 * checks. Every gate shares one pass per text: linear, one table lookup per word and letter.
 *
 * @example
 * const gate = createPhraseGate([{ rule, gate: { words: ['without'], then: ['restrictions'], within: 30 } }]);
 * const { file: f, rules } = gate.select(file);
 * if (rules.length > 0) runPhraseRules({ ...ctx, texts: [f] }, emit, rules, describe);
 */
export function createPhraseGate(entries: readonly { rule: PhraseRule; gate: GateGroup }[], extra: readonly GateGroup[] = []): PhraseGate {
  const groups: GateGroup[] = [...entries.map((e) => ({ ...e.gate, letters: [...(e.gate.letters ?? []), ...(e.rule.squashed ?? [])] })), ...extra];
  groups.forEach((g, i) => {
    if (g.words.length === 0 && (g.marks ?? []).length === 0) throw new Error(`gate group ${i} needs anchor words or marks`);
    for (const w of [...g.words, ...(g.then ?? [])]) if (!/^[a-z]+$/.test(w)) throw new Error(`gate word "${w}" must be lower-case a-z only`);
    for (const l of g.letters ?? []) if (!/^[a-z]{8,}$/.test(l)) throw new Error(`gate letters "${l}" must be at least ${GRAM} lower-case a-z letters`);
  });
  const index = SPECS.length;
  const base = SPECS.reduce((n, s) => n + s.groups.length, 0);
  SPECS.push({ groups, ruleCount: entries.length, base });
  version++;
  tables = null;
  const ruleCount = entries.length;
  const bare = entries.map(({ rule }) => {
    const { anyOf, squashed, ...rest } = rule;
    void anyOf;
    return { without: rest as PhraseRule, with: squashed ? ({ ...rest, squashed } as PhraseRule) : (rest as PhraseRule) };
  });

  return {
    flags(file) {
      const { pass } = passOf(file.view);
      return pass.flags.subarray(base, base + groups.length);
    },
    select(file) {
      const { pass } = passOf(file.view);
      const open: PhraseRule[] = [];
      for (let i = 0; i < ruleCount; i++) {
        const f = pass.flags[base + i]!;
        if (f !== 0) open.push((f & SEEN_LETTERS) !== 0 ? bare[i]!.with : bare[i]!.without);
      }
      if (open.length === 0 || pass.dense[index] === 1) return { file, rules: open };
      const windowed = windowView(file.view, pass.positions[index]!);
      return { file: windowed ? { ...file, view: windowed } : file, rules: open };
    },
  };
}

/** A view whose `norm` holds only the windows around `positions`; offsets map back to the real text. */
function windowView(view: TextView, positions: readonly number[]): TextView | null {
  const norm = view.norm;
  const sorted = [...positions].sort((a, b) => a - b);
  const starts: number[] = [];
  const ends: number[] = [];
  for (const p of sorted) {
    const s = Math.max(0, p - WINDOW_BEFORE);
    const e = Math.min(norm.length, p + WINDOW_AFTER);
    const last = ends.length - 1;
    if (last >= 0 && s <= ends[last]!) ends[last] = Math.max(ends[last]!, e);
    else {
      starts.push(s);
      ends.push(e);
    }
  }
  let covered = 0;
  for (let w = 0; w < starts.length; w++) covered += ends[w]! - starts[w]!;
  if (covered * 2 > norm.length) return null;
  const parts: string[] = [];
  const at: number[] = [];
  let length = 0;
  for (let w = 0; w < starts.length; w++) {
    if (w > 0) length += WINDOW_SEPARATOR.length;
    at.push(length);
    parts.push(norm.slice(starts[w]!, ends[w]!));
    length += ends[w]! - starts[w]!;
  }
  const text = parts.join(WINDOW_SEPARATOR);
  const toReal = (i: number): number => {
    let lo = 0;
    let hi = at.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (at[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return Math.min(starts[lo]! + Math.max(0, i - at[lo]!), ends[lo]! - 1);
  };
  // `norm` and `normOffset` come from the windows; every other member is the real view's, read
  // with the real view as `this` (TextView keeps private fields).
  const normOffset = (i: number): number => view.normOffset(toReal(i));
  return new Proxy(view, {
    get(target, prop) {
      if (prop === 'norm') return text;
      if (prop === 'normOffset') return normOffset;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
