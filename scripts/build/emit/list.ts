// The default soul list page: `GET /souls` without parameters (page 1, 20 per page, by name),
// JSON and Markdown.
import { buildSoulList } from '../../core/registry-shapes.ts';
import type { IndexEntry } from '../../core/registry-shapes.ts';
import { renderSoulListMarkdown } from '../../core/render/soul-markdown.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitSoulList(out: OutputWriter, entries: readonly IndexEntry[]): void {
  const list = buildSoulList(entries);
  out.write(apiFile({ kind: 'souls' }, 'json'), toJson(list));
  out.write(apiFile({ kind: 'souls' }, 'md'), renderSoulListMarkdown(list));
}
