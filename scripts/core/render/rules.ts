// The public rule table (`GET /scan-rules`, `soul rules`): one pure builder shared by both.
import type { RuleInfo, Severity, Stage } from '../scan/types.ts';
import { noPaint, type Paint, type PaintStyle } from './types.ts';

/** One row of the public rule table. */
export interface RuleTableEntry {
  id: string;
  stage: Stage;
  severity: Severity;
  category: string;
  description: string;
}

/** The body of `GET /scan-rules`. */
export interface RuleTable {
  version: string;
  scannerVersion: string;
  rules: RuleTableEntry[];
}

/**
 * Build the public rule table from the engine's rules, keeping only the public fields in a fixed order.
 *
 * @example
 * buildRuleTable({ rules: RULES, version: RULESET_VERSION, scannerVersion: SCANNER_VERSION })
 * // { version: '1.0.0', scannerVersion: '1.0.0', rules: [{ id: 'SCHEMA001', stage: 'schema', ... }] }
 */
export function buildRuleTable(input: { rules: readonly RuleInfo[]; version: string; scannerVersion: string }): RuleTable {
  return {
    version: input.version,
    scannerVersion: input.scannerVersion,
    rules: input.rules.map((r) => ({ id: r.id, stage: r.stage, severity: r.severity, category: r.category, description: r.description })),
  };
}

const SEVERITY_STYLE: Record<Severity, PaintStyle> = { error: 'red', warning: 'yellow', info: 'blue' };

/**
 * Render the rule table as aligned text columns (id, stage, severity, category, description).
 *
 * @example renderRuleTableText(table) // "SoulScan rules 1.0.0 (scanner 1.0.0), 64 rules\n\nID  STAGE ..."
 */
export function renderRuleTableText(table: RuleTable, paint: Paint = noPaint): string {
  const head = ['ID', 'STAGE', 'SEVERITY', 'CATEGORY', 'DESCRIPTION'] as const;
  const rows = table.rules.map((r) => [r.id, r.stage, r.severity, r.category, r.description] as const);
  const width = [0, 1, 2, 3].map((i) => Math.max(head[i]!.length, ...rows.map((row) => row[i]!.length)));
  const pad = (s: string, i: number): string => s + ' '.repeat(Math.max(0, width[i]! - s.length));
  const lines = [
    `${paint('bold', `SoulScan rules ${table.version}`)} (scanner ${table.scannerVersion}), ${table.rules.length} rule${table.rules.length === 1 ? '' : 's'}`,
    '',
    paint('dim', head.map((h, i) => (i < 4 ? pad(h, i) : h)).join('  ')),
  ];
  for (const r of table.rules) {
    lines.push([paint('bold', pad(r.id, 0)), pad(r.stage, 1), paint(SEVERITY_STYLE[r.severity], pad(r.severity, 2)), pad(r.category, 3), r.description].join('  '));
  }
  return `${lines.join('\n')}\n`;
}
