// The manifest module's public surface: schemas, parsing, license policy and types.
export {
  SCHEMA_BASE_URL,
  SPEC_VERSIONS,
  LATEST_SPEC_VERSION,
  INFERRED_SPEC_VERSION,
  ENVIRONMENTS,
  INTERACTION_MODES,
  LAW_ENFORCEMENTS,
  LAW_SCOPES,
  MANIFEST_SCHEMAS,
  buildManifestSchema,
  isSpecVersion,
  schemaFileName,
  schemaUrl,
} from './schemas.ts';
export type { SpecVersion } from './schemas.ts';
export { parseManifest, nearestSpecVersion } from './parse.ts';
export type { ParseOptions, ParseResult } from './parse.ts';
export { ALLOWED_LICENSES, checkLicense } from './licenses.ts';
export type { LicenseStatus, LicenseVerdict } from './licenses.ts';
export { MANIFEST_CODES, SCHEMA_RULES, EMBODIED_FIELD_RULES } from './issues.ts';
export type { ManifestCode } from './issues.ts';
export { readLaws } from './embodied.ts';
export { manifestOf } from './context.ts';
export type {
  Manifest,
  ManifestAuthor,
  ManifestFiles,
  ManifestIssue,
  HardwareConstraints,
  PhysicalSafety,
  Safety,
  SafetyLaw,
  Environment,
  InteractionMode,
  IssueSeverity,
} from './types.ts';
