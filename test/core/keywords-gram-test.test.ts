// The keyword pass tests its gram bloom at the second, fourth ... and last letter of each word only,
// and takes each hit as a possible end of a letter sequence there and at the next letter. Every
// place where the first 8 letters of a sequence end, and every six-letter rot13 gate word, must
// still be found, once and in text order, as a test at every letter finds them: each test splits
// sequences at every offset, after words of odd and even length, and compares with a plain search
// of the letters-only stream.
import { describe, expect, it } from 'vitest';
import { GRAM, keywordsOf, letterEndsOf, registerWordGroups } from '../../scripts/core/scan/keywords.ts';
import { ROT13_GATE_WORDS } from '../../scripts/core/scan/segments.ts';
import { TextView } from '../../scripts/core/scan/text.ts';

const SEQUENCES = ['zqxjvwkpyqzx', 'qjzxvkwqzjxvkq'];
registerWordGroups([{ words: ['zqxjplain'], letters: SEQUENCES }], 1);

/** The letters-only stream of `norm`, with the offset in `norm` of each letter. */
function lettersOf(norm: string): { letters: string; at: number[] } {
  let letters = '';
  const at: number[] = [];
  for (let i = 0; i < norm.length; i++) {
    if (/[a-z]/.test(norm[i]!)) {
      letters += norm[i];
      at.push(i);
    }
  }
  return { letters, at };
}

/** Where the first GRAM letters of `sequence` end in the letters-only stream, the plain way. */
function plainEnds(norm: string, sequence: string): number[] {
  const { letters, at } = lettersOf(norm);
  const head = sequence.slice(0, GRAM);
  const out: number[] = [];
  for (let k = letters.indexOf(head); k !== -1; k = letters.indexOf(head, k + 1)) out.push(at[k + GRAM - 1]!);
  return out;
}

/** `word` cut into pieces at the offsets of `cuts` (ascending), joined by `sep`. */
const split = (word: string, cuts: number[], sep: string): string => [0, ...cuts].map((from, k) => word.slice(from, cuts[k] ?? word.length)).join(sep);

/** Texts that hold `word` split at every offset and at every pair of offsets, after words of lengths 1 to 4. */
function splits(word: string): string[] {
  const out: string[] = [];
  for (const before of ['', 'a ', 'ab ', 'abd ', 'abdd ', 'x-', 'xy. ', '1 ']) {
    out.push(`${before}${word} tail`);
    for (let a = 1; a < word.length; a++) {
      out.push(`${before}${split(word, [a], ' ')}`);
      for (let b = a + 1; b < word.length; b++) out.push(`${before}${split(word, [a, b], b % 2 === 0 ? ' ' : '.')} q`);
    }
  }
  return out;
}

describe('gram bloom at every second letter', () => {
  it('finds where the first 8 letters of each sequence end, split anywhere, as a plain search does', () => {
    for (const sequence of SEQUENCES) {
      for (const raw of [...splits(sequence), `${sequence}${sequence}`, `${sequence} q ${sequence.slice(0, GRAM)} ${sequence}`]) {
        const view = new TextView(raw);
        expect(letterEndsOf(view, sequence), raw).toEqual(plainEnds(view.norm, sequence));
      }
    }
  });

  it('sees the six-letter rot13 gate words split anywhere, and none where they are cut short', () => {
    for (const word of ROT13_GATE_WORDS.within) {
      for (const raw of splits(word)) expect(new TextView(raw), raw).toSatisfy((view: TextView) => (keywordsOf(view), view.mayHoldRot13));
      for (const raw of splits(word.slice(0, 5)).concat(splits(word.slice(1)))) {
        const view = new TextView(raw);
        keywordsOf(view);
        // no other gate word in these texts: the pass rules the rot13 search out
        expect(view.mayHoldRot13, raw).toBe(false);
      }
    }
  });
});
