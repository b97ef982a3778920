// Soul details: `GET /souls/{owner}/{name}` as JSON and Markdown, and each version's details
// (`?version=`) as JSON (the worker renders their Markdown from it).
import type { SoulDetails } from '../../core/registry-shapes.ts';
import { renderSoulMarkdown } from '../../core/render/soul-markdown.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

/** The latest details, JSON and Markdown. */
export function emitLatestDetails(out: OutputWriter, details: SoulDetails): void {
  const route = { kind: 'soul', owner: details.owner, name: details.name } as const;
  out.write(apiFile(route, 'json'), toJson(details));
  out.write(apiFile(route, 'md'), renderSoulMarkdown(details));
}

/** The details of one version (`?version=`), JSON only. */
export function emitVersionDetails(out: OutputWriter, details: SoulDetails): void {
  out.write(apiFile({ kind: 'soul', owner: details.owner, name: details.name, version: details.version }, 'json'), toJson(details));
}
