import { describe, expect, it } from 'vitest';
import { RULES, RULESET_VERSION, SCANNER_VERSION } from '../../../scripts/core/index.ts';
import { buildRuleTable, renderRuleTableText } from '../../../scripts/core/render/rules.ts';
import { TEST_RULES } from './results.ts';

describe('buildRuleTable', () => {
  it('has the shape of GET /scan-rules', () => {
    const table = buildRuleTable({ rules: TEST_RULES, version: '2.0.0', scannerVersion: '3.0.0' });
    expect(table.version).toBe('2.0.0');
    expect(table.scannerVersion).toBe('3.0.0');
    expect(table.rules[1]).toEqual({ id: 'SEC001', stage: 'security', severity: 'error', category: 'prompt-injection', description: 'Prompt injection' });
  });

  it('keeps only the public fields of each rule', () => {
    const extra = [{ ...TEST_RULES[0]!, pattern: 'secret', internal: true }];
    const table = buildRuleTable({ rules: extra, version: '1', scannerVersion: '1' });
    expect(Object.keys(table.rules[0]!)).toEqual(['id', 'stage', 'severity', 'category', 'description']);
  });

  it('lists every rule of the engine with unique ids', () => {
    const table = buildRuleTable({ rules: RULES, version: RULESET_VERSION, scannerVersion: SCANNER_VERSION });
    expect(table.rules).toHaveLength(RULES.length);
    expect(new Set(table.rules.map((r) => r.id)).size).toBe(RULES.length);
  });
});

describe('renderRuleTableText', () => {
  it('prints a header and one aligned row per rule', () => {
    const text = renderRuleTableText(buildRuleTable({ rules: TEST_RULES, version: '2.0.0', scannerVersion: '3.0.0' }));
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('SoulScan rules 2.0.0 (scanner 3.0.0), 4 rules');
    expect(lines[2]).toMatch(/^ID +STAGE +SEVERITY +CATEGORY +DESCRIPTION$/);
    expect(lines).toHaveLength(3 + TEST_RULES.length);
    const descAt = lines.slice(3).map((l) => l.search(/(Required|Prompt|Identity|File length)/));
    expect(new Set(descAt).size).toBe(1);
  });
});
