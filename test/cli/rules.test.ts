import { describe, expect, it } from 'vitest';
import { RULES, RULESET_VERSION, SCANNER_VERSION } from '../../scripts/core/index.ts';
import { soul } from './run.ts';

describe('soul rules', () => {
  it('prints { version, scannerVersion, rules } with --format json', () => {
    const r = soul(['rules', '--format', 'json']);
    expect(r.code).toBe(0);
    const table = JSON.parse(r.stdout) as { version: string; scannerVersion: string; rules: Array<Record<string, unknown>> };
    expect(table.version).toBe(RULESET_VERSION);
    expect(table.scannerVersion).toBe(SCANNER_VERSION);
    expect(table.rules.map((x) => x.id)).toEqual(RULES.map((x) => x.id));
    for (const rule of table.rules) expect(Object.keys(rule)).toEqual(['id', 'stage', 'severity', 'category', 'description']);
  });

  it('prints a text table with a header by default', () => {
    const r = soul(['rules']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^SoulScan rules \S+ \(scanner \S+\), \d+ rules?\n\nID +STAGE +SEVERITY +CATEGORY +DESCRIPTION\n/);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(3 + RULES.length);
  });

  it('exits 2 when given an argument', () => {
    const r = soul(['rules', 'SEC001']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('takes no arguments');
  });
});
