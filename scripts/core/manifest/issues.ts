// The codes a manifest issue can carry: one table, shared by parseManifest (which emits them), the
// schema rule family (SCHEMA001..017) and the embodied rule family (SCHEMA050..052).
import type { RuleInfo } from '../scan/types.ts';

/** Codes of manifest issues, by meaning. */
export const MANIFEST_CODES = {
  MISSING: 'SCHEMA001',
  NOT_JSON: 'SCHEMA002',
  NOT_OBJECT: 'SCHEMA003',
  REQUIRED: 'SCHEMA004',
  TYPE: 'SCHEMA005',
  FORMAT: 'SCHEMA006',
  SIZE: 'SCHEMA007',
  SPEC_MISSING: 'SCHEMA008',
  SPEC_UNKNOWN: 'SCHEMA009',
  LICENSE_DISALLOWED: 'SCHEMA010',
  LICENSE_UNKNOWN: 'SCHEMA011',
  NAME_MISMATCH: 'SCHEMA012',
  SOUL_FILE: 'SCHEMA013',
  FILES_MISSING: 'SCHEMA014',
  FILE_REFERENCE: 'SCHEMA015',
  SOFT_FORMAT: 'SCHEMA016',
  EMBODIED_OUTSIDE_05: 'SCHEMA017',
  EMBODIED_VALUE: 'SCHEMA050',
  EMBODIED_SHAPE: 'SCHEMA051',
  LAW_PRIORITY: 'SCHEMA052',
} as const;

export type ManifestCode = (typeof MANIFEST_CODES)[keyof typeof MANIFEST_CODES];

const rule = (id: ManifestCode, severity: RuleInfo['severity'], category: string, description: string): RuleInfo => ({
  id,
  stage: 'schema',
  severity,
  category,
  description,
});

/** Rules of the schema family. */
export const SCHEMA_RULES: readonly RuleInfo[] = [
  rule('SCHEMA001', 'error', 'manifest', 'soul.json is missing'),
  rule('SCHEMA002', 'error', 'manifest', 'soul.json is not valid JSON'),
  rule('SCHEMA003', 'error', 'manifest', 'soul.json is not a JSON object'),
  rule('SCHEMA004', 'error', 'manifest', 'A required manifest field is missing'),
  rule('SCHEMA005', 'error', 'manifest', 'A manifest field has the wrong type'),
  rule('SCHEMA006', 'error', 'manifest', 'A manifest field has an invalid format or value (name, version, category, author)'),
  rule('SCHEMA007', 'error', 'manifest', 'A manifest field is too long, too short, or has too many items'),
  rule('SCHEMA008', 'warning', 'manifest', 'specVersion is missing (0.3 is inferred)'),
  rule('SCHEMA009', 'warning', 'manifest', 'specVersion is unknown or not a string'),
  rule('SCHEMA010', 'error', 'license', 'License not allowed (GPL, AGPL, LGPL, CC-BY-NC, CC-BY-ND)'),
  rule('SCHEMA011', 'warning', 'license', 'License not on the allowed list'),
  rule('SCHEMA012', 'error', 'manifest', 'name does not match the folder / URL name'),
  rule('SCHEMA013', 'error', 'manifest', 'files.soul names a file that is not in the package, or a files entry is not a safe path'),
  rule('SCHEMA014', 'warning', 'manifest', 'No files.soul declared (older soul without specVersion)'),
  rule('SCHEMA015', 'warning', 'manifest', 'A files entry names a file that is not in the package'),
  rule('SCHEMA016', 'warning', 'manifest', 'An optional field or a tag does not follow the recommended format'),
  rule('SCHEMA017', 'info', 'embodied', 'Embodied fields are ignored unless specVersion is 0.5'),
];

/** Manifest rules of the embodied family (field validation of specVersion 0.5). */
export const EMBODIED_FIELD_RULES: readonly RuleInfo[] = [
  rule('SCHEMA050', 'error', 'embodied', 'An embodied field (environment, interactionMode, hardwareConstraints, safety) has an invalid value'),
  rule('SCHEMA051', 'warning', 'embodied', 'An embodied field uses an older or unexpected shape'),
  rule('SCHEMA052', 'warning', 'embodied', 'safety.laws are not clearly prioritised (missing, duplicate or unsorted priorities)'),
];

const SEVERITY_BY_CODE: ReadonlyMap<string, RuleInfo['severity']> = new Map([...SCHEMA_RULES, ...EMBODIED_FIELD_RULES].map((r) => [r.id, r.severity]));

/** Severity of a manifest issue code. */
export function severityOf(code: ManifestCode): RuleInfo['severity'] {
  return SEVERITY_BY_CODE.get(code) ?? 'error';
}
