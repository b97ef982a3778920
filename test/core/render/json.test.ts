import { describe, expect, it } from 'vitest';
import { renderScanJson } from '../../../scripts/core/render/json.ts';
import { MIXED, result } from './results.ts';

describe('renderScanJson', () => {
  it('returns the scan result as is for one package', () => {
    const r = result(MIXED);
    expect(renderScanJson([{ path: 'souls/a/b', result: r }])).toBe(r);
  });

  it('keys several results by their folder', () => {
    const a = result([]);
    const b = result(MIXED);
    expect(renderScanJson([{ path: 'souls/a/one', result: a }, { path: '', result: b }])).toEqual({ 'souls/a/one': a, '.': b });
  });
});
