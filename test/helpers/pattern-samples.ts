// Texts that a phrase pattern matches, for tests of the phrase gates: fast-check generates
// strings from a pattern's source without its assertions (`fc.stringMatching` rejects word
// boundaries and lookarounds), and the caller keeps those the real pattern matches.
import fc from 'fast-check';

/**
 * A pattern's source without its assertions: `\b`, `\B`, `^`, `$` and lookaround groups dropped,
 * everything else as written. It matches every match of the pattern (and more).
 *
 * @example withoutAssertions('\\bignore(?! me) (?:all )?rules\\b') // 'ignore (?:all )?rules'
 */
export function withoutAssertions(source: string): string {
  let out = '';
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i]!;
    if (c === '\\') {
      const next = source[i + 1];
      if (next !== 'b' && next !== 'B') out += source.slice(i, i + 2);
      i += 2;
    } else if (c === '[') {
      // a class: its characters are literal ('^', '(' and ']' after an escape)
      const start = i;
      i++;
      while (i < n && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
      i++;
      out += source.slice(start, i);
    } else if (c === '^' || c === '$') {
      i++;
    } else if (source.startsWith('(?=', i) || source.startsWith('(?!', i) || source.startsWith('(?<=', i) || source.startsWith('(?<!', i)) {
      i = groupEnd(source, i);
      // a quantifier on a lookaround quantifies nothing left
      if (source[i] === '?') i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The offset just past the group that opens at `open`. */
function groupEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === '[') {
      i++;
      while (i < source.length && source[i] !== ']') i += source[i] === '\\' ? 2 : 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return source.length;
}

/** Strings matching `pattern` with its assertions dropped (see `withoutAssertions`). */
export function loosely(pattern: RegExp): fc.Arbitrary<string> {
  return fc.stringMatching(new RegExp(`^(?:${withoutAssertions(pattern.source)})$`, pattern.flags.replace(/[gy]/g, '')));
}
