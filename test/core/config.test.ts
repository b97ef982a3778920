import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGISTRY_CONFIG, RegistryConfigError, parseRegistryConfig, readRegistryConfig } from '../../scripts/core/config.ts';

describe('readRegistryConfig', () => {
  it('reads the repository registry.config.json', () => {
    const config = readRegistryConfig(JSON.parse(readFileSync(new URL('../../registry.config.json', import.meta.url), 'utf8')));
    expect(config.officialNamespace).toBe('official');
    expect(config.tokenPrefix).toBe('cs_');
    expect(config.limits.scanTotalBytes).toBe(1048576);
  });

  it('fills defaults for missing fields', () => {
    const config = readRegistryConfig({ name: 'Fork' });
    expect(config.name).toBe('Fork');
    expect(config.limits).toEqual(DEFAULT_REGISTRY_CONFIG.limits);
    expect(config.officialNamespace).toBe('official');
  });

  it('throws with every problem listed', () => {
    try {
      readRegistryConfig({ publicUrl: 'ftp://x', limits: { pageSizeMax: -1 }, superusers: 'alice' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RegistryConfigError);
      const problems = (e as RegistryConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.join('\n')).toMatch(/publicUrl.*http/);
      expect(problems.join('\n')).toMatch(/limits\.pageSizeMax.*positive integer/);
      expect(problems.join('\n')).toMatch(/superusers/);
    }
  });

  it('rejects a value that is not an object', () => {
    expect(parseRegistryConfig([1, 2]).ok).toBe(false);
  });

  it('rejects a scan key prefix equal to the token prefix', () => {
    const r = parseRegistryConfig({ tokenPrefix: 'xx_', scanKeyPrefix: 'xx_' });
    expect(r.ok).toBe(false);
  });

  it('warns about unknown keys without failing', () => {
    const r = parseRegistryConfig({ nmae: 'typo' });
    expect(r.ok && r.warnings).toEqual(['unknown key "nmae" is ignored']);
  });

  it('does not let a caller mutate the defaults through a parsed config', () => {
    const config = readRegistryConfig({});
    config.limits.pageSizeMax = 1;
    config.superusers.push('mallory');
    expect(DEFAULT_REGISTRY_CONFIG.limits.pageSizeMax).toBe(100);
    expect(DEFAULT_REGISTRY_CONFIG.superusers).toEqual([]);
  });
});
