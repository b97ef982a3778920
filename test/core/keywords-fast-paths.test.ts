// Shortcuts of the keyword pass's word table must find exactly what a plain search finds: each
// test registers keys built to hit the edge a shortcut skips over, and compares with the plain
// meaning of the keys.
import { describe, expect, it } from 'vitest';
import '../../scripts/core/scan/rules/index.ts';
import { hashWord, registerTriggers, triggersOf } from '../../scripts/core/scan/keywords.ts';
import { TextView } from '../../scripts/core/scan/text.ts';

// Two words of one hash (found by a birthday search over random letters): the word table holds
// them as two entries of one key, the second further along the probe sequence than the first.
const FIRST = 'zqniwzukk';
const SECOND = 'zqsdxotdo';
const KEYS = [FIRST, `${SECOND} zqa`, `${SECOND}*`, `${FIRST} zqb`];
registerTriggers(KEYS);

/** The registered keys above in `norm`, the plain way: each occurrence at a word start, whole words unless a stem. */
function plainTriggers(norm: string): Array<[string, number[]]> {
  const out: Array<[string, number[]]> = [];
  for (const key of KEYS) {
    const stem = key.endsWith('*');
    const text = stem ? key.slice(0, -1) : key;
    const at: number[] = [];
    for (let i = norm.indexOf(text); i !== -1; i = norm.indexOf(text, i + 1)) {
      if (i > 0 && /[a-z0-9]/.test(norm[i - 1]!)) continue;
      if (!stem && /[a-z0-9]/.test(norm[i + text.length] ?? '')) continue;
      at.push(i);
    }
    if (at.length > 0) out.push([key, at]);
  }
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const found = (raw: string): Array<[string, readonly number[]]> => [...triggersOf(new TextView(raw))].filter(([key]) => KEYS.includes(key)).sort((a, b) => (a[0] < b[0] ? -1 : 1));

describe('word table', () => {
  it('finds both trigger words of one hash, the second entry of the key as well as the first', () => {
    expect(hashWord(FIRST)).toBe(hashWord(SECOND));
    const texts = [FIRST, SECOND, `${SECOND} zqa`, `${FIRST} zqb ${SECOND} zqa`, `${SECOND} zqa ${FIRST}`, `x ${SECOND}s ${FIRST} zqa ${SECOND} zqb`, `${FIRST}${SECOND} ${SECOND}-${FIRST}`];
    for (const raw of texts) expect(found(raw), raw).toEqual(plainTriggers(new TextView(raw).norm));
    expect(found(`${SECOND} zqa`).map(([key]) => key)).toEqual([`${SECOND} zqa`, `${SECOND}*`]);
  });
});
