// Rule family: schema (stage 1). soul.json present, valid JSON, an object, valid against the
// JSON Schema of its specVersion; specVersion known; license allowed; name equal to the folder /
// URL name; files.soul present. parseManifest decides every issue; this family reports them.
import type { RuleFamily } from '../types.ts';
import { SCHEMA_RULES } from '../../manifest/issues.ts';
import { emitManifestIssues } from '../../manifest/context.ts';

const CODES: ReadonlySet<string> = new Set(SCHEMA_RULES.map((r) => r.id));

export const schema: RuleFamily = {
  name: 'schema',
  rules: SCHEMA_RULES,
  check(ctx, emit) {
    emitManifestIssues(ctx, emit, CODES);
  },
};
