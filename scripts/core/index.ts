// The pure core's public surface: shared by the CLI, the build, the worker, the Action and the site.
export { scanPackage, createScanContext, readManifest, IMAGE_EXTENSIONS } from './scan/engine.ts';
export { computeScore, gradeFor, statusFor, ERROR_PENALTY, WARNING_PENALTY, MAX_BONUS } from './scan/score.ts';
export { FAMILIES, RULES, RULES_BY_ID } from './scan/rules/index.ts';
export { SCANNER_VERSION, RULESET_VERSION } from './version.ts';
export type { Finding, RuleInfo, ScanResult, ScanStatus, Grade, Severity, Stage, ScanOptions } from './scan/types.ts';
