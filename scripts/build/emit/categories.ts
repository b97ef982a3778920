// `GET /categories`: each group and each full path of the listed souls, with counts.
import { buildCategories } from '../../core/registry-shapes.ts';
import type { IndexEntry } from '../../core/registry-shapes.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitCategories(out: OutputWriter, entries: readonly IndexEntry[]): void {
  out.write(apiFile({ kind: 'categories' }), toJson(buildCategories(entries)));
}
