// The SoulScan engine: files in, a scan result out. Pure; never throws on any input.
import { FAMILIES, RULES_BY_ID } from './rules/index.ts';
import { computeScore, gradeFor, statusFor } from './score.ts';
import { TextView } from './text.ts';
import { SCANNER_VERSION } from '../version.ts';
import { IMAGE_EXTENSIONS, extensionOf } from '../package.ts';
import type { Emission, Finding, ScanContext, ScanOptions, ScanResult, Severity, TextFile } from './types.ts';
import { STAGES } from './types.ts';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const STAGE_RANK = new Map<string, number>([...RULES_BY_ID].map(([code, rule]) => [code, STAGES.indexOf(rule.stage)]));
const SECURITY_RANK = STAGES.indexOf('security');

/** Findings are ordered by stage (stable within one); an unknown code counts as security. */
function stageOf(code: string): number {
  return STAGE_RANK.get(code) ?? SECURITY_RANK;
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
  const viewsByName = new Map(ctx.texts.map((t) => [t.name, t]));
  const byKey = new Map<string, Finding>();
  const order: string[] = [];
  let crashed = false;

  const emit = (e: Emission): void => {
    const rule = RULES_BY_ID.get(e.code);
    const ruleSeverity: Severity = rule?.severity ?? 'error';
    const severity = e.severity && SEVERITY_RANK[e.severity] > SEVERITY_RANK[ruleSeverity] ? e.severity : ruleSeverity;
    let line = e.line;
    if (line === undefined && e.file !== undefined && e.offset !== undefined) line = viewsByName.get(e.file)?.view.lineAt(e.offset);
    const finding: Finding = { code: e.code, message: e.message, severity };
    if (e.file !== undefined) finding.file = e.file;
    if (line !== undefined) finding.line = line;
    // one finding per rule and file; for info findings (lengths, etc.) one per distinct message
    const key = `${e.code}\u0000${e.file ?? ''}${severity === 'info' ? `\u0000${e.message}` : ''}`;
    const prev = byKey.get(key);
    if (!prev) {
      byKey.set(key, finding);
      order.push(key);
    } else if (SEVERITY_RANK[severity] < SEVERITY_RANK[prev.severity]) {
      byKey.set(key, finding);
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

  const findings = order.map((k) => byKey.get(k)!);
  if (findings.length > 1) findings.sort((a, b) => stageOf(a.code) - stageOf(b.code));
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const info = findings.filter((f) => f.severity === 'info');
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
    info,
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
