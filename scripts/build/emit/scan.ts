// Latest scan: `GET /souls/{owner}/{name}/scan`, the full scan result of the latest version.
import type { ScanResult } from '../../core/index.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitLatestScan(out: OutputWriter, owner: string, name: string, scan: ScanResult): void {
  out.write(apiFile({ kind: 'scan', owner, name }), toJson(scan));
}
