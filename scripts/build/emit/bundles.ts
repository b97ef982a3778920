// Bundles: `GET /bundle/{owner}/{name}` (latest) and `?version=` (each version).
import type { SoulBundle } from '../../core/registry-shapes.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

/** Write a bundle at its `?version=` path, or (latest) at the plain path. */
export function emitBundle(out: OutputWriter, bundle: SoulBundle, options: { latest: boolean }): void {
  const base = { kind: 'bundle', owner: bundle.owner, name: bundle.name } as const;
  out.write(apiFile(options.latest ? base : { ...base, version: bundle.version }), toJson(bundle));
}
