// quality's content count without a branch per character kind must count what the loop over runs
// of printable ASCII counted (kept here as the reference), on every kind of white space and content.
import { describe, expect, it } from 'vitest';
import { contentLengthUpTo } from '../../../scripts/core/scan/rules/quality.ts';
import { generator, randomText } from '../../helpers/random.ts';

/** contentLengthUpTo as it was. */
function referenceContentLengthUpTo(s: string, limit: number): number {
  const n = s.length;
  let count = 0;
  let pendingSpace = false;
  let i = 0;
  while (i < n && count < limit) {
    let c = s.charCodeAt(i);
    // printable ASCII (the usual character) is neither space nor surrogate: a run of it counts
    // one per character, read in a tight loop that stops where `limit` would be reached
    if (c > 32 && c < 0x7f) {
      if (pendingSpace) {
        count++;
        pendingSpace = false;
        if (count >= limit) break;
      }
      const from = i++;
      const stop = Math.min(n, from + (limit - count));
      while (i < stop && (c = s.charCodeAt(i)) > 32 && c < 0x7f) i++;
      count += i - from;
      continue;
    }
    i++;
    if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a) || c === 0xfeff) {
      pendingSpace = count > 0;
      continue;
    }
    if (c >= 0xdc00 && c <= 0xdfff && i > 1) {
      const p = s.charCodeAt(i - 2);
      if (p >= 0xd800 && p <= 0xdbff) continue;
    }
    if (pendingSpace) {
      count++;
      pendingSpace = false;
      if (count >= limit) break;
    }
    count++;
  }
  return count;
}

describe('contentLengthUpTo', () => {
  it('counts as the run-by-run loop did, for every white space and control character kind', () => {
    const alphabet = ['a', 'word', ' ', '  ', '\n', '\t', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u0001', '\u001f', '\u007f', '\u0080', '🙂', '\ud83d', '\ude42', 'é', '中', '.'];
    const rand = generator(41);
    for (let i = 0; i < 5000; i++) {
      const s = randomText(rand, alphabet, 60);
      for (const limit of [1, 2, 3, 7, 1 + Math.floor(rand() * 120), 500]) expect(contentLengthUpTo(s, limit), `${JSON.stringify(s)} ${limit}`).toBe(referenceContentLengthUpTo(s, limit));
    }
  });

  it('counts nothing under a limit that is not positive, as before', () => {
    for (const limit of [0, -1, Number.NaN]) for (const s of ['', 'abc', ' a b ']) expect(contentLengthUpTo(s, limit)).toBe(referenceContentLengthUpTo(s, limit));
  });
});
