// The outputs of `soul check`, all from one CheckResult: Markdown (step summary and PR comment),
// GitHub workflow-command annotations, SARIF 2.1.0 (code scanning), JSON and plain text.
// Every value that came from the pull request is escaped for its output.
import type * as Sarif from 'sarif';
import { escapeMarkdownCell } from '../core/render/markdown.ts';
import { renderSarif } from '../core/render/sarif.ts';
import { sanitizeTerminal } from '../core/render/text.ts';
import type { Paint } from '../core/render/types.ts';
import { noPaint } from '../core/render/types.ts';
import { RULES } from '../core/scan/rules/index.ts';
import type { Finding, Grade } from '../core/scan/types.ts';
import type { GateCheck } from '../core/gate.ts';
import { MANIFEST_FILE } from '../core/package.ts';
import type { CheckResult, PrCheck, SoulCheck } from './check.ts';

/** Hidden marker that identifies the sticky PR comment (and the Markdown report it is made of). */
export const REPORT_MARKER = '<!-- soul-registry:soul-check -->';
/** Findings listed per soul in Markdown; the rest are counted. */
const MAX_FINDINGS_PER_SOUL = 50;
/** GitHub refuses comments over 65,536 characters; stay well below. */
export const MAX_MARKDOWN_CHARS = 60_000;

const GRADE_BADGE: Record<Grade, string> = { Verified: '🟢', 'Low Risk': '🔵', 'Medium Risk': '🟡', 'High Risk': '🟠', Blocked: '🔴' };
const TYPE_ICON: Record<GateCheck['type'], string> = { pass: '✅', fail: '❌', warn: '⚠️', info: 'ℹ️' };
const SEVERITY_ICON = { error: '❌ error', warning: '⚠️ warning', info: 'ℹ️ info' } as const;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function short(oid: string | null): string {
  return oid === null ? 'none' : oid.slice(0, 7);
}

function code(text: string): string {
  return `\`${text.replace(/[^A-Za-z0-9_./@-]/g, '')}\``;
}

/** Failing and warning checks of a soul that are not scan findings (those are listed with file and line). */
function gateProblems(soul: SoulCheck): GateCheck[] {
  const findingCodes = new Set([...(soul.scan?.errors ?? []), ...(soul.scan?.warnings ?? []), ...(soul.scan?.info ?? [])].map((f) => f.code));
  return soul.checks.filter((c) => (c.type === 'fail' || c.type === 'warn' || c.type === 'info') && !findingCodes.has(c.code) && c.code !== 'SCAN_BLOCKED' && c.code !== 'SCAN_SUMMARY');
}

function versionCell(s: SoulCheck): string {
  const v = s.version ?? '—';
  if (s.change === 'deleted') return 'deleted';
  return s.latestVersion !== null && s.latestVersion !== s.version ? `${escapeMarkdownCell(v)} (published ${escapeMarkdownCell(s.latestVersion)})` : escapeMarkdownCell(v);
}

function findingRow(soul: SoulCheck, f: Finding): string {
  const where = f.file !== undefined ? `${escapeMarkdownCell(`${soul.path}/${f.file}`)}${f.line !== undefined ? `:${f.line}` : ''}` : escapeMarkdownCell(`${soul.path}/${MANIFEST_FILE}`);
  return `| ${SEVERITY_ICON[f.severity]} | ${code(f.code)} | ${where} | ${escapeMarkdownCell(f.message)} |`;
}

/**
 * The Markdown report: verdict, one row per soul (grade, score, status, result), then per soul
 * the gate problems and the findings with file and line. Starts with REPORT_MARKER.
 *
 * @example renderCheckMarkdown(result) // "<!-- soul-registry:soul-check -->\n## ✅ soul check: ready to merge\n..."
 */
export function renderCheckMarkdown(result: CheckResult): string {
  const lines: string[] = [REPORT_MARKER];
  const verdict = result.ok ? '✅ soul check: ready to merge' : '❌ soul check: must not merge';
  lines.push(`## ${verdict}`, '');
  const pr = result.pullRequest ? `PR #${result.pullRequest.number} · ` : '';
  lines.push(`${pr}${plural(result.summary.souls, 'soul')} checked · ${plural(result.summary.errors, 'error')} · ${plural(result.summary.warnings, 'warning')} · author ${escapeMarkdownCell(result.author)} · base ${code(short(result.base))} → head ${code(short(result.head))} · SoulScan ${escapeMarkdownCell(result.tool.scannerVersion)}`, '');

  const prChecks = result.checks.filter((c) => c.type !== 'pass');
  if (prChecks.length > 0) {
    for (const c of prChecks) lines.push(`- ${TYPE_ICON[c.type]} ${code(c.code)}${c.status ? ` (${c.status})` : ''}: ${escapeMarkdownCell(c.message)}`);
    lines.push('');
  }

  if (result.souls.length > 0) {
    lines.push('| Soul | Version | Grade | Score | Status | Result |', '| --- | --- | --- | --- | --- | --- |');
    for (const s of result.souls) {
      const grade = s.scan ? `${GRADE_BADGE[s.scan.grade] ?? ''} ${s.scan.grade}` : '—';
      const score = s.scan ? `${s.scan.score}/100` : '—';
      const status = s.scan ? s.scan.status : '—';
      const outcome = s.ok ? '✅ may publish' : `❌ blocked${s.status ? ` (${s.status})` : ''}`;
      lines.push(`| ${escapeMarkdownCell(s.id)} | ${versionCell(s)} | ${grade} | ${score} | ${status} | ${outcome} |`);
    }
    lines.push('');
  }

  for (const s of result.souls) {
    const problems = gateProblems(s).filter((c) => c.type !== 'info' || c.code === 'VERSION_UNCHANGED');
    const findings = s.scan ? [...s.scan.errors, ...s.scan.warnings] : [];
    if (problems.length === 0 && findings.length === 0) continue;
    lines.push(`### ${s.ok ? '✅' : '❌'} ${escapeMarkdownCell(s.id)}`, '');
    for (const c of problems) lines.push(`- ${TYPE_ICON[c.type]} ${code(c.code)}${c.status ? ` (${c.status})` : ''}: ${escapeMarkdownCell(c.message)}`);
    if (problems.length > 0) lines.push('');
    if (findings.length > 0) {
      lines.push('| Severity | Rule | Where | Message |', '| --- | --- | --- | --- |');
      for (const f of findings.slice(0, MAX_FINDINGS_PER_SOUL)) lines.push(findingRow(s, f));
      if (findings.length > MAX_FINDINGS_PER_SOUL) lines.push(`| | | | … and ${findings.length - MAX_FINDINGS_PER_SOUL} more (see the SARIF or JSON report) |`);
      lines.push('');
    }
  }

  if (result.souls.length === 0 && prChecks.length === 0) lines.push('No changes to check.', '');
  if (!result.ok) lines.push('Fix the problems above and push again; the check runs on every push. See CONTRIBUTING.md for the publishing rules.', '');
  let text = `${lines.join('\n').replace(/\n+$/, '')}\n`;
  if (text.length > MAX_MARKDOWN_CHARS) {
    const cut = text.lastIndexOf('\n', MAX_MARKDOWN_CHARS - 200);
    text = `${text.slice(0, cut)}\n\n… report truncated; the full report is in the JSON artifact and code scanning.\n`;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// GitHub annotations

/** Escape the message part of a workflow command (`::error ...::<data>`). */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a property value of a workflow command (`file=`, `title=`). */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

interface Annotation {
  level: 'error' | 'warning' | 'notice';
  message: string;
  title: string;
  file?: string;
  line?: number;
}

function command(a: Annotation): string {
  const props: string[] = [];
  if (a.file !== undefined) props.push(`file=${escapeCommandProperty(a.file)}`);
  if (a.line !== undefined && Number.isInteger(a.line) && a.line > 0) props.push(`line=${a.line}`);
  props.push(`title=${escapeCommandProperty(a.title)}`);
  return `::${a.level} ${props.join(',')}::${escapeCommandData(a.message)}`;
}

function annotationsOf(result: CheckResult): Annotation[] {
  const out: Annotation[] = [];
  const level = (c: GateCheck): Annotation['level'] | null => (c.type === 'fail' ? 'error' : c.type === 'warn' ? 'warning' : null);
  for (const c of result.checks) {
    const l = level(c);
    if (l) out.push({ level: l, title: `soul check ${c.code}`, message: c.message, ...(c.path !== undefined ? { file: c.path } : {}) });
  }
  for (const s of result.souls) {
    for (const c of gateProblems(s)) {
      const l = level(c);
      if (l) out.push({ level: l, title: `${s.id}: ${c.code}`, message: c.message, file: s.change === 'deleted' ? s.path : `${s.path}/${MANIFEST_FILE}` });
    }
    for (const f of [...(s.scan?.errors ?? []), ...(s.scan?.warnings ?? [])]) {
      out.push({
        level: f.severity === 'error' ? 'error' : 'warning',
        title: `SoulScan ${f.code}`,
        message: f.message,
        file: `${s.path}/${f.file ?? MANIFEST_FILE}`,
        ...(f.line !== undefined ? { line: f.line } : {}),
      });
    }
  }
  return out;
}

/**
 * GitHub workflow commands, one line each: `::error file=...,line=...,title=...::message`, and a
 * closing `::notice` with the verdict. Values are escaped, so a message can never start a command.
 *
 * @example renderCheckAnnotations(result).split('\n')[0] // '::error file=souls/a/b/SOUL.md,line=3,title=SoulScan SEC001::Prompt injection ...'
 */
export function renderCheckAnnotations(result: CheckResult): string {
  const lines = annotationsOf(result).map(command);
  const verdict = result.ok ? 'ready to merge' : 'must not merge';
  lines.push(command({ level: 'notice', title: 'soul check', message: `${verdict}: ${plural(result.summary.souls, 'soul')}, ${plural(result.summary.errors, 'error')}, ${plural(result.summary.warnings, 'warning')}` }));
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// SARIF

const GATE_RULE_DESCRIPTIONS: Record<string, string> = {
  MIXED_CHANGE: 'A soul pull request also changes code',
  REVIEWS_READ_ONLY: 'A pull request changes a review file',
  SOUL_DELETED: 'A pull request deletes a soul',
  SOUL_PATH_INVALID: 'A file under souls/ is outside a soul folder',
  OWNERS_FILE_INVALID: 'An entry of the owners file is invalid',
  SOUL_ID_INVALID: 'The soul folder is not a valid owner/name',
  NAMESPACE_FORBIDDEN: 'The author may not publish in this namespace',
  OFFICIAL_NAMESPACE_RESERVED: 'Only superusers may publish in the official namespace',
  NAME_MISMATCH: 'soul.json "name" differs from the folder name',
  SOUL_FILES_INVALID: 'A symbolic link, submodule or nested folder in a soul',
  VERSION_EXISTS: 'The version is already published',
  VERSION_NOT_GREATER: 'The version is lower than the latest published',
  VERSION_NOT_BUMPED: 'Files changed without a version bump',
  PUBLISHED_VERSION_CHANGED: 'A published version would change',
};

function gateRule(id: string): Sarif.ReportingDescriptor {
  const text = GATE_RULE_DESCRIPTIONS[id] ?? id;
  return { id, name: id, shortDescription: { text }, defaultConfiguration: { level: 'error' }, properties: { category: 'publish-gate', tags: ['soul-check'] } };
}

/**
 * SARIF 2.1.0 for code scanning: the SoulScan findings of every checked soul (renderSarif), plus
 * one result per failing gate or PR-level check, located at the soul's soul.json or the path.
 *
 * @example JSON.stringify(renderCheckSarif(result))
 */
export function renderCheckSarif(result: CheckResult): Sarif.Log {
  const log = renderSarif(
    result.souls.filter((s) => s.scan !== null).map((s) => ({ path: s.path, result: s.scan! })),
    { rules: RULES, version: result.tool.scannerVersion },
  );
  const run = log.runs[0]!;
  const rules = run.tool.driver.rules ?? [];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const results = run.results ?? [];
  const add = (c: GateCheck, uri: string, pkg: string): void => {
    let ruleIndex = index.get(c.code);
    if (ruleIndex === undefined) {
      ruleIndex = rules.length;
      rules.push(gateRule(c.code));
      index.set(c.code, ruleIndex);
    }
    results.push({
      ruleId: c.code,
      ruleIndex,
      level: c.type === 'fail' ? 'error' : 'warning',
      message: { text: c.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: uri.split('/').map(encodeURIComponent).join('/') } } }],
      properties: { package: pkg, ...(c.status !== undefined ? { status: c.status } : {}) },
    });
  };
  // A PR-level check without a path (none today) is located at the repository's README.
  for (const c of result.checks) if (c.type === 'fail' || c.type === 'warn') add(c, c.path ?? 'README.md', '.');
  for (const s of result.souls) {
    for (const c of gateProblems(s)) if (c.type === 'fail' || c.type === 'warn') add(c, s.change === 'deleted' ? s.path : `${s.path}/${MANIFEST_FILE}`, s.path);
  }
  run.tool.driver.rules = rules;
  run.results = results;
  run.properties = { ...run.properties, verdict: result.ok ? 'pass' : 'fail', base: result.base, head: result.head };
  return log;
}

// ---------------------------------------------------------------------------------------------
// Text and JSON

/** The JSON report: the CheckResult itself, pretty-printed. */
export function renderCheckJson(result: CheckResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

function textLine(c: PrCheck | GateCheck, paint: Paint): string {
  const mark = c.type === 'fail' ? paint('red', '✖') : c.type === 'warn' ? paint('yellow', '⚠') : c.type === 'pass' ? paint('green', '✔') : paint('blue', 'i');
  return `  ${mark} ${c.code}${c.status ? ` (${c.status})` : ''}: ${sanitizeTerminal(c.message)}`;
}

/**
 * Plain text for a terminal: the verdict, PR-level problems, then each soul with its problems and
 * findings (file:line).
 */
export function renderCheckText(result: CheckResult, options: { paint?: Paint; verbose?: boolean } = {}): string {
  const paint = options.paint ?? noPaint;
  const out: string[] = [];
  out.push(paint('bold', `soul check ${short(result.mergeBase)}..${short(result.head)} by ${sanitizeTerminal(result.author)}`));
  for (const c of result.checks) if (c.type !== 'pass' && (c.type !== 'info' || options.verbose || c.code === 'NO_SOULS_CHANGED')) out.push(textLine(c, paint));
  for (const s of result.souls) {
    const scan = s.scan ? ` ${s.scan.grade} ${s.scan.score}/100 ${s.scan.status}` : '';
    const head = `${s.ok ? paint('green', '✔') : paint('red', '✖')} ${paint('bold', s.id)} ${s.change}${s.version ? ` ${s.version}` : ''}${s.latestVersion ? ` (published ${s.latestVersion})` : ''}${scan}`;
    out.push(head);
    for (const c of gateProblems(s)) if (c.type !== 'info' || options.verbose) out.push(textLine(c, paint));
    for (const f of [...(s.scan?.errors ?? []), ...(s.scan?.warnings ?? []), ...(options.verbose ? (s.scan?.info ?? []) : [])]) {
      const where = `${s.path}/${f.file ?? MANIFEST_FILE}${f.line !== undefined ? `:${f.line}` : ''}`;
      const sev = f.severity === 'error' ? paint('red', 'error') : f.severity === 'warning' ? paint('yellow', 'warning') : paint('blue', 'info');
      out.push(`    ${sev} ${f.code} ${sanitizeTerminal(where)}: ${sanitizeTerminal(f.message)}`);
    }
  }
  out.push(result.ok ? paint('green', `✔ may merge (${plural(result.summary.souls, 'soul')})`) : paint('red', `✖ must not merge: ${plural(result.summary.errors, 'error')}`));
  return `${out.join('\n')}\n`;
}
