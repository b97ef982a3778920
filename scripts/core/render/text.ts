// Terminal text of scan results, like a linter: a verdict line per package, then findings by severity.
// Colour is injected as a function so this module stays pure; user-derived text is stripped of
// control characters so a finding can never drive the terminal.
import type { Finding, Grade, ScanResult, Severity } from '../scan/types.ts';
import { noPaint, type Paint, type PaintStyle, type ScannedPackage } from './types.ts';

export interface TextRenderOptions {
  paint?: Paint;
  /** List info findings one by one (default: only count them). */
  showInfo?: boolean;
}

const GRADE_STYLE: Record<Grade, PaintStyle> = {
  Verified: 'green',
  'Low Risk': 'cyan',
  'Medium Risk': 'yellow',
  'High Risk': 'red',
  Blocked: 'red',
};

const SEVERITY_STYLE: Record<Severity, PaintStyle> = { error: 'red', warning: 'yellow', info: 'blue' };
const SEVERITY_HEAD: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

// C0/C1 controls (ESC starts terminal sequences), DEL, and bidi overrides / isolates.
const UNSAFE_TERMINAL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Make user-derived text safe to print: controls become visible `\u{..}` escapes, newlines spaces. */
export function sanitizeTerminal(text: string): string {
  return text
    .replace(/\r\n?|\n|\t/g, ' ')
    .replace(UNSAFE_TERMINAL, (c) => `\\u{${c.charCodeAt(0).toString(16)}}`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function location(f: Finding): string {
  if (f.file === undefined) return '-';
  return sanitizeTerminal(f.line !== undefined ? `${f.file}:${f.line}` : f.file);
}

function verdictSymbol(r: ScanResult): string {
  if (r.status === 'error') return '!';
  if (r.errors.length > 0) return '✖';
  if (r.warnings.length > 0) return '⚠';
  return '✔';
}

/**
 * Render one package's result: header, verdict line, findings grouped by severity.
 *
 * @example
 * renderResultText({ path: 'souls/acme/tutor', result })
 * // "souls/acme/tutor\n  ✔ Verified  score 100/100  pass  0 errors, 0 warnings, 1 info\n"
 */
export function renderResultText(pkg: ScannedPackage, options: TextRenderOptions = {}): string {
  const paint = options.paint ?? noPaint;
  const r = pkg.result;
  const style = GRADE_STYLE[r.grade] ?? 'bold';
  const counts = `${plural(r.errors.length, 'error')}, ${plural(r.warnings.length, 'warning')}, ${r.info.length} info`;
  const bonus = r.bonus ? paint('dim', ` (incl. +${r.bonus} embodied bonus)`) : '';
  const lines = [
    paint('bold', sanitizeTerminal(pkg.path === '' ? '.' : pkg.path)),
    `  ${paint(style, `${verdictSymbol(r)} ${r.grade}`)}  score ${paint('bold', `${r.score}/100`)}${bonus}  ${r.status}  ${paint('dim', counts)}`,
  ];
  if (r.status === 'error') lines.push(`  ${paint('red', 'The scanner could not finish every rule family; the result may be incomplete.')}`);

  const groups: Array<[Severity, readonly Finding[]]> = [
    ['error', r.errors],
    ['warning', r.warnings],
    ['info', options.showInfo ? r.info : []],
  ];
  const shown = groups.flatMap(([, fs]) => fs);
  const codeWidth = Math.max(0, ...shown.map((f) => f.code.length));
  const locWidth = Math.min(40, Math.max(0, ...shown.map((f) => location(f).length)));
  for (const [severity, findings] of groups) {
    if (findings.length === 0) continue;
    lines.push(`  ${paint(SEVERITY_STYLE[severity], SEVERITY_HEAD[severity])}`);
    for (const f of findings) {
      const loc = location(f);
      lines.push(
        `    ${paint(SEVERITY_STYLE[severity], f.code.padEnd(codeWidth))}  ${paint('dim', loc.padEnd(locWidth))}  ${sanitizeTerminal(f.message)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Render several results and, when there is more than one, a summary line.
 *
 * @example renderScanText([{ path: 'souls/a/b', result }], { paint: noPaint })
 */
export function renderScanText(packages: readonly ScannedPackage[], options: TextRenderOptions = {}): string {
  const paint = options.paint ?? noPaint;
  const blocks = packages.map((p) => renderResultText(p, options));
  const hidden = options.showInfo ? 0 : packages.reduce((n, p) => n + p.result.info.length, 0);
  const hint = hidden > 0 ? paint('dim', `${plural(hidden, 'info note')} not shown (--verbose lists them)\n`) : '';
  if (packages.length <= 1) return blocks.join('') + hint;
  return `${blocks.join('\n')}\n${renderSummaryText(packages, paint)}${hint}`;
}

/** One closing line: how many packages, grades, and error and warning totals. */
export function renderSummaryText(packages: readonly ScannedPackage[], paint: Paint = noPaint): string {
  const byGrade = new Map<Grade, number>();
  let errors = 0;
  let warnings = 0;
  for (const p of packages) {
    byGrade.set(p.result.grade, (byGrade.get(p.result.grade) ?? 0) + 1);
    errors += p.result.errors.length;
    warnings += p.result.warnings.length;
  }
  const grades = [...byGrade].map(([g, n]) => paint(GRADE_STYLE[g] ?? 'bold', `${n} ${g}`)).join(', ');
  const totals = `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
  const incomplete = packages.filter((p) => p.result.status === 'error').length;
  const note = incomplete > 0 ? `; ${paint('red', `${incomplete} incomplete (a rule family failed)`)}` : '';
  return `${paint('bold', `${plural(packages.length, 'package')} scanned`)}: ${grades}; ${errors > 0 ? paint('red', totals) : totals}${note}\n`;
}
