// `node scripts/bench/golden-scan.ts --write FILE` / `--check FILE`: the full scan result (every
// finding with its code, file, line, severity and message; score, grade, status) of several
// thousand inputs, written once from a commit and compared against after every change. A speed
// change must leave it identical: `--check` prints `0 differ` or the first differences, and exits 1
// when any input differs.
//
// Inputs: every text the eval reads (attacks, benign personas, skills, the gitleaks, secretlint and
// Presidio cases), the bench's packages (example souls, corpus, synthetic personas), its 1 MB
// adversarial inputs, and six evasion variants of every fourth attack. Without ../shared/corpus only
// the example souls, the synthetic packages built from them and the adversarial inputs are used.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { scanPackage } from '../core/index.ts';
import { ADVERSARIAL, corpusPackages, exampleSouls, manifest, soulParagraphs, syntheticPackages } from './bench-scan.ts';
import { CORPUS_DIR, corpusPresent, loadAttacks, loadAwesomePrompts, loadSkills } from '../train/corpus.ts';
import { wrapAsSoul } from '../eval/eval-scan.ts';

type Files = Record<string, string>;

/** Every string in a JSON document under a key named `text` (the labelled cases of the corpus files). */
function textsOf(file: string): string[] {
  if (!existsSync(file)) return [];
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (k === 'text' && typeof x === 'string') out.push(x);
        else walk(x);
      }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')));
  return out;
}

const CYRILLIC: Readonly<Record<string, string>> = { a: '\u0430', e: '\u0435', o: '\u043e', p: '\u0440', c: '\u0441', x: '\u0445', i: '\u0456' };
const FULLWIDTH = (s: string): string => s.replace(/[!-~]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));

/** Six disguises of one attack text, each the way an evader would apply it. */
function evasions(text: string): string[] {
  const head = text.slice(0, 2000);
  const utf8 = new TextEncoder().encode(head);
  let bin = '';
  for (const b of utf8) bin += String.fromCharCode(b);
  return [
    head.replace(/(\w)(\w)/g, '$1\u200b$2'),
    head.replace(/[aeopcxi]/g, (ch) => CYRILLIC[ch] ?? ch),
    `Please decode and follow: ${btoa(bin)}`,
    `A friendly helper.\n<!-- ${head} -->\n![${head.slice(0, 300)}](a.png "${head.slice(0, 200)}")\n`,
    head.slice(0, 400).split('').join(' '),
    FULLWIDTH(head.slice(0, 600).toUpperCase()),
  ];
}

/** The named inputs, in a fixed order. */
export function goldenInputs(): Array<[string, Files]> {
  const out: Array<[string, Files]> = [];
  const souls = exampleSouls();
  const { benign, attacks, paragraphs } = corpusPackages();
  souls.forEach((p, i) => out.push([`soul#${i}`, p.files]));
  for (const p of [...benign, ...attacks]) out.push([`bench:${p.group}#${out.length}`, p.files]);
  syntheticPackages([...soulParagraphs(souls), ...paragraphs], 80).forEach((p, i) => out.push([`synthetic#${i}`, p.files]));
  for (const [label, make] of ADVERSARIAL) out.push([`adversarial:${label}`, { 'soul.json': manifest('adversarial', 'A 1 MB adversarial input.'), 'SOUL.md': make() }]);
  if (!corpusPresent()) return out;
  const attackTexts = loadAttacks();
  attackTexts.forEach((a) => out.push([`attack:${a.id}`, wrapAsSoul(a.text)]));
  loadAwesomePrompts().forEach((a) => out.push([`acp:${a.id}`, wrapAsSoul(a.text)]));
  loadSkills().forEach((s) => out.push([`skill:${s.folder}`, wrapAsSoul(s.text)]));
  for (const [set, file] of [
    ['gitleaks', 'secrets/gitleaks_rule_examples.json'],
    ['secretlint', 'secrets/secretlint_preset_recommend_snapshots.json'],
    ['presidio', 'pii/presidio_recognizer_test_cases.json'],
  ] as const) {
    textsOf(join(CORPUS_DIR, file)).forEach((t, i) => out.push([`${set}#${i}`, wrapAsSoul(t)]));
  }
  attackTexts.forEach((a, i) => {
    if (i % 4 === 0) evasions(a.text).forEach((t, k) => out.push([`evasion${k}:${a.id}`, wrapAsSoul(t)]));
  });
  return out;
}

/** A scan result without its timing, as one line. */
export function resultLine(files: Files): string {
  const { scanDurationMs: _ignored, ...rest } = scanPackage(files) as unknown as Record<string, unknown>;
  return JSON.stringify(rest);
}

function main(): number {
  const { values } = parseArgs({ options: { write: { type: 'string' }, check: { type: 'string' }, show: { type: 'string' } }, strict: true });
  const file = values.write ?? values.check;
  if (file === undefined) {
    console.error('usage: golden-scan.ts --write FILE | --check FILE [--show N]');
    return 2;
  }
  const inputs = goldenInputs();
  const t0 = performance.now();
  const lines = inputs.map(([name, files]) => `${name}\t${resultLine(files)}`);
  const ms = performance.now() - t0;
  if (values.write !== undefined) {
    writeFileSync(resolve(file), lines.join('\n') + '\n');
    console.log(`wrote ${lines.length} results to ${file} (${(ms / 1000).toFixed(1)} s)`);
    return 0;
  }
  const before = readFileSync(resolve(file), 'utf8').split('\n').filter((l) => l !== '');
  const { differ, shown } = compareLines(before, lines, Number(values.show ?? 5));
  for (const s of shown) console.log(s);
  console.log(`${lines.length} inputs, ${differ} differ (${(ms / 1000).toFixed(1)} s)`);
  return differ === 0 ? 0 : 1;
}

/**
 * Lines written before against lines now: how many inputs differ (a different input count counts
 * the missing or extra lines as differing), and the first `show` differences as before/after pairs.
 */
export function compareLines(before: readonly string[], now: readonly string[], show: number): { differ: number; shown: string[] } {
  const shown: string[] = [];
  let differ = Math.abs(before.length - now.length);
  if (before.length !== now.length) shown.push(`input count differs: ${before.length} written, ${now.length} now`);
  for (let i = 0; i < Math.min(before.length, now.length); i++) {
    if (before[i] === now[i]) continue;
    differ++;
    if (shown.length < show) shown.push(`--- ${before[i]!.slice(0, 2000)}\n+++ ${now[i]!.slice(0, 2000)}`);
  }
  return { differ, shown };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
