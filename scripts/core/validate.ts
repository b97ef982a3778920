// validatePackage: the checks of `POST /validate` (and `soul validate`): schema, license, files,
// and optionally the full SoulScan, as a list of pass / fail / warn / info lines.
import { parseManifest } from './manifest/parse.ts';
import { MANIFEST_CODES } from './manifest/issues.ts';
import { file as fileFamily } from './scan/rules/file.ts';
import { createScanContext, scanPackage } from './scan/engine.ts';
import type { Emission, Finding, ScanResult, Severity } from './scan/types.ts';
import { MANIFEST_FILE, MAX_TOTAL_BYTES, fileSize, formatBytes } from './package.ts';
import type { ManifestIssue } from './manifest/types.ts';

export type CheckType = 'pass' | 'fail' | 'warn' | 'info';

export interface ValidationCheck {
  type: CheckType;
  message: string;
  code?: string;
  details?: unknown;
}

export interface ValidateInput {
  /** The manifest object (soul.json); also accepted as JSON text. */
  manifest: unknown;
  /** File name → content; a soul.json here is replaced by `manifest`. */
  files: Record<string, string>;
  /** Run the full SoulScan too (default true). */
  soulscan?: boolean;
  /** The folder / URL name, for name matching. */
  name?: string;
}

export interface ValidateResult {
  /** False when any check failed. */
  valid: boolean;
  checks: ValidationCheck[];
  /** The scan result, when the scan ran. */
  scan?: ScanResult;
}

const TYPE_OF: Record<Severity, CheckType> = { error: 'fail', warning: 'warn', info: 'info' };
const LICENSE_CODES: ReadonlySet<string> = new Set([MANIFEST_CODES.LICENSE_DISALLOWED, MANIFEST_CODES.LICENSE_UNKNOWN]);
const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

function fromIssue(issue: ManifestIssue): ValidationCheck {
  return { type: TYPE_OF[issue.severity], message: issue.message, code: issue.code, details: { path: issue.path } };
}

function fromFinding(f: Finding): ValidationCheck {
  const check: ValidationCheck = { type: TYPE_OF[f.severity], message: f.file !== undefined && !f.message.includes(f.file) ? `${f.file}: ${f.message}` : f.message, code: f.code };
  if (f.file !== undefined) check.details = f.line !== undefined ? { file: f.file, line: f.line } : { file: f.file };
  return check;
}

/** The package's files with the manifest placed as soul.json (it wins over a soul.json among the files), and the names of non-string entries. */
function assemble(input: ValidateInput): { files: Record<string, string>; invalid: string[] } {
  const files: Record<string, string> = Object.create(null) as Record<string, string>;
  const invalid: string[] = [];
  const given: unknown = input.files;
  if (given !== null && typeof given === 'object' && !Array.isArray(given)) {
    for (const [name, content] of Object.entries(given as Record<string, unknown>)) {
      if (name === MANIFEST_FILE) continue;
      if (typeof content === 'string') files[name] = content;
      else invalid.push(name);
    }
  }
  if (typeof input.manifest === 'string') files[MANIFEST_FILE] = input.manifest;
  else if (input.manifest !== undefined) files[MANIFEST_FILE] = `${JSON.stringify(input.manifest, null, 2)}\n`;
  else if (typeof (given as Record<string, unknown> | null)?.[MANIFEST_FILE] === 'string') {
    // no manifest field: fall back to a soul.json sent among the files
    files[MANIFEST_FILE] = (given as Record<string, string>)[MANIFEST_FILE]!;
  }
  return { files, invalid };
}

/** Findings of the FILE family alone (when the scan does not run). */
function fileFindings(files: Record<string, string>, invalid: string[], name: string | undefined): Finding[] {
  const ctx = createScanContext(files, name !== undefined ? { name } : {}, invalid);
  const severities = new Map(fileFamily.rules.map((r) => [r.id, r.severity]));
  const byKey = new Map<string, Finding>();
  fileFamily.check(ctx, (e: Emission) => {
    const ruleSeverity = severities.get(e.code) ?? 'error';
    const severity = e.severity && SEVERITY_RANK[e.severity] > SEVERITY_RANK[ruleSeverity] ? e.severity : ruleSeverity;
    const key = `${e.code}\u0000${e.file ?? ''}\u0000${severity === 'info' ? e.message : ''}`;
    if (byKey.has(key)) return;
    const f: Finding = { code: e.code, message: e.message, severity };
    if (e.file !== undefined) f.file = e.file;
    byKey.set(key, f);
  });
  return [...byKey.values()];
}

/**
 * Validate a package without publishing it: the checks of `POST /validate`.
 *
 * Passing checks read "schema valid for specVersion 0.4", "license MIT allowed",
 * "files OK: 3 files, 4.1 KB of 1.00 MB" and "SoulScan score 100/100 (Verified)". Every problem
 * is its own check with its code; `valid` is false when any check fails.
 *
 * @example
 * const { valid, checks } = validatePackage({ manifest, files: { 'SOUL.md': '...' }, name: 'tutor' });
 */
export function validatePackage(input: ValidateInput): ValidateResult {
  const { files, invalid } = assemble(input);
  const soulscan = input.soulscan ?? true;
  const parsed = parseManifest(files[MANIFEST_FILE], {
    ...(input.name !== undefined ? { expectedName: input.name } : {}),
    fileNames: [...Object.keys(files), ...invalid],
  });
  const checks: ValidationCheck[] = [];

  // 1. schema (manifest issues other than the license)
  const schemaIssues = parsed.issues.filter((i) => !LICENSE_CODES.has(i.code));
  if (!schemaIssues.some((i) => i.severity === 'error')) {
    const how = parsed.inferred ? ' (inferred)' : parsed.schemaVersion !== parsed.specVersion ? ` (checked as ${parsed.schemaVersion})` : '';
    checks.push({ type: 'pass', message: `schema valid for specVersion ${parsed.specVersion}${how}` });
  }
  checks.push(...schemaIssues.map(fromIssue));

  // 2. license
  const licenseIssues = parsed.issues.filter((i) => LICENSE_CODES.has(i.code));
  const license = parsed.normalized?.['license'];
  if (licenseIssues.length === 0 && typeof license === 'string' && license.trim().length > 0) {
    checks.push({ type: 'pass', message: `license ${license} allowed` });
  }
  checks.push(...licenseIssues.map(fromIssue));

  // 3. files, and 4. the scan
  let scan: ScanResult | undefined;
  let findings: Finding[];
  if (soulscan) {
    const all: Record<string, unknown> = { ...files };
    for (const name of invalid) all[name] = (input.files as Record<string, unknown>)[name];
    scan = scanPackage(all as Record<string, string>, input.name !== undefined ? { name: input.name } : {});
    findings = [...scan.errors, ...scan.warnings, ...scan.info].filter((f) => !f.code.startsWith('SCHEMA'));
  } else {
    findings = fileFindings(files, invalid, input.name);
  }
  const fileChecks = findings.filter((f) => f.code.startsWith('FILE'));
  if (!fileChecks.some((f) => f.severity === 'error')) {
    const names = Object.keys(files);
    const total = names.reduce((sum, n) => sum + fileSize(n, files[n]!), 0);
    checks.push({ type: 'pass', message: `files OK: ${names.length} file${names.length === 1 ? '' : 's'}, ${formatBytes(total)} of ${formatBytes(MAX_TOTAL_BYTES)}` });
  }
  checks.push(...fileChecks.map(fromFinding));
  if (scan) {
    const s = scan;
    const summary = `SoulScan score ${s.score}/100 (${s.grade})`;
    checks.push(
      s.ok
        ? { type: 'pass', message: summary, details: { status: s.status, grade: s.grade, score: s.score } }
        : { type: 'fail', message: `${summary}: ${s.errors.length} error${s.errors.length === 1 ? '' : 's'} block publishing`, details: { status: s.status, grade: s.grade, score: s.score } },
    );
    checks.push(...findings.filter((f) => !f.code.startsWith('FILE')).map(fromFinding));
  }

  const result: ValidateResult = { valid: !checks.some((c) => c.type === 'fail'), checks };
  if (scan) result.scan = scan;
  return result;
}
