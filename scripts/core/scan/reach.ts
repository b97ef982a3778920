// How far a match of a regular expression can reach: at most how many code units it spans, how
// many spaces it holds, and how far past its end a lookahead or word boundary looks. The phrase
// gates use it to run each rule only on the stretch of text around an anchor word that a match
// holding the anchor can cover (context.ts, match.ts).
//
// A small parser of the pattern source: literals, escapes, classes, groups, alternation, bounded
// and unbounded quantifiers, assertions. Anything it does not know makes the answer Infinity,
// which means "run on the whole text", so a mistake here costs speed, never a finding.
//
// The same reading also tells whether every match begins with a word and a space (`wordThenSpace`):
// the phrase runner (code-execution.ts) then looks for a match's start only before the spaces of a
// window with few of them. Unsure answers are false, which keeps its plain walk.

/** Upper bounds for one pattern; Infinity when unbounded or not understood. */
export interface Reach {
  /** Code units of a match. */
  readonly chars: number;
  /** U+0020 spaces inside a match. */
  readonly spaces: number;
  /** Code units past the end of a match that the pattern reads (word boundaries, lookaheads, `$`). */
  readonly ahead: number;
}

export const UNBOUNDED: Reach = { chars: Infinity, spaces: Infinity, ahead: Infinity };

/** A word character of the phrase runners: a-z, 0-9, ' and - (`norm` is lower case). */
export function isPhraseWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 39 || c === 45;
}

// What a pattern has read of a match so far, as a set of states (bits): nothing, word characters
// only, word characters and then a space, or anything else. Each part of a pattern maps the set
// before it to the set after it (a Lead); every match begins with a word and a space when reading
// the whole pattern from NOTHING ends in NOTHING (an empty match) or SPACED only.
const NOTHING = 1;
const WORD = 2;
const SPACED = 4;
const OTHER = 8;

type Lead = (states: number) => number;

// The kinds of characters one character of a pattern can match, as bits.
const K_WORD = 1;
const K_SPACE = 2;
const K_OTHER = 4;
const K_ALL = K_WORD | K_SPACE | K_OTHER;

/** Reading one character of the kinds `k`. */
function oneOf(k: number): Lead {
  return (st) => {
    let out = st & (SPACED | OTHER);
    if ((st & (NOTHING | WORD)) !== 0) {
      if ((k & K_WORD) !== 0) out |= WORD;
      if ((k & K_OTHER) !== 0 || ((k & K_SPACE) !== 0 && (st & NOTHING) !== 0)) out |= OTHER;
      if ((k & K_SPACE) !== 0 && (st & WORD) !== 0) out |= SPACED;
    }
    return out;
  };
}

const SAME: Lead = (st) => st;

/** The kinds of the code points from `lo` to `hi`. */
function kindsOf(lo: number, hi: number): number {
  if (hi - lo > 255) return K_ALL;
  let k = 0;
  for (let c = lo; c <= hi; c++) k |= isPhraseWordCode(c) ? K_WORD : c === 0x20 ? K_SPACE : K_OTHER;
  return k;
}

/** The kinds of a class escape (\d, \s, \p{...}, ...): \d digits only, \w and \S no space, the others anything. */
function classEscapeKinds(c: string): number {
  if (c === 'd') return K_WORD;
  if (c === 'w' || c === 'S') return K_WORD | K_OTHER;
  return K_ALL;
}

interface Node {
  chars: number;
  spaces: number;
  ahead: number;
  lead: Lead;
}

class Unsupported extends Error {}

/**
 * The reach of a pattern (memoised per RegExp object).
 *
 * @example reachOf(/\bignore (?:all |the )?rules\b/u) // { chars: 16, spaces: 2, ahead: 1 }
 */
export function reachOf(pattern: RegExp): Reach {
  return analysisOf(pattern).reach;
}

/**
 * Whether every match of a pattern that is not empty begins with a word (one or more `isPhraseWordCode`
 * units) and a U+0020 space; false when unsure.
 *
 * @example wordThenSpace(/(?:send|post)s? (?:it|them) to\b/y) // true
 */
export function wordThenSpace(pattern: RegExp): boolean {
  return analysisOf(pattern).wordThenSpace;
}

interface Analysis {
  readonly reach: Reach;
  readonly wordThenSpace: boolean;
}

const ANALYSES = new WeakMap<RegExp, Analysis>();

function analysisOf(pattern: RegExp): Analysis {
  let a = ANALYSES.get(pattern);
  if (a === undefined) {
    a = analyse(pattern.source, pattern.flags);
    ANALYSES.set(pattern, a);
  }
  return a;
}

const UNSURE: Analysis = { reach: UNBOUNDED, wordThenSpace: false };

/** The largest of each bound over several patterns. */
export function reachOfAll(patterns: readonly RegExp[]): Reach {
  let chars = 0;
  let spaces = 0;
  let ahead = 0;
  for (const p of patterns) {
    const r = reachOf(p);
    chars = Math.max(chars, r.chars);
    spaces = Math.max(spaces, r.spaces);
    ahead = Math.max(ahead, r.ahead);
  }
  return { chars, spaces, ahead };
}

function analyse(source: string, flags: string): Analysis {
  // case folding cannot turn anything into a space; dotAll and sticky do not change the bounds
  const unicode = flags.includes('u') || flags.includes('v');
  if (flags.includes('v')) return UNSURE; // set notation: not parsed here
  const p = new Parser(source, unicode);
  try {
    const node = p.disjunction();
    if (p.i !== source.length) return UNSURE;
    // case folding lets a letter match an upper-case one, which is no word character
    const wordThenSpace = !flags.includes('i') && (node.lead(NOTHING) & (WORD | OTHER)) === 0;
    return { reach: { chars: node.chars, spaces: node.spaces, ahead: node.ahead }, wordThenSpace };
  } catch (e) {
    if (e instanceof Unsupported) return UNSURE;
    throw e;
  }
}

class Parser {
  i = 0;
  readonly s: string;
  readonly unicode: boolean;

  constructor(s: string, unicode: boolean) {
    this.s = s;
    this.unicode = unicode;
  }

  disjunction(): Node {
    let best = this.alternative();
    while (this.s[this.i] === '|') {
      this.i++;
      const alt = this.alternative();
      const [a, b] = [best.lead, alt.lead];
      best = { chars: Math.max(best.chars, alt.chars), spaces: Math.max(best.spaces, alt.spaces), ahead: Math.max(best.ahead, alt.ahead), lead: (st) => a(st) | b(st) };
    }
    return best;
  }

  alternative(): Node {
    const seq: Node = { chars: 0, spaces: 0, ahead: 0, lead: SAME };
    const leads: Lead[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const term = this.quantified(this.atom());
      // what a term reads past its own end may lie past the match's end, whatever follows it
      seq.ahead = Math.max(seq.ahead, term.ahead);
      seq.chars += term.chars;
      seq.spaces += term.spaces;
      leads.push(term.lead);
    }
    seq.lead = (st) => leads.reduce((acc, f) => f(acc), st);
    return seq;
  }

  quantified(atom: Node): Node {
    const s = this.s;
    const c = s[this.i];
    let min = 0;
    let max: number;
    if (c === '*' || c === '+') {
      min = c === '+' ? 1 : 0;
      max = Infinity;
      this.i++;
    } else if (c === '?') {
      max = 1;
      this.i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.i, this.i + 24));
      if (m === null) {
        if (this.unicode) throw new Unsupported();
        return atom; // a literal brace outside unicode mode
      }
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length;
    } else {
      return atom;
    }
    if (s[this.i] === '?') this.i++; // lazy: same bounds
    const once = atom.lead;
    // the union over every count from min to max: once a count adds no state, no later one does
    const lead: Lead = (st) => {
      for (let k = 0; k < min; k++) st = once(st);
      let all = st;
      for (let k = min; k < max; k++) {
        st = once(st);
        if ((st | all) === all) break;
        all |= st;
      }
      return all;
    };
    return { chars: scale(atom.chars, max), spaces: scale(atom.spaces, max), ahead: atom.ahead, lead };
  }

  atom(): Node {
    const s = this.s;
    const c = s[this.i]!;
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape();
    if (c === '.') {
      this.i++;
      return { chars: this.unicode ? 2 : 1, spaces: 1, ahead: 0, lead: oneOf(K_ALL) };
    }
    if (c === '^') {
      this.i++;
      return { chars: 0, spaces: 0, ahead: 0, lead: SAME };
    }
    if (c === '$') {
      this.i++;
      // one code unit tells the end of the text (or of a line) from more text: a cut text ends
      // early, so `$` can hold at the cut only, and a match ending there runs past its window
      // (the matcher then searches the whole text)
      return { chars: 0, spaces: 0, ahead: 1, lead: SAME };
    }
    if (c === '*' || c === '+' || c === '?' || c === ')' || (c === '{' && this.unicode)) throw new Unsupported();
    const cp = s.codePointAt(this.i)!;
    const width = this.unicode && cp > 0xffff ? 2 : 1;
    this.i += width;
    return { chars: width, spaces: cp === 0x20 ? 1 : 0, ahead: 0, lead: oneOf(kindsOf(cp, cp)) };
  }

  group(): Node {
    const s = this.s;
    this.i++; // (
    let kind: 'capture' | 'ahead' | 'behind' = 'capture';
    if (s[this.i] === '?') {
      const next = s[this.i + 1];
      if (next === ':') this.i += 2;
      else if (next === '=' || next === '!') {
        kind = 'ahead';
        this.i += 2;
      } else if (next === '<' && (s[this.i + 2] === '=' || s[this.i + 2] === '!')) {
        kind = 'behind';
        this.i += 3;
      } else if (next === '<') {
        const close = s.indexOf('>', this.i);
        if (close === -1) throw new Unsupported();
        this.i = close + 1;
      } else throw new Unsupported(); // modifiers and anything newer
    }
    const inner = this.disjunction();
    if (s[this.i] !== ')') throw new Unsupported();
    this.i++;
    // a lookahead reads up to its own length past where it stands and what its terms read past
    // that ("(?=bar\b)": 4); a lookbehind reads before the match, which the phrase windows always
    // keep (they start at the beginning of the text)
    if (kind === 'ahead') return { chars: 0, spaces: 0, ahead: inner.chars + inner.ahead, lead: SAME };
    if (kind === 'behind') return { chars: 0, spaces: 0, ahead: inner.ahead, lead: SAME };
    return inner;
  }

  escape(): Node {
    const s = this.s;
    const c = s[this.i + 1];
    if (c === undefined) throw new Unsupported();
    this.i += 2;
    switch (c) {
      case 'b':
      case 'B':
        return { chars: 0, spaces: 0, ahead: 1, lead: SAME };
      case 'd':
      case 'w':
        return { chars: 1, spaces: 0, ahead: 0, lead: oneOf(classEscapeKinds(c)) };
      case 'S':
        return { chars: this.unicode ? 2 : 1, spaces: 0, ahead: 0, lead: oneOf(classEscapeKinds(c)) };
      case 's':
      case 'D':
      case 'W':
        return { chars: this.unicode ? 2 : 1, spaces: 1, ahead: 0, lead: oneOf(K_ALL) };
      case 'p':
      case 'P': {
        const close = s.indexOf('}', this.i);
        if (!this.unicode || s[this.i] !== '{' || close === -1) throw new Unsupported();
        const name = s.slice(this.i + 1, close);
        this.i = close + 1;
        return { chars: 2, spaces: c === 'p' && NO_SPACE_PROPERTIES.test(name) ? 0 : 1, ahead: 0, lead: oneOf(K_ALL) };
      }
      default: {
        const cp = this.escapedChar(c);
        return { chars: cp > 0xffff ? 2 : 1, spaces: cp === 0x20 ? 1 : 0, ahead: 0, lead: oneOf(kindsOf(cp, cp)) };
      }
    }
  }

  /** The code point of a character escape whose letter (`c`) was just consumed. */
  escapedChar(c: string): number {
    const s = this.s;
    if (c === 'x') {
      const m = /^[0-9a-fA-F]{2}/.exec(s.slice(this.i, this.i + 2));
      if (m === null) throw new Unsupported();
      this.i += 2;
      return parseInt(m[0], 16);
    }
    if (c === 'u') {
      if (s[this.i] === '{') {
        const close = s.indexOf('}', this.i);
        if (close === -1) throw new Unsupported();
        const cp = parseInt(s.slice(this.i + 1, close), 16);
        this.i = close + 1;
        return cp;
      }
      const m = /^[0-9a-fA-F]{4}/.exec(s.slice(this.i, this.i + 4));
      if (m === null) throw new Unsupported();
      this.i += 4;
      return parseInt(m[0], 16);
    }
    if (c >= '0' && c <= '9') {
      if (c === '0' && !/[0-9]/.test(s[this.i] ?? '')) return 0;
      throw new Unsupported(); // a back-reference: unbounded
    }
    if (c === 'k' || c === 'c') throw new Unsupported();
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) return simple;
    return c.codePointAt(0)!; // an escaped syntax character stands for itself
  }

  charClass(): Node {
    const s = this.s;
    this.i++; // [
    let negate = false;
    if (s[this.i] === '^') {
      negate = true;
      this.i++;
    }
    let space = false;
    let wide = false;
    let kinds = 0;
    let prev = -1;
    while (this.i < s.length && s[this.i] !== ']') {
      let cp: number;
      let set = false;
      let literal = false; // an escaped dash is never a range operator
      if (s[this.i] === '\\') {
        const c = s[this.i + 1];
        if (c === undefined) throw new Unsupported();
        this.i += 2;
        if (c === 's' || c === 'D' || c === 'W') {
          space = true;
          wide = true;
          set = true;
          kinds |= classEscapeKinds(c);
          cp = -1;
        } else if (c === 'S' || c === 'd' || c === 'w') {
          wide ||= c === 'S';
          set = true;
          kinds |= classEscapeKinds(c);
          cp = -1;
        } else if (c === 'p' || c === 'P') {
          const close = s.indexOf('}', this.i);
          if (!this.unicode || s[this.i] !== '{' || close === -1) throw new Unsupported();
          const name = s.slice(this.i + 1, close);
          this.i = close + 1;
          if (!(c === 'p' && NO_SPACE_PROPERTIES.test(name))) space = true;
          wide = true;
          set = true;
          kinds |= classEscapeKinds(c);
          cp = -1;
        } else if (c === 'b') {
          cp = 8; // a backspace inside a class
        } else if (c === '-') {
          cp = 0x2d;
          literal = true;
        } else {
          cp = this.escapedChar(c);
        }
      } else {
        cp = s.codePointAt(this.i)!;
        this.i += this.unicode && cp > 0xffff ? 2 : 1;
      }
      if (set) {
        prev = -1;
        continue;
      }
      // a range "a-z": the dash was read as a character after `prev`
      if (cp === 0x2d && !literal && prev >= 0 && s[this.i] !== ']') {
        const hi = this.classChar();
        if (hi < prev) throw new Unsupported();
        if (prev <= 0x20 && hi >= 0x20) space = true;
        if (hi > 0xffff) wide = true;
        kinds |= kindsOf(prev, hi);
        prev = -1;
        continue;
      }
      if (cp === 0x20) space = true;
      if (cp > 0xffff) wide = true;
      kinds |= kindsOf(cp, cp);
      prev = cp;
    }
    if (s[this.i] !== ']') throw new Unsupported();
    this.i++;
    const spaces = negate ? !space : space;
    // a negated class can match any astral character in unicode mode
    const chars = this.unicode && (wide || negate) ? 2 : 1;
    // a negated class is taken to match every kind
    return { chars, spaces: spaces ? 1 : 0, ahead: 0, lead: oneOf(negate ? K_ALL : kinds) };
  }

  /** One class member that must be a single character (the end of a range). */
  classChar(): number {
    const s = this.s;
    if (s[this.i] === '\\') {
      const c = s[this.i + 1];
      if (c === undefined) throw new Unsupported();
      this.i += 2;
      if ('sSdDwWpP'.includes(c)) throw new Unsupported();
      if (c === 'b') return 8;
      if (c === '-') return 0x2d;
      return this.escapedChar(c);
    }
    const cp = s.codePointAt(this.i)!;
    this.i += this.unicode && cp > 0xffff ? 2 : 1;
    return cp;
  }
}

const SIMPLE_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };

/** Unicode properties that never include U+0020 (letters, marks, numbers, scripts). */
const NO_SPACE_PROPERTIES = /^(?:L|Letter|Lu|Ll|Lt|Lm|Lo|M|Mark|Mn|Mc|Me|N|Number|Nd|Nl|No|Alphabetic|(?:Script|sc|Script_Extensions|scx)=[A-Za-z_]+)$/;

function scale(n: number, times: number): number {
  if (n === 0) return 0;
  return times === Infinity ? Infinity : n * times;
}
