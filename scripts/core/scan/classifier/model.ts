// Inference of the learned injection/jailbreak model: a logistic regression over hashed features
// (./features.ts), scored on overlapping windows of a normalised text. Pure and deterministic.
//
// A text is cut into blocks of `blockSize` normalised characters; windows of a few spans (e.g. 2
// and 8 blocks) slide over them by half a span, and a text shorter than a span is one window. A
// window's score is `bias + Σ w[bucket] / √(feature count)`: its features, L2-normalised as if distinct,
// so a short hijack line and a long persona text are on the same scale. The text's score is its
// best window, so an attack pasted into the middle of a long, harmless persona still stands out.
import { sumFeatures } from './features.ts';

/** The serialised model, as written by `npm run train:scan` into model.generated.ts. */
export interface ModelData {
  readonly version: string;
  /** log2 of the number of hash buckets. */
  readonly bits: number;
  readonly blockSize: number;
  /** Window lengths in blocks; each slides by half its length. */
  readonly spans: readonly number[];
  readonly bias: number;
  /** Weight of bucket i = int8 value × scale. */
  readonly scale: number;
  /** Decision threshold on the probability, chosen on cross-validated benign scores. */
  readonly threshold: number;
  /** One signed byte per bucket, base64. */
  readonly weights: string;
}

/** A decoded model. */
export interface LinearModel {
  /** log2 of the number of buckets. */
  readonly bits: number;
  readonly blockSize: number;
  readonly spans: readonly number[];
  readonly bias: number;
  readonly scale: number;
  readonly threshold: number;
  readonly weights: Int8Array;
}

/** The best window of a text. Offsets index the normalised text. */
export interface WindowScore {
  readonly probability: number;
  readonly start: number;
  readonly end: number;
  /** Start of the window's block with the largest weight sum: where to point the reader. */
  readonly focus: number;
}

/** Decode the base64 weights of a serialised model (atob: no Node APIs). */
export function decodeModel(data: ModelData): LinearModel {
  const bin = atob(data.weights);
  const weights = new Int8Array(bin.length);
  for (let i = 0; i < bin.length; i++) weights[i] = (bin.charCodeAt(i) << 24) >> 24;
  if (weights.length !== 1 << data.bits) throw new Error(`model has ${weights.length} weights, expected ${1 << data.bits}`);
  return { bits: data.bits, blockSize: data.blockSize, spans: data.spans, bias: data.bias, scale: data.scale, threshold: data.threshold, weights };
}

/** Encode int8 weights as base64 (used by the training script). */
export function encodeWeights(weights: Int8Array): string {
  const parts: string[] = [];
  const CHUNK = 0x2000;
  for (let i = 0; i < weights.length; i += CHUNK) {
    const end = Math.min(weights.length, i + CHUNK);
    let s = '';
    for (let k = i; k < end; k++) s += String.fromCharCode(weights[k]! & 0xff);
    parts.push(s);
  }
  return btoa(parts.join(''));
}

function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/**
 * Per-block sums of weights and feature counts of a normalised text.
 * Exposed for the training script, which scores windows the same way.
 */
export function blockSums(norm: string, model: LinearModel): { sums: Int32Array; counts: Uint32Array } {
  const blocks = Math.max(1, Math.ceil(norm.length / model.blockSize));
  const sums = new Int32Array(blocks);
  const counts = new Uint32Array(blocks);
  sumFeatures(norm, model.blockSize, model.bits, model.weights, sums, counts);
  return { sums, counts };
}

/**
 * Every window of a text of `blocks` blocks: for each span, windows of `span` blocks sliding by
 * half a span, the last one flush with the end; a text no longer than a span is one window.
 */
export function forEachWindow(blocks: number, spans: readonly number[], visit: (from: number, to: number) => void): void {
  const out = new Int32Array(2 * windowBound(blocks, spans));
  const n = listWindows(blocks, spans, out);
  for (let k = 0; k < n; k++) visit(out[2 * k]!, out[2 * k + 1]!);
}

/** At most how many windows `listWindows` lists for a text of `blocks` blocks. */
function windowBound(blocks: number, spans: readonly number[]): number {
  return spans.length * (blocks + 2);
}

/** The windows of `forEachWindow`, in its order, as [from, to) pairs in `out`; returns how many. */
function listWindows(blocks: number, spans: readonly number[], out: Int32Array): number {
  let n = 0;
  let whole = false;
  for (const span of spans) {
    if (blocks <= span) {
      if (!whole) {
        out[n++] = 0;
        out[n++] = blocks;
      }
      whole = true;
      continue;
    }
    const stride = Math.max(1, span >> 1);
    let k = 0;
    for (; k + span <= blocks; k += stride) {
      out[n++] = k;
      out[n++] = k + span;
    }
    if (k - stride + span < blocks) {
      out[n++] = blocks - span;
      out[n++] = blocks;
    }
  }
  return n >> 1;
}

/**
 * Below this best z (probability 1 - 2e-9), a window whose z is Z_MARGIN or more under the best
 * has a probability lower by far more than `sigmoid` rounds (its slope is over 1e-9 there, the
 * rounding about 1e-16), so it cannot tie or win; above it many windows can round to the same
 * probability (all are 1 past z = 37), so every window's is computed.
 */
const Z_SURE = 20;
const Z_MARGIN = 0.5;

/**
 * Score a normalised text: the probability of its most suspicious window.
 *
 * @example
 * const m = decodeModel(MODEL);
 * scoreNorm(new TextView(text).norm, m).probability > m.threshold // flagged
 */
export function scoreNorm(norm: string, model: LinearModel): WindowScore {
  const blocks = Math.max(1, Math.ceil(norm.length / model.blockSize));
  // scratch arrays, reused: a scan scores many short texts, and fresh typed arrays per text
  // cost more than scoring a short one
  const bound = windowBound(blocks, model.spans);
  if (scratchSums.length < blocks) {
    const size = Math.max(blocks, scratchSums.length * 2);
    scratchSums = new Int32Array(size);
    scratchCounts = new Uint32Array(size);
    scratchSumAt = new Float64Array(size + 1);
    scratchCountAt = new Float64Array(size + 1);
  }
  if (scratchWindows.length < 2 * bound) scratchWindows = new Int32Array(Math.max(2 * bound, scratchWindows.length * 2));
  if (scratchZ.length < bound) scratchZ = new Float64Array(Math.max(bound, scratchZ.length * 2));
  const sums = scratchSums.fill(0, 0, blocks);
  const counts = scratchCounts.fill(0, 0, blocks);
  sumFeatures(norm, model.blockSize, model.bits, model.weights, sums, counts);
  // prefix sums, so any window is two subtractions
  const sumAt = scratchSumAt;
  const countAt = scratchCountAt;
  sumAt[0] = 0;
  countAt[0] = 0;
  for (let k = 0; k < blocks; k++) {
    sumAt[k + 1] = sumAt[k]! + sums[k]!;
    countAt[k + 1] = countAt[k]! + counts[k]!;
  }
  // The best window is the first with the highest probability, sigmoid(z). The sigmoid rises with
  // z, so one pass finds the highest z and the exp is taken only for the windows near it, in
  // window order: the others' probabilities are surely lower (see Z_SURE), so the same window wins.
  const windows = scratchWindows;
  const zs = scratchZ;
  const n = listWindows(blocks, model.spans, windows);
  let zBest = -Infinity;
  for (let w = 0; w < n; w++) {
    const from = windows[2 * w]!;
    const to = windows[2 * w + 1]!;
    const z = windowZ(model, sumAt[to]! - sumAt[from]!, countAt[to]! - countAt[from]!);
    zs[w] = z;
    if (z > zBest) zBest = z;
  }
  const floor = zBest > Z_SURE ? -Infinity : zBest - Z_MARGIN;
  let best = -1;
  let bestFrom = 0;
  let bestTo = blocks;
  for (let w = 0; w < n; w++) {
    const z = zs[w]!;
    if (z < floor) continue;
    const p = sigmoid(z);
    if (p > best) {
      best = p;
      bestFrom = windows[2 * w]!;
      bestTo = windows[2 * w + 1]!;
    }
  }
  let focus = bestFrom;
  for (let k = bestFrom + 1; k < bestTo; k++) if (sums[k]! > sums[focus]!) focus = k;
  const size = model.blockSize;
  return { probability: best, start: bestFrom * size, end: Math.min(norm.length, bestTo * size), focus: Math.min(focus * size, Math.max(0, norm.length - 1)) };
}

let scratchSums = new Int32Array(64);
let scratchCounts = new Uint32Array(64);
let scratchSumAt = new Float64Array(65);
let scratchCountAt = new Float64Array(65);
let scratchWindows = new Int32Array(256);
let scratchZ = new Float64Array(128);

/** A window's logit: its features L2-normalised as if distinct (see the header). */
function windowZ(model: LinearModel, sum: number, count: number): number {
  return model.bias + (count > 0 ? (sum * model.scale) / Math.sqrt(count) : 0);
}
