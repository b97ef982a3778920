// The compact query index (`index/registry.json`): every listed soul's list fields, creation
// time and search text, one array per soul. The worker answers list and search queries from it.
import { encodeIndex } from '../../core/registry-shapes.ts';
import type { IndexEntry } from '../../core/registry-shapes.ts';
import { INDEX_FILE } from '../../core/static-paths.ts';
import { toJson } from './json.ts';
import type { OutputWriter } from './writer.ts';

export function emitIndex(out: OutputWriter, head: string, entries: readonly IndexEntry[]): void {
  out.write(INDEX_FILE, toJson(encodeIndex(head, entries)));
}
