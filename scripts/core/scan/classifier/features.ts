// Hashed features of the learned injection/jailbreak model: the character 4-grams and 6-grams of
// a normalised text (`TextView.norm`), hashed into 2^bits buckets. A 4-gram is its code units
// packed 8 bits apart into 32 bits (exact for Latin-1 text); a 6-gram adds the two code units
// before it. Both are spread over the buckets by Fibonacci hashing (the top bits of × 2^32/φ).
// Branch-free and allocation-free: a few multiplications and two table reads per character.
// (Word unigrams/bigrams and 3–5-grams scored the same in cross-validation but cost 2–4× more.)
//
// Training (scripts/train) and inference (./model.ts) share these definitions: `sumFeatures` is
// the fast path of `visitFeatures`, and a test holds the two to the same numbers.

/** Length of the short and the long character n-grams. */
export const NGRAM_SHORT = 4;
export const NGRAM_LONG = 6;

const GOLDEN = 0x9e3779b1 | 0;
const LONG_SALT = 0x85ebca6b | 0;

/** Called once per feature occurrence with the block it belongs to and its bucket. */
export type FeatureVisitor = (block: number, bucket: number) => void;

/**
 * Visit every feature of a normalised text. A feature belongs to the block of its last character
 * (`index / blockSize`).
 *
 * @example
 * let n = 0;
 * visitFeatures('ignore all', 512, 18, () => n++); // 7 four-grams + 5 six-grams
 */
export function visitFeatures(norm: string, blockSize: number, bits: number, visit: FeatureVisitor): void {
  const shift = 32 - bits;
  const n = norm.length;
  let gram = 0;
  let high = 0;
  for (let i = 0; i < n; i++) {
    high = (high << 8) | (gram >>> 24);
    gram = (gram << 8) ^ norm.charCodeAt(i);
    const block = (i / blockSize) | 0;
    if (i >= NGRAM_SHORT - 1) visit(block, Math.imul(gram, GOLDEN) >>> shift);
    if (i >= NGRAM_LONG - 1) visit(block, Math.imul(gram ^ Math.imul(high & 0xffff, LONG_SALT), GOLDEN) >>> shift);
  }
}

/**
 * Per-block sums of `weights[bucket]` and feature counts: `visitFeatures` without a callback,
 * in integer arithmetic, for the scanner's hot path. `sums` and `counts` need one slot per block.
 */
export function sumFeatures(norm: string, blockSize: number, bits: number, weights: Int8Array, sums: Int32Array, counts: Uint32Array): void {
  const shift = 32 - bits;
  const n = norm.length;
  let gram = 0;
  // only the low 16 bits of `visitFeatures`' `high`: all a 6-gram reads of it
  let high = 0;
  for (let start = 0, block = 0; start < n; start += blockSize, block++) {
    const end = Math.min(n, start + blockSize);
    let sum = 0;
    let count = 0;
    let i = start;
    // the first characters of the text complete no 6-gram (or no n-gram) yet
    for (; i < end && i < NGRAM_LONG - 1; i++) {
      high = ((high << 8) & 0xff00) | (gram >>> 24);
      gram = (gram << 8) ^ norm.charCodeAt(i);
      if (i >= NGRAM_SHORT - 1) {
        sum += weights[Math.imul(gram, GOLDEN) >>> shift]!;
        count++;
      }
    }
    // Two characters a round, which pays the loop's own checks once per two and saves work on
    // `high`: after the first character it is the gram before it shifted right by 16 (that gram's
    // top byte, then the top byte the first character's shift pushes out, its bits 16-23; a code
    // unit is 16 bits, so it reaches no higher than bit 23 of the new gram). The four weights are
    // summed apart from `sum`: int8 values, so V8 adds them unchecked; a block's sum is at most
    // 2 × 128 × blockSize in size, far inside int32, so the `| 0` only tells V8 as much.
    for (; i + 1 < end; i += 2) {
      const high1 = ((high << 8) & 0xff00) | (gram >>> 24);
      const gram1 = (gram << 8) ^ norm.charCodeAt(i);
      high = gram >>> 16;
      gram = (gram1 << 8) ^ norm.charCodeAt(i + 1);
      const pair1 = weights[Math.imul(gram1, GOLDEN) >>> shift]! + weights[Math.imul(gram1 ^ Math.imul(high1, LONG_SALT), GOLDEN) >>> shift]!;
      const pair2 = weights[Math.imul(gram, GOLDEN) >>> shift]! + weights[Math.imul(gram ^ Math.imul(high, LONG_SALT), GOLDEN) >>> shift]!;
      sum = (sum + (pair1 + pair2)) | 0;
    }
    if (i < end) {
      high = ((high << 8) & 0xff00) | (gram >>> 24);
      gram = (gram << 8) ^ norm.charCodeAt(i);
      sum = (sum + (weights[Math.imul(gram, GOLDEN) >>> shift]! + weights[Math.imul(gram ^ Math.imul(high, LONG_SALT), GOLDEN) >>> shift]!)) | 0;
      i++;
    }
    if (i > NGRAM_LONG - 1) count += 2 * (end - Math.max(start, NGRAM_LONG - 1));
    sums[block] = sum;
    counts[block] = count;
  }
}
