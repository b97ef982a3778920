import { describe, expect, it } from 'vitest';
import { renderSarif } from '../../../scripts/core/render/sarif.ts';
import { MIXED, TEST_RULES, result } from './results.ts';
import { sarifSchemaErrors } from './sarif-schema.ts';

function expectValid(log: unknown): void {
  expect(sarifSchemaErrors(log)).toEqual([]);
}

describe('renderSarif', () => {
  it('produces a log that validates against the SARIF 2.1.0 schema for findings of every severity', () => {
    expectValid(renderSarif([{ path: 'souls/acme/tutor', result: result(MIXED) }], { rules: TEST_RULES, version: '1.2.3' }));
  });

  it('produces a schema-valid log for several packages in one run', () => {
    const log = renderSarif(
      [
        { path: 'souls/acme/tutor', result: result(MIXED) },
        { path: 'souls/beta/clean', result: result([]) },
        { path: 'souls/gamma/warned', result: result([{ code: 'QUALITY002', severity: 'warning', message: 'short', file: 'IDENTITY.md' }]) },
      ],
      { rules: TEST_RULES, version: '1.2.3' },
    );
    expectValid(log);
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]!.results).toHaveLength(MIXED.length + 1);
  });

  it('describes the tool as SoulScan with its version, information URI and every rule', () => {
    const driver = renderSarif([], { rules: TEST_RULES, version: '1.2.3' }).runs[0]!.tool.driver;
    expect(driver.name).toBe('SoulScan');
    expect(driver.version).toBe('1.2.3');
    expect(driver.informationUri).toMatch(/^https:\/\//);
    expect(driver.rules?.map((r) => r.id)).toEqual(['SCHEMA003', 'SEC001', 'QUALITY002', 'QUALITY010']);
    const sec = driver.rules?.find((r) => r.id === 'SEC001');
    expect(sec?.shortDescription?.text).toBe('Prompt injection');
    expect(sec?.fullDescription?.text).toContain('prompt-injection');
    expect(sec?.defaultConfiguration?.level).toBe('error');
    expect(sec?.properties?.['category']).toBe('prompt-injection');
  });

  it('maps error, warning and info to the levels error, warning and note', () => {
    const results = renderSarif([{ path: 'p', result: result(MIXED) }], { rules: TEST_RULES, version: '1' }).runs[0]!.results!;
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['SEC001', 'error'],
      ['SCHEMA003', 'error'],
      ['QUALITY002', 'warning'],
      ['QUALITY010', 'note'],
    ]);
  });

  it('locates findings relative to the repository with a start line when the finding has one', () => {
    const results = renderSarif([{ path: 'souls/acme/tutor', result: result(MIXED) }], { rules: TEST_RULES, version: '1' }).runs[0]!.results!;
    expect(results[0]!.locations![0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'souls/acme/tutor/SOUL.md' }, region: { startLine: 12 } });
    expect(results[2]!.locations![0]!.physicalLocation).toEqual({ artifactLocation: { uri: 'souls/acme/tutor/IDENTITY.md' } });
  });

  it('points a finding without a file at the package manifest', () => {
    const results = renderSarif([{ path: 'souls/acme/tutor/', result: result(MIXED) }], { rules: TEST_RULES, version: '1' }).runs[0]!.results!;
    expect(results[1]!.locations![0]!.physicalLocation?.artifactLocation?.uri).toBe('souls/acme/tutor/soul.json');
  });

  it('uses bare file names for a package at the repository root', () => {
    const results = renderSarif([{ path: '', result: result(MIXED) }], { rules: TEST_RULES, version: '1' }).runs[0]!.results!;
    expect(results[0]!.locations![0]!.physicalLocation?.artifactLocation?.uri).toBe('SOUL.md');
  });

  it('percent-encodes file names that are not valid in a URI', () => {
    const r = result([{ code: 'SEC001', severity: 'error', message: 'x', file: 'notes/my file#1.md' }]);
    const log = renderSarif([{ path: 'souls/a/b', result: r }], { rules: TEST_RULES, version: '1' });
    expect(log.runs[0]!.results![0]!.locations![0]!.physicalLocation?.artifactLocation?.uri).toBe('souls/a/b/notes/my%20file%231.md');
    expectValid(log);
  });

  it('adds a descriptor for a code missing from the rule table and points ruleIndex at it', () => {
    const r = result([{ code: 'FILE999', severity: 'warning', message: 'odd', file: 'x.bin' }]);
    const run = renderSarif([{ path: 'p', result: r }], { rules: TEST_RULES, version: '1' }).runs[0]!;
    const res = run.results![0]!;
    expect(run.tool.driver.rules![res.ruleIndex!]!.id).toBe('FILE999');
  });

  it('marks the run unsuccessful when a scan could not finish', () => {
    const ok = renderSarif([{ path: 'p', result: result([]) }], { rules: TEST_RULES, version: '1' });
    const crashed = renderSarif([{ path: 'p', result: result([], { status: 'error' }) }], { rules: TEST_RULES, version: '1' });
    expect(ok.runs[0]!.invocations).toEqual([{ executionSuccessful: true }]);
    expect(crashed.runs[0]!.invocations).toEqual([{ executionSuccessful: false }]);
    expectValid(crashed);
  });

  it('leaves info findings out when includeInfo is false', () => {
    const results = renderSarif([{ path: 'p', result: result(MIXED) }], { rules: TEST_RULES, version: '1', includeInfo: false }).runs[0]!.results!;
    expect(results.map((r) => r.level)).not.toContain('note');
  });
});
