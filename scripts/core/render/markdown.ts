// Markdown report of scan results (PR comments, step summaries, `soul scan --format markdown`).
// Everything that came from a package (messages, file names) is escaped so it can neither break
// the table nor inject markup, links, HTML or @-mentions.
import { trimTrailing } from '../strings.ts';
import type { Finding, Grade, ScanResult } from '../scan/types.ts';
import type { ScannedPackage } from './types.ts';

export interface MarkdownOptions {
  /** Heading of the report (default "SoulScan report"). */
  title?: string;
  /** List info findings in the tables (default true). */
  includeInfo?: boolean;
}

const GRADE_BADGE: Record<Grade, string> = {
  Verified: '🟢',
  'Low Risk': '🔵',
  'Medium Risk': '🟡',
  'High Risk': '🟠',
  Blocked: '🔴',
};

const SEVERITY_LABEL = { error: '❌ error', warning: '⚠️ warning', info: 'ℹ️ info' } as const;

// Markdown punctuation that can start emphasis, code, links or strikethrough, or end a table cell.
const MD_SPECIAL = /[\\`*_[\]|~]/g;

/**
 * Escape text for one Markdown table cell: HTML entities for `& < >`, a backslash before
 * Markdown punctuation (pipes included), `@` made inert, line breaks and controls turned to spaces,
 * text-direction controls shown as `U+202E`.
 *
 * @example escapeMarkdownCell('a | <b> `c`') // 'a \\| &lt;b&gt; \\`c\\`'
 */
export function escapeMarkdownCell(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, (c) => `U+${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(MD_SPECIAL, (c) => `\\${c}`)
    .replace(/@/g, '&#64;')
    .replace(/:\/\//g, '&#58;//')
    .trim();
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function location(f: Finding): string {
  if (f.file === undefined) return '—';
  const file = escapeMarkdownCell(f.file);
  return f.line !== undefined ? `${file}:${f.line}` : file;
}

function summaryLine(r: ScanResult): string {
  const bonus = r.bonus ? ` (incl. +${r.bonus} embodied bonus)` : '';
  return `${GRADE_BADGE[r.grade] ?? ''} **${r.grade}** · score **${r.score}/100**${bonus} · status \`${r.status}\` · ${count(r.errors.length, 'error')}, ${count(r.warnings.length, 'warning')}, ${r.info.length} info`;
}

/**
 * Render one package's section: heading, verdict line and a findings table.
 *
 * @example renderResultMarkdown({ path: 'souls/acme/tutor', result })
 */
export function renderResultMarkdown(pkg: ScannedPackage, options: MarkdownOptions = {}, level = 2): string {
  const r = pkg.result;
  const findings = [...r.errors, ...r.warnings, ...(options.includeInfo === false ? [] : r.info)];
  const lines = [`${'#'.repeat(level)} ${escapeMarkdownCell(pkg.path === '' ? '.' : pkg.path)}`, '', summaryLine(r), ''];
  if (findings.length === 0) {
    lines.push('No findings.', '');
  } else {
    lines.push('| Severity | Code | File | Message |', '| --- | --- | --- | --- |');
    for (const f of findings) {
      lines.push(`| ${SEVERITY_LABEL[f.severity]} | \`${escapeCode(f.code)}\` | ${location(f)} | ${escapeMarkdownCell(f.message)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * Render a full report for one or more packages; several get an overview table first.
 *
 * @example renderScanMarkdown([{ path: 'souls/a/b', result }]) // "# SoulScan report\n\n## souls/a/b\n..."
 */
export function renderScanMarkdown(packages: readonly ScannedPackage[], options: MarkdownOptions = {}): string {
  const title = options.title ?? 'SoulScan report';
  const parts = [`# ${escapeMarkdownCell(title)}`, ''];
  const scanner = packages[0]?.result.scannerVersion;
  if (scanner !== undefined) parts.push(`Scanner ${escapeMarkdownCell(scanner)} · ${packages.length} package${packages.length === 1 ? '' : 's'}`, '');
  if (packages.length > 1) {
    parts.push('| Package | Grade | Score | Status | Errors | Warnings |', '| --- | --- | --- | --- | --- | --- |');
    for (const p of packages) {
      const r = p.result;
      parts.push(`| ${escapeMarkdownCell(p.path === '' ? '.' : p.path)} | ${GRADE_BADGE[r.grade] ?? ''} ${r.grade} | ${r.score} | ${r.status} | ${r.errors.length} | ${r.warnings.length} |`);
    }
    parts.push('');
  }
  for (const p of packages) parts.push(renderResultMarkdown(p, options));
  return `${trimTrailing(parts.join('\n'), '\n')}\n`;
}

/** A rule code inside backticks: keep only the characters codes are made of. */
function escapeCode(code: string): string {
  return code.replace(/[^A-Za-z0-9_.-]/g, '');
}
