// The fast paths of building `norm` (the native fold, its pieces, the replay that maps an offset
// back, the decode of the finished text) must give exactly what the plain character-by-character
// semantics give. Each test compares with a plain reference on inputs built to hit the edges.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TextView } from '../../scripts/core/scan/text.ts';

/**
 * `norm` and its raw offsets for printable ASCII, the typographic symbols the fast path keeps
 * (look-alikes of ' and - as those), no-break spaces, zero-width spaces and 'é', the slow and obvious way.
 */
function reference(s: string): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  let lastSpace = true;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if ('*_~`\u200b'.includes(ch)) continue;
    if (/[ \t\n\r\f\v\u00a0]/.test(ch)) {
      if (!lastSpace) {
        text += ' ';
        offsets.push(i);
      }
      lastSpace = true;
    } else if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) {
      continue;
    } else {
      text += ch === 'é' ? 'e' : '‘’‛'.includes(ch) ? "'" : '‐–'.includes(ch) ? '-' : ch.toLowerCase();
      offsets.push(i);
      lastSpace = false;
    }
  }
  return { text, offsets };
}

describe('norm offsets', () => {
  // long enough to cross many native pieces, with words running out of a stretch into a
  // character that is not fast (some longer than a piece), white space and emphasis on either
  // side of every cut
  const word = fc.constantFrom('Ignore', 'all', 'previous', 'x', '3', 'rules.', '**bold**', '_it_', 'a~b', '`c`', '’', '‘q’', 'don’t', 'self‐harm', 'a–b', '—', '“q”', 'café', 'é', 'ab\u200bcd', `${'Long'.repeat(150)}é`, `${'ab*'.repeat(99)}\u200b`);
  const gap = fc.constantFrom(' ', '  ', '\n', '\n\n', '\t', ' \u00a0 ', '\r\n', '\u000b', ' * ', '');
  const text = fc.array(fc.tuple(word, gap), { minLength: 50, maxLength: 700 }).map((parts) => parts.map(([w, g]) => w + g).join(''));

  it('map every unit of a long text back to the raw character it came from, looked up in any order', () => {
    fc.assert(
      fc.property(text, fc.integer(), fc.nat(300), (s, seed, pad) => {
        const raw = ' '.repeat(pad % 3) + 'w'.repeat(pad) + s;
        const want = reference(raw);
        const view = new TextView(raw);
        expect(view.norm).toBe(want.text);
        // scattered look-ups, as the rule families make them: each from a fresh position
        const order = want.offsets.map((_, i) => i);
        let r = seed | 0;
        for (let i = order.length - 1; i > 0; i--) {
          r = (Math.imul(r, 1103515245) + 12345) | 0;
          const j = (r >>> 8) % (i + 1);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        for (const i of order) expect(view.normOffset(i)).toBe(want.offsets[i]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('norm of short stretches', () => {
  // stretches of every length around the bound under which a folded stretch is thrown away and
  // done character by character, between characters that are not fast, with a word running into
  // the next one or not, and white space or emphasis at either end
  const filler = 'Ab cD*e_f  gH\tiJ ';
  const stopper = fc.constantFrom('é', '\u200b', 'xé', 'Q\u200b', ' é', '*é');

  it('maps every unit of stretches of 1 to 64 characters back as the plain semantics do', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 64 }), fc.nat(filler.length - 1), stopper), { minLength: 1, maxLength: 40 }), (parts) => {
        const raw = parts.map(([len, at, stop]) => filler.repeat(5).slice(at, at + len) + stop).join('');
        const want = reference(raw);
        const view = new TextView(raw);
        expect(view.norm).toBe(want.text);
        for (let i = 0; i < want.offsets.length; i++) expect(view.normOffset(i)).toBe(want.offsets[i]);
      }),
      { numRuns: 300 },
    );
  });
});
