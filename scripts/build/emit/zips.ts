// Per-version ZIPs, outside the public tree (downloads need authentication). The entries' time is
// the version's publication time: fixed for a version, so its archive never changes.
import { zipPathFor } from '../../core/static-paths.ts';
import { createZip } from '../zip.ts';
import type { OutputWriter } from './writer.ts';

export function emitZip(out: OutputWriter, input: { owner: string; name: string; version: string; publishedAt: string; files: ReadonlyMap<string, Uint8Array> }): void {
  const entries = [...input.files].map(([path, data]) => ({ path, data }));
  const date = new Date(input.publishedAt);
  out.write(zipPathFor(input.owner, input.name, input.version), createZip(entries, Number.isNaN(date.getTime()) ? {} : { date }));
}
