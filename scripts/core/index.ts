// The pure core's public surface: shared by the CLI, the build, the worker, the Action and the site.
export { scanPackage, createScanContext, readManifest } from './scan/engine.ts';
export { computeScore, gradeFor, statusFor, ERROR_PENALTY, WARNING_PENALTY, MAX_BONUS } from './scan/score.ts';
export { FAMILIES, RULES, RULES_BY_ID } from './scan/rules/index.ts';
export { SCANNER_VERSION, RULESET_VERSION } from './version.ts';
export type { Finding, RuleInfo, ScanResult, ScanStatus, Grade, Severity, Stage, ScanOptions } from './scan/types.ts';
export { validatePackage } from './validate.ts';
export type { ValidateInput, ValidateResult, ValidationCheck, CheckType } from './validate.ts';
export { createTemplate, DEFAULT_TEMPLATE_SPEC } from './template.ts';
export type { TemplateOptions } from './template.ts';
export { parseManifest, checkLicense, ALLOWED_LICENSES } from './manifest/index.ts';
export type { SpecVersion } from './manifest/index.ts';
export { validateSoulId, checkOwner, checkSoulName, checkFileName, checkFileNames, normalizeOwner } from './paths.ts';
export { RegistryError, ERROR_CODES, isRegistryError, statusOf, toErrorBody } from './errors.ts';
export type { ErrorCode, ErrorBody } from './errors.ts';
export { ALLOWED_EXTENSIONS, IMAGE_EXTENSIONS, MAX_FILE_BYTES, MAX_TOTAL_BYTES } from './package.ts';
