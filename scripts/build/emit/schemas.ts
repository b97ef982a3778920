// The manifest JSON Schemas, at the paths their `$id` names (`schemas/soul-<v>.schema.json`),
// formatted like the copies `npm run gen:schemas` writes into the repository.
import { MANIFEST_SCHEMAS, SPEC_VERSIONS, schemaFileName } from '../../core/manifest/schemas.ts';
import { SCHEMAS_DIR } from '../../core/static-paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitSchemas(out: OutputWriter): void {
  for (const version of SPEC_VERSIONS) {
    out.write(`${SCHEMAS_DIR}/${schemaFileName(version)}`, `${JSON.stringify(MANIFEST_SCHEMAS[version], null, 2)}\n`);
  }
}
