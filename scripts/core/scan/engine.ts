// The SoulScan engine: files in, a scan result out. Pure; never throws on any input.
import { FAMILIES, RULES_BY_ID } from './rules/index.ts';
import { computeScore, gradeFor, statusFor } from './score.ts';
import { TextView } from './text.ts';
import { SCANNER_VERSION } from '../version.ts';
import { IMAGE_EXTENSIONS, extensionOf } from '../package.ts';
import type { Emission, Finding, ScanContext, ScanOptions, ScanResult, Severity, TextFile } from './types.ts';
import { STAGES } from './types.ts';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const SECURITY_RANK = STAGES.indexOf('security');

/** What the engine needs of a code, looked up once per emission: its default severity and its stage's rank. */
interface CodeInfo {
  readonly severity: Severity;
  readonly stage: number;
}
const CODE_INFO = new Map<string, CodeInfo>([...RULES_BY_ID].map(([code, rule]) => [code, { severity: rule.severity, stage: STAGES.indexOf(rule.stage) }]));
/** An unknown code is an error of the security stage. */
const UNKNOWN_CODE: CodeInfo = { severity: 'error', stage: SECURITY_RANK };

/** The finding kept for one key, and the stage it is listed under. */
interface Slot {
  finding: Finding;
}

const clock = (globalThis as { performance?: { now(): number } }).performance;

function defaultNow(): number {
  return clock ? clock.now() : Date.now();
}

/** Parse soul.json leniently: the object, or null when absent or not a JSON object. */
export function readManifest(files: Readonly<Record<string, string>>): Record<string, unknown> | null {
  const text = files['soul.json'];
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Build the context every rule family reads. */
export function createScanContext(files: Readonly<Record<string, string>>, options: ScanOptions = {}, invalidEntries: readonly string[] = []): ScanContext {
  const texts: TextFile[] = [];
  for (const name of Object.keys(files).sort()) {
    const raw = files[name];
    if (typeof raw !== 'string') continue;
    const ext = extensionOf(name);
    if (IMAGE_EXTENSIONS.has(ext)) continue;
    texts.push({ name, ext, raw, view: new TextView(raw) });
  }
  const manifest = readManifest(files);
  const declared = manifest?.['specVersion'];
  return {
    files,
    invalidEntries,
    texts,
    manifest,
    specVersion: typeof declared === 'string' ? declared : typeof declared === 'number' ? String(declared) : '0.3',
    ...(options.name !== undefined ? { expectedName: options.name } : {}),
    ...(options.owner !== undefined ? { expectedOwner: options.owner } : {}),
  };
}

/**
 * Scan a soul package: the four stages, findings deduplicated per rule and file, scored and graded.
 *
 * @example
 * const result = scanPackage({ 'soul.json': JSON.stringify(manifest), 'SOUL.md': '# Tutor\n...' });
 * result.grade // 'Verified'
 */
export function scanPackage(files: Readonly<Record<string, string>>, options: ScanOptions = {}): ScanResult {
  const now = options.now ?? defaultNow;
  const started = now();
  const { safe, invalid } = sanitizeFiles(files);
  const ctx = createScanContext(safe, options, invalid);
  // one finding per rule and file; for info findings (lengths, etc.) one per distinct message.
  // Keys by code, then file (then message): no key string is built, and an info key never meets
  // one of another severity.
  const byCode = new Map<string, Map<string, Slot>>();
  const infoByCode = new Map<string, Map<string, Map<string, Slot>>>();
  // Findings are listed by stage, stable within one (in the order their keys were first seen):
  // one list per stage, concatenated at the end, is that order without a sort.
  const byStage: Slot[][] = STAGES.map(() => []);
  let viewsByName: Map<string, TextFile> | undefined;
  let crashed = false;

  const emit = (e: Emission): void => {
    const info = CODE_INFO.get(e.code) ?? UNKNOWN_CODE;
    const ruleSeverity = info.severity;
    const severity = e.severity && SEVERITY_RANK[e.severity] > SEVERITY_RANK[ruleSeverity] ? e.severity : ruleSeverity;
    let line = e.line;
    if (line === undefined && e.file !== undefined && e.offset !== undefined) {
      // built at the first offset to turn into a line (many scans have none)
      viewsByName ??= new Map(ctx.texts.map((t) => [t.name, t]));
      line = viewsByName.get(e.file)?.view.lineAt(e.offset);
    }
    const finding: Finding = { code: e.code, message: e.message, severity };
    if (e.file !== undefined) finding.file = e.file;
    if (line !== undefined) finding.line = line;
    const file = e.file ?? '';
    let slots: Map<string, Slot>;
    let key: string;
    if (severity === 'info') {
      let byFile = infoByCode.get(e.code);
      if (byFile === undefined) infoByCode.set(e.code, (byFile = new Map()));
      let byMessage = byFile.get(file);
      if (byMessage === undefined) byFile.set(file, (byMessage = new Map()));
      slots = byMessage;
      key = e.message;
    } else {
      let byFile = byCode.get(e.code);
      if (byFile === undefined) byCode.set(e.code, (byFile = new Map()));
      slots = byFile;
      key = file;
    }
    const prev = slots.get(key);
    if (!prev) {
      const slot: Slot = { finding };
      slots.set(key, slot);
      byStage[info.stage]!.push(slot);
    } else if (SEVERITY_RANK[severity] < SEVERITY_RANK[prev.finding.severity]) {
      prev.finding = finding;
    }
  };

  let bonus = 0;
  for (const family of FAMILIES) {
    try {
      family.check(ctx, emit);
      if (family.bonus) bonus += family.bonus(ctx);
    } catch {
      crashed = true;
    }
  }

  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const infos: Finding[] = [];
  for (const slots of byStage) {
    for (const { finding } of slots) {
      if (finding.severity === 'error') errors.push(finding);
      else if (finding.severity === 'warning') warnings.push(finding);
      else infos.push(finding);
    }
  }
  bonus = Math.max(0, Math.min(10, bonus));
  const score = computeScore({ errors: errors.length, warnings: warnings.length, bonus });
  const elapsed = now() - started;
  return {
    ok: errors.length === 0,
    status: crashed ? 'error' : statusFor(errors, warnings),
    score,
    grade: gradeFor(score),
    scannerVersion: SCANNER_VERSION,
    scanDurationMs: Math.max(0, Math.round(elapsed * 100) / 100),
    errors,
    warnings,
    info: infos,
    ...(bonus > 0 ? { bonus } : {}),
  };
}

/** Keep only string entries with string keys; anything else is reported by the FILE family. */
function sanitizeFiles(files: unknown): { safe: Record<string, string>; invalid: string[] } {
  const safe: Record<string, string> = Object.create(null) as Record<string, string>;
  const invalid: string[] = [];
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return { safe, invalid };
  for (const [k, v] of Object.entries(files)) {
    if (typeof v === 'string') safe[k] = v;
    else invalid.push(k);
  }
  return { safe, invalid };
}
