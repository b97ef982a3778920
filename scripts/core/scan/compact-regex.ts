// Smaller machine code for the phrase patterns, with the same matches. V8 unrolls a group that
// repeats at most three times ("(?:the )?", "(?:very ){0,3}") into copies of itself, and each copy
// drags its own copy of everything after it: one injection pattern with two "{0,3}" word gaps
// compiled to 545 KB of machine code. Past 1 MB of regexp code and 16 MB of executable memory in
// all, V8 stops optimising every regular expression compiled from then on (TooMuchRegExpCode in
// regexp.cc), and those run about twice as slow. The phrase families' patterns came to 24 MB.
//
// V8 does not unroll a group holding a capture, so each such group gets an empty capture at its
// end: `(?:a|b)?` becomes `(?:(?:a|b)())?`. An empty capture matches nothing and constrains
// nothing, so a pattern finds the same matches at the same places (index, text and lastIndex are
// unchanged; only the numbered groups move, which is why only patterns read for their whole match
// are compacted). The same pattern then compiles to about a third of the code, and runs as fast.

/** The largest repeat count V8 unrolls (kMaxUnrolledMaxMatches / kMaxUnrolledMinMatches). */
const MAX_UNROLLED = 3;

interface OpenGroup {
  /** Offset of the '(' in the source. */
  readonly at: number;
  readonly kind: 'group' | 'capture' | 'look';
  /** A capture lies inside (V8 does not unroll such a group already). */
  hasCapture: boolean;
}

/**
 * The source of `pattern` with an empty capture closing every non-capturing group that repeats
 * at most three times and holds no capture yet. Sources with back references are returned
 * unchanged (their numbering would move).
 *
 * @example compactSource('\\bignore (?:all |the )?rules') // '\\bignore (?:(?:all |the )())?rules'
 */
export function compactSource(source: string): string {
  if (/\\[1-9]|\\k</.test(source)) return source;
  const n = source.length;
  const open: OpenGroup[] = [];
  // (offset, text) pairs to insert, in the order of their offsets within each group
  const inserts: Array<readonly [number, string]> = [];
  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 0x5c) {
      // an escape: the next character is literal ('\(' opens nothing)
      i += 2;
      continue;
    }
    if (c === 0x5b) {
      // a character class: parentheses inside are characters
      i++;
      while (i < n && source.charCodeAt(i) !== 0x5d) i += source.charCodeAt(i) === 0x5c ? 2 : 1;
      i++;
      continue;
    }
    if (c === 0x28) {
      const kind = groupKind(source, i);
      if (kind === 'capture') for (const o of open) o.hasCapture = true;
      open.push({ at: i, kind, hasCapture: false });
      i++;
      continue;
    }
    if (c === 0x29) {
      const group = open.pop();
      const max = maxRepeatAt(source, i + 1);
      if (group !== undefined && group.kind === 'group' && !group.hasCapture && max <= MAX_UNROLLED) {
        // (?:BODY)q -> (?:(?:BODY)())q: the body keeps its alternatives together
        inserts.push([group.at + 3, '(?:'], [i, ')()']);
        for (const o of open) o.hasCapture = true;
      }
      i++;
      continue;
    }
    i++;
  }
  if (inserts.length === 0) return source;
  inserts.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let last = 0;
  for (const [at, text] of inserts) {
    parts.push(source.slice(last, at), text);
    last = at;
  }
  parts.push(source.slice(last));
  return parts.join('');
}

const COMPACT = new WeakMap<RegExp, RegExp>();

/**
 * `pattern` compacted (see `compactSource`), with `flags` (default: its own), made once per
 * pattern and flags. Only for patterns whose matches are read as a whole (index and text).
 *
 * @example compactPattern(/\bignore (?:all )?rules/u, 'gu').exec(norm)?.[0]
 */
export function compactPattern(pattern: RegExp, flags: string = pattern.flags): RegExp {
  let re = COMPACT.get(pattern);
  if (re === undefined || re.flags !== flags) {
    const source = compactSource(pattern.source);
    re = source === pattern.source && flags === pattern.flags ? pattern : new RegExp(source, flags);
    COMPACT.set(pattern, re);
  }
  return re;
}

function groupKind(source: string, i: number): OpenGroup['kind'] {
  if (source.charCodeAt(i + 1) !== 0x3f) return 'capture';
  const next = source[i + 2];
  if (next === ':') return 'group';
  if (next === '=' || next === '!') return 'look';
  if (next === '<' && (source[i + 3] === '=' || source[i + 3] === '!')) return 'look';
  return 'capture'; // (?<name>...)
}

/** The largest count of the quantifier at `i` ('?' is 1), Infinity for '*', '+', '{n,}' or none at all. */
function maxRepeatAt(source: string, i: number): number {
  const c = source[i];
  if (c === '?') return 1;
  if (c !== '{') return Infinity;
  const m = /^\{(\d+)(?:,(\d*))?\}/.exec(source.slice(i, i + 24));
  if (m === null) return Infinity;
  if (m[2] === undefined) return Number(m[1]);
  return m[2] === '' ? Infinity : Number(m[2]);
}
