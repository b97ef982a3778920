// JSON of scan results: one package's ScanResult as is, several as an object keyed by folder.
import type { ScanResult } from '../scan/types.ts';
import type { ScannedPackage } from './types.ts';

/**
 * The JSON value printed for scan results: the ScanResult itself for one package, or
 * `{ "<folder>": ScanResult, ... }` for several (folders as given, in scan order).
 *
 * @example renderScanJson([{ path: 'souls/a/b', result }]) === result
 */
export function renderScanJson(packages: readonly ScannedPackage[], options: { forceMap?: boolean } = {}): ScanResult | Record<string, ScanResult> {
  const only = packages[0];
  if (packages.length === 1 && only && !options.forceMap) return only.result;
  const out: Record<string, ScanResult> = {};
  for (const p of packages) out[p.path === '' ? '.' : p.path] = p.result;
  return out;
}
