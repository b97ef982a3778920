// Hand-built scan results for renderer tests: no scanner involved, so the renderers are tested alone.
import type { Finding, RuleInfo, ScanResult } from '../../../scripts/core/index.ts';
import { computeScore, gradeFor, statusFor } from '../../../scripts/core/index.ts';

export function result(findings: Finding[], extra: Partial<ScanResult> = {}): ScanResult {
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const info = findings.filter((f) => f.severity === 'info');
  const score = computeScore({ errors: errors.length, warnings: warnings.length, bonus: extra.bonus ?? 0 });
  return {
    ok: errors.length === 0,
    status: statusFor(errors, warnings),
    score,
    grade: gradeFor(score),
    scannerVersion: '9.9.9',
    scanDurationMs: 1.5,
    errors,
    warnings,
    info,
    ...extra,
  };
}

/** One finding of every severity, with and without file and line. */
export const MIXED: Finding[] = [
  { code: 'SEC001', severity: 'error', message: 'Prompt injection: "ignore the previous instructions" in SOUL.md; remove it', file: 'SOUL.md', line: 12 },
  { code: 'SCHEMA003', severity: 'error', message: 'soul.json is missing "license"; add one of the allowed licenses' },
  { code: 'QUALITY002', severity: 'warning', message: 'IDENTITY.md is very short; describe the persona', file: 'IDENTITY.md' },
  { code: 'QUALITY010', severity: 'info', message: 'SOUL.md has 812 characters', file: 'SOUL.md' },
];

export const TEST_RULES: RuleInfo[] = [
  { id: 'SCHEMA003', stage: 'schema', severity: 'error', category: 'schema', description: 'Required manifest field missing' },
  { id: 'SEC001', stage: 'security', severity: 'error', category: 'prompt-injection', description: 'Prompt injection' },
  { id: 'QUALITY002', stage: 'quality', severity: 'warning', category: 'quality', description: 'Identity file too short' },
  { id: 'QUALITY010', stage: 'quality', severity: 'info', category: 'quality', description: 'File length' },
];
