// Versions: `GET /souls/{owner}/{name}/versions` and `/versions/{version}`.
import type { VersionList, VersionRecord } from '../../core/registry-shapes.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitVersionRecord(out: OutputWriter, owner: string, name: string, record: VersionRecord): void {
  out.write(apiFile({ kind: 'version', owner, name, version: record.version }), toJson(record));
}

export function emitVersionList(out: OutputWriter, list: VersionList): void {
  out.write(apiFile({ kind: 'versions', owner: list.owner, name: list.name }), toJson(list));
}
