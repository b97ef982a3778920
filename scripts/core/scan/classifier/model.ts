// Inference of the learned injection/jailbreak model: a logistic regression over hashed features
// (./features.ts), scored on overlapping windows of a normalised text. Pure and deterministic.
//
// A text is cut into blocks of `blockSize` normalised characters; a window is two adjacent blocks
// (so windows overlap by half), and a text of one block is one window. A window's score is
// `bias + Σ w[bucket] / √(feature count)`: the features of a window, L2-normalised as if distinct,
// so a short hijack line and a long persona text are on the same scale. The text's score is its
// best window, so an attack pasted into the middle of a long, harmless persona still stands out.
import { visitFeatures } from './features.ts';

/** The serialised model, as written by `npm run train:scan` into model.generated.ts. */
export interface ModelData {
  readonly version: string;
  /** log2 of the number of hash buckets. */
  readonly bits: number;
  readonly blockSize: number;
  readonly bias: number;
  /** Weight of bucket i = int8 value × scale. */
  readonly scale: number;
  /** Decision threshold on the probability, chosen on cross-validated benign scores. */
  readonly threshold: number;
  /** One signed byte per bucket, base64. */
  readonly weights: string;
}

/** A decoded model; training passes float weights with scale 1. */
export interface LinearModel {
  readonly mask: number;
  readonly blockSize: number;
  readonly bias: number;
  readonly scale: number;
  readonly threshold: number;
  readonly weights: Int8Array | Float32Array;
}

/** The best window of a text. Offsets index the normalised text. */
export interface WindowScore {
  readonly probability: number;
  readonly start: number;
  readonly end: number;
}

/** Decode the base64 weights of a serialised model (atob: no Node APIs). */
export function decodeModel(data: ModelData): LinearModel {
  const bin = atob(data.weights);
  const weights = new Int8Array(bin.length);
  for (let i = 0; i < bin.length; i++) weights[i] = (bin.charCodeAt(i) << 24) >> 24;
  if (weights.length !== 1 << data.bits) throw new Error(`model has ${weights.length} weights, expected ${1 << data.bits}`);
  return { mask: (1 << data.bits) - 1, blockSize: data.blockSize, bias: data.bias, scale: data.scale, threshold: data.threshold, weights };
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
export function blockSums(norm: string, model: LinearModel): { sums: Float64Array; counts: Uint32Array } {
  const blocks = Math.max(1, Math.ceil(norm.length / model.blockSize));
  const sums = new Float64Array(blocks);
  const counts = new Uint32Array(blocks);
  const w = model.weights;
  visitFeatures(norm, model.blockSize, model.mask, (block, bucket) => {
    sums[block]! += w[bucket]!;
    counts[block]!++;
  });
  return { sums, counts };
}

/**
 * Score a normalised text: the probability of its most suspicious window.
 *
 * @example
 * const m = decodeModel(MODEL);
 * scoreNorm(new TextView(text).norm, m).probability > m.threshold // flagged
 */
export function scoreNorm(norm: string, model: LinearModel): WindowScore {
  const { sums, counts } = blockSums(norm, model);
  const size = model.blockSize;
  if (sums.length === 1) return { probability: windowProbability(model, sums[0]!, counts[0]!), start: 0, end: norm.length };
  let best = -1;
  let bestStart = 0;
  for (let k = 0; k + 1 < sums.length; k++) {
    const p = windowProbability(model, sums[k]! + sums[k + 1]!, counts[k]! + counts[k + 1]!);
    if (p > best) {
      best = p;
      bestStart = k;
    }
  }
  return { probability: best, start: bestStart * size, end: Math.min(norm.length, (bestStart + 2) * size) };
}

function windowProbability(model: LinearModel, sum: number, count: number): number {
  return sigmoid(model.bias + (count > 0 ? (sum * model.scale) / Math.sqrt(count) : 0));
}
