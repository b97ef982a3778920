// The OpenAPI 3.1 document of the whole interface, at `api/v1/openapi.json`.
import { buildOpenApiDocument } from '../openapi.ts';
import { toJson } from './json.ts';
import { apiFile } from './paths.ts';
import type { OutputWriter } from './writer.ts';

export function emitOpenApi(out: OutputWriter): void {
  out.write(apiFile({ kind: 'openapi' }), toJson(buildOpenApiDocument()));
}
