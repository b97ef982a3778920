// Scoring: 100, minus 25 per error and 5 per warning, plus the embodied bonus, clamped to 0..100.
import type { Finding, Grade, ScanStatus } from './types.ts';

export const ERROR_PENALTY = 25;
export const WARNING_PENALTY = 5;
export const MAX_BONUS = 10;

/**
 * The score of a set of findings.
 *
 * @example computeScore({ errors: 1, warnings: 2, bonus: 0 }) // 65
 */
export function computeScore({ errors, warnings, bonus }: { errors: number; warnings: number; bonus: number }): number {
  const raw = 100 - ERROR_PENALTY * errors - WARNING_PENALTY * warnings + Math.min(Math.max(bonus, 0), MAX_BONUS);
  return Math.min(100, Math.max(0, raw));
}

/** Grade for a score: Verified ≥ 90, Low Risk ≥ 70, Medium Risk ≥ 40, High Risk ≥ 1, Blocked 0. */
export function gradeFor(score: number): Grade {
  if (score >= 90) return 'Verified';
  if (score >= 70) return 'Low Risk';
  if (score >= 40) return 'Medium Risk';
  if (score >= 1) return 'High Risk';
  return 'Blocked';
}

/** Status for findings: fail on any error, warn on any warning, else pass. */
export function statusFor(errors: readonly Finding[], warnings: readonly Finding[]): ScanStatus {
  if (errors.length > 0) return 'fail';
  if (warnings.length > 0) return 'warn';
  return 'pass';
}
