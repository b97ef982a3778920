// Hashed features of the learned injection/jailbreak model: character 3- to 5-grams and word
// unigrams and bigrams of a normalised text (`TextView.norm`), hashed with FNV-1a into a fixed
// number of buckets. Training (scripts/train) and inference (./model.ts) share this one extractor,
// so the shipped weights always mean what the scanner computes.

/** Shortest and longest character n-gram. */
export const NGRAM_MIN = 3;
export const NGRAM_MAX = 5;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
// Salts keep the three feature kinds apart in the shared bucket space.
const SALT_UNIGRAM = 0x9e3779b1;
const SALT_BIGRAM = 0x85ebca77;

/** Called once per feature occurrence: the block of its start (`start / blockSize`) and its bucket. */
export type FeatureVisitor = (block: number, bucket: number) => void;

/** Final avalanche (murmur3 fmix32), so the low bits used as a bucket are well mixed. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Letters and digits of any script form words; ASCII punctuation and spaces split them. */
function isWordCode(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c >= 0xc0;
}

/**
 * Visit every feature of a normalised text. Character n-grams are hashed from their first code
 * unit; a word's unigram and the bigram it ends belong to the block where the word starts.
 *
 * @example
 * let n = 0;
 * visitFeatures('ignore all previous', 512, (1 << 18) - 1, () => n++);
 */
export function visitFeatures(norm: string, blockSize: number, mask: number, visit: FeatureVisitor): void {
  const n = norm.length;
  for (let i = 0; i < n; i++) {
    const block = (i / blockSize) | 0;
    let h = FNV_OFFSET;
    const top = Math.min(n, i + NGRAM_MAX);
    for (let k = i; k < top; k++) {
      h = Math.imul(h ^ norm.charCodeAt(k), FNV_PRIME);
      if (k - i + 1 >= NGRAM_MIN) visit(block, mix(h) & mask);
    }
  }
  // words
  let prev = 0;
  let hasPrev = false;
  let i = 0;
  while (i < n) {
    let c = norm.charCodeAt(i);
    if (!isWordCode(c)) {
      i++;
      continue;
    }
    const start = i;
    let h = FNV_OFFSET;
    while (i < n && isWordCode(c)) {
      h = Math.imul(h ^ c, FNV_PRIME);
      i++;
      c = i < n ? norm.charCodeAt(i) : 0;
    }
    const block = (start / blockSize) | 0;
    visit(block, mix(h ^ SALT_UNIGRAM) & mask);
    if (hasPrev) visit(block, mix(Math.imul(prev, 31) ^ h ^ SALT_BIGRAM) & mask);
    prev = h;
    hasPrev = true;
  }
}
