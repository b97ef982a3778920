// The classifier's scoring fast paths against the plain code they stand for, on seeded random
// inputs: `sumFeatures` (two characters a round, 16 bits of `high`) against `visitFeatures`.
import { describe, it, expect } from 'vitest';
import { sumFeatures, visitFeatures } from '../../scripts/core/scan/classifier/features.ts';
import { classifierModel } from '../../scripts/core/scan/rules/classifier.ts';
import { generator, randomText } from '../helpers/random.ts';

// ASCII, Latin-1, wide units whose high byte shifts into a gram's top bits (0x4e2d, 0xffff) and
// surrogate halves, so every bit of a 16-bit unit reaches the 6-gram's `high`
const UNITS = ['a', 'b', 'e', ' ', '.', '\n', 'é', 'ÿ', 'ж', '中', '\uffff', '🙂', '\ud800', 'ignore ', 'all rules '];

/** Per-block sums and counts of `visitFeatures`, accumulated as plainly as possible. */
function plainSums(text: string, blockSize: number, bits: number, weights: Int8Array): { sums: number[]; counts: number[] } {
  const blocks = Math.max(1, Math.ceil(text.length / blockSize));
  const sums = new Array<number>(blocks).fill(0);
  const counts = new Array<number>(blocks).fill(0);
  visitFeatures(text, blockSize, bits, (block, bucket) => {
    sums[block]! += weights[bucket]!;
    counts[block]!++;
  });
  return { sums, counts };
}

describe('fast path: sumFeatures against visitFeatures', () => {
  it('gives the same per-block sums and counts for every length and block size, odd and even', () => {
    const rand = generator(31);
    const m = classifierModel();
    for (const blockSize of [1, 2, 3, 4, 5, 6, 7, 8, 13, 128]) {
      for (let k = 0; k < 120; k++) {
        const text = randomText(rand, UNITS, 1 + (k % 60) * 4);
        const blocks = Math.max(1, Math.ceil(text.length / blockSize));
        const sums = new Int32Array(blocks);
        const counts = new Uint32Array(blocks);
        sumFeatures(text, blockSize, m.bits, m.weights, sums, counts);
        const plain = plainSums(text, blockSize, m.bits, m.weights);
        const label = `blockSize ${blockSize}: ${JSON.stringify(text)}`;
        expect([...sums], label).toEqual(plain.sums);
        expect([...counts], label).toEqual(plain.counts);
      }
    }
  });

  it('agrees on texts of each length from 0 to 300 and with other bucket counts', () => {
    const rand = generator(5);
    for (const bits of [8, 16, 20]) {
      const weights = new Int8Array(1 << bits);
      for (let i = 0; i < weights.length; i++) weights[i] = Math.floor(rand() * 256) - 128;
      let text = '';
      while (text.length <= 300) {
        const blocks = Math.max(1, Math.ceil(text.length / 128));
        const sums = new Int32Array(blocks);
        const counts = new Uint32Array(blocks);
        sumFeatures(text, 128, bits, weights, sums, counts);
        const plain = plainSums(text, 128, bits, weights);
        expect([...sums], `bits ${bits}, length ${text.length}`).toEqual(plain.sums);
        expect([...counts], `bits ${bits}, length ${text.length}`).toEqual(plain.counts);
        text += UNITS[Math.floor(rand() * 13)]!;
      }
    }
  });
});
