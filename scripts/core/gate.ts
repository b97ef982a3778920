// The publish gate: the one decision every entry point (PR check, PUT .../publish, the CLI) runs
// before a soul version may enter the registry: namespace, name, schema, license, scan, version.
//
// Check codes (GateCheck.code), in the order the checks run:
//   SOUL_ID_INVALID (400)             owner or name of the folder / URL is not a valid soul id
//   NAMESPACE_ALLOWED (pass)          the actor owns the namespace, is listed for it, or is a superuser (official)
//   NAMESPACE_FORBIDDEN (403)         the actor is neither the owner nor listed for the namespace in the owners file
//   OFFICIAL_NAMESPACE_RESERVED (403) the official namespace and the actor is not a superuser
//   NAME_MISMATCH (400)               manifest "name" differs from the folder / URL name
//   SCHEMA_VALID, LICENSE_ALLOWED, FILES_OK (pass)   the passing checks of validatePackage
//   SCHEMA0xx (400 when failing)      a manifest issue (SCHEMA010 = licence not allowed), from validatePackage
//   FILE0xx (400 when failing)        a file problem (unsafe name, size, type), from the scan
//   SCAN_PASSED (pass) / SCAN_BLOCKED (422, details = the scan's errors)   the SoulScan summary
//   SCAN_SUMMARY (info)               the summary when only SCHEMA / FILE errors (reported above) fail the scan
//   SEC0xx, QUALITY0xx, CONSIST0xx (422 when failing)   one check per scan finding, details { file?, line? }
//   VERSION_NEW, VERSION_BUMPED (pass)   no published version yet / greater than the latest published
//   VERSION_EXISTS (409)              the version is already published
//   VERSION_NOT_GREATER (409)         the version is lower than the latest published
//
// Decisions:
// - Owners are lower case in folders and URLs (the build skips any other folder), so an upper-case
//   owner is SOUL_ID_INVALID with the lower-case hint; the actor is compared ignoring case.
// - Superusers have no power beyond the official namespace; owners-file members do not count for it.
// - When several checks fail, the HTTP status is the first in the order 403, 400, 409, 422 (`gateStatus`).
import { RegistryError } from './errors.ts';
import type { ErrorCode } from './errors.ts';
import { GITHUB_LOGIN_RE, VERSION_RE } from './manifest/schemas.ts';
import { checkOwner, normalizeOwner, quoteName, validateSoulId } from './paths.ts';
import type { Finding, ScanResult } from './scan/types.ts';
import { validatePackage } from './validate.ts';
import { compareVersion } from './version-order.ts';
import type { ValidationCheck } from './validate.ts';

export interface GateInput {
  /** Folder / URL owner. */
  owner: string;
  /** Folder / URL name. */
  name: string;
  /** PR author or the token's user. */
  actor: string;
  config: { officialNamespace: string; superusers: readonly string[] };
  /** Logins the owners file lists for this owner. */
  namespaceMembers?: readonly string[];
  /** Parsed soul.json (or the publish body's manifest); JSON text is accepted too. */
  manifest: unknown;
  /** The folder's other files (text; images base64). A soul.json here is replaced by `manifest`. */
  files: Record<string, string>;
  /** Latest published version, null for a new soul. */
  latestVersion: string | null;
  /** Every published version (any order); `latestVersion` is taken as published too. */
  publishedVersions?: readonly string[];
}

export type GateStatus = 400 | 403 | 409 | 422;

export interface GateCheck {
  type: 'pass' | 'fail' | 'warn' | 'info';
  code: string;
  message: string;
  /** The HTTP status a failing check maps to. */
  status?: GateStatus;
  details?: unknown;
}

export interface GateResult {
  /** True when no check failed: the version may be published. */
  ok: boolean;
  checks: GateCheck[];
  /** The SoulScan result (null only when the package could not be assembled). */
  scan: ScanResult | null;
  /** The manifest's version when it is MAJOR.MINOR.PATCH, else null. */
  version: string | null;
}

/** Precedence of failing statuses: the first present is the answer (authorisation, then input, then conflicts, then the scan). */
const STATUS_ORDER: readonly GateStatus[] = [403, 400, 409, 422];
const ERROR_CODE_OF: Record<GateStatus, ErrorCode> = { 403: 'FORBIDDEN', 400: 'VALIDATION_FAILED', 409: 'VERSION_EXISTS', 422: 'UNPROCESSABLE' };
const NAME_MISMATCH_RULE = 'SCHEMA012';

export { compareVersion };

function manifestObject(manifest: unknown): Record<string, unknown> | null {
  let value = manifest;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value.replace(/^\uFEFF/, ''));
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function namespaceChecks(input: GateInput): GateCheck[] {
  const owner = input.owner;
  const actor = typeof input.actor === 'string' ? input.actor.trim() : '';
  if (actor.length === 0 || !GITHUB_LOGIN_RE.test(actor)) {
    return [{ type: 'fail', code: 'NAMESPACE_FORBIDDEN', status: 403, message: `the publisher ${quoteName(actor)} is not a GitHub login; sign in (or open the pull request) with your GitHub account` }];
  }
  const who = normalizeOwner(actor);
  const official = normalizeOwner(input.config.officialNamespace);
  if (normalizeOwner(owner) === official) {
    if (input.config.superusers.some((u) => normalizeOwner(u) === who)) {
      return [{ type: 'pass', code: 'NAMESPACE_ALLOWED', message: `${actor} is a superuser and may publish in the official namespace "${official}"` }];
    }
    return [{ type: 'fail', code: 'OFFICIAL_NAMESPACE_RESERVED', status: 403, message: `the namespace "${official}" is reserved for official souls and only superusers may publish in it; publish under souls/${who}/ instead` }];
  }
  if (normalizeOwner(owner) === who) {
    return [{ type: 'pass', code: 'NAMESPACE_ALLOWED', message: `${actor} owns the namespace "${owner}"` }];
  }
  if ((input.namespaceMembers ?? []).some((m) => typeof m === 'string' && normalizeOwner(m) === who)) {
    return [{ type: 'pass', code: 'NAMESPACE_ALLOWED', message: `${actor} is listed for the namespace "${owner}" in the owners file` }];
  }
  return [
    {
      type: 'fail',
      code: 'NAMESPACE_FORBIDDEN',
      status: 403,
      message: `${actor} may not publish in the namespace "${owner}": publish under souls/${who}/, or ask ${owner} to list ${actor} for "${owner}" in the owners file (${OWNERS_FILE})`,
    },
  ];
}

/** Manifest and file codes: problems of the input (400), not of its content (422). */
function isInputCode(code: string): boolean {
  return code.startsWith('SCHEMA') || code.startsWith('FILE');
}

/** Name of the validatePackage pass check (it has no code of its own), from its message. */
function passCode(check: ValidationCheck): string {
  if (check.message.startsWith('schema valid')) return 'SCHEMA_VALID';
  if (check.message.startsWith('license ')) return 'LICENSE_ALLOWED';
  if (check.message.startsWith('files OK')) return 'FILES_OK';
  if (check.message.startsWith('SoulScan score')) return 'SCAN_PASSED';
  return 'CHECK_PASSED';
}

function fromValidation(check: ValidationCheck, scan: ScanResult | undefined): GateCheck | null {
  if (check.code === NAME_MISMATCH_RULE) return null; // reported as NAME_MISMATCH
  if (check.type === 'pass') {
    const out: GateCheck = { type: 'pass', code: passCode(check), message: check.message };
    if (check.details !== undefined) out.details = check.details;
    return out;
  }
  if (check.code === undefined) {
    // The SoulScan summary when the scan found errors.
    if (check.type === 'fail' && check.message.startsWith('SoulScan score')) {
      // Errors that are all manifest or file problems are already 400 checks of their own.
      if (!(scan?.errors ?? []).some((f) => !isInputCode(f.code))) return { type: 'info', code: 'SCAN_SUMMARY', message: check.message, details: check.details };
      return { type: 'fail', code: 'SCAN_BLOCKED', status: 422, message: check.message, details: { ...(check.details as object), errors: scan?.errors ?? [] } };
    }
    return { type: check.type, code: 'CHECK', message: check.message, ...(check.type === 'fail' ? { status: 400 as const } : {}) };
  }
  const out: GateCheck = { type: check.type, code: check.code, message: check.message };
  if (check.details !== undefined) out.details = check.details;
  if (check.type === 'fail') out.status = isInputCode(check.code) ? 400 : 422;
  return out;
}

function versionChecks(version: string | null, input: GateInput): GateCheck[] {
  if (version === null) return []; // the schema check reports a missing or malformed version
  const latest = typeof input.latestVersion === 'string' && VERSION_RE.test(input.latestVersion) ? input.latestVersion : null;
  const published = new Set((input.publishedVersions ?? []).filter((v) => typeof v === 'string'));
  if (latest !== null) published.add(latest);
  if (latest === null && published.size === 0) {
    return [{ type: 'pass', code: 'VERSION_NEW', message: `version ${version} is the first of ${input.owner}/${input.name}` }];
  }
  const top = [...published].filter((v) => VERSION_RE.test(v)).reduce<string | null>((m, v) => (m === null || compareVersion(v, m) > 0 ? v : m), latest);
  if (published.has(version) || (top !== null && compareVersion(version, top) === 0)) {
    return [{ type: 'fail', code: 'VERSION_EXISTS', status: 409, message: `version ${version} is already published; bump "version" in soul.json`, details: { version, latest: top } }];
  }
  if (top !== null && compareVersion(version, top) < 0) {
    return [
      {
        type: 'fail',
        code: 'VERSION_NOT_GREATER',
        status: 409,
        message: `version ${version} is lower than the latest published ${top}; set "version" in soul.json above ${top}`,
        details: { version, latest: top },
      },
    ];
  }
  return [{ type: 'pass', code: 'VERSION_BUMPED', message: `version ${version} is greater than the latest published ${top ?? '(none)'}` }];
}

/**
 * Decide whether a soul version may be published: namespace, name equals folder, schema and
 * licence (validatePackage), SoulScan without errors, version greater than the latest published.
 * Pure and synchronous; every entry point (PR check, publish endpoint, CLI) calls it.
 *
 * @example
 * const r = runGate({
 *   owner: 'alice', name: 'tutor', actor: 'Alice',
 *   config: { officialNamespace: 'official', superusers: ['admin'] },
 *   manifest, files: { 'SOUL.md': '# Tutor' }, latestVersion: '1.0.0',
 * });
 * r.ok // true when manifest.version > 1.0.0 and nothing else failed
 * gateStatus(r) // null, or 403 | 400 | 409 | 422
 */
export function runGate(input: GateInput): GateResult {
  const checks: GateCheck[] = [];
  const idProblem = validateSoulId(input.owner, input.name);
  if (idProblem !== null) {
    const fix = checkOwner(input.owner) === null ? 'rename the folder' : 'move the soul to souls/<your GitHub login, lower case>/<name>/';
    checks.push({ type: 'fail', code: 'SOUL_ID_INVALID', status: 400, message: `${idProblem}; ${fix}` });
  } else {
    checks.push(...namespaceChecks(input));
  }

  const manifest = manifestObject(input.manifest);
  const manifestName = manifest?.['name'];
  if (typeof manifestName === 'string' && manifestName !== input.name) {
    checks.push({
      type: 'fail',
      code: 'NAME_MISMATCH',
      status: 400,
      message: `soul.json "name" is ${quoteName(manifestName)} but the folder is ${quoteName(input.name)}; set "name": "${input.name}" in soul.json, or rename the folder`,
    });
  }

  const files: Record<string, string> = input.files !== null && typeof input.files === 'object' ? input.files : {};
  const validation = validatePackage({ manifest: input.manifest, files, name: input.name, soulscan: true });
  for (const check of validation.checks) {
    const mapped = fromValidation(check, validation.scan);
    if (mapped) checks.push(mapped);
  }

  const rawVersion = manifest?.['version'];
  const version = typeof rawVersion === 'string' && VERSION_RE.test(rawVersion) ? rawVersion : null;
  checks.push(...versionChecks(version, input));

  return { ok: !checks.some((c) => c.type === 'fail'), checks, scan: validation.scan ?? null, version };
}

/**
 * The HTTP status of a gate result: null when it passed, else the first failing status in the
 * order 403, 400, 409, 422.
 *
 * @example gateStatus(runGate({ ...input, actor: 'mallory' })) // 403
 */
export function gateStatus(result: GateResult): GateStatus | null {
  const failing = new Set(result.checks.filter((c) => c.type === 'fail').map((c) => c.status ?? 400));
  if (failing.size === 0) return null;
  return STATUS_ORDER.find((s) => failing.has(s)) ?? 400;
}

/**
 * The RegistryError a failing gate result answers with (null when it passed): FORBIDDEN (403),
 * VALIDATION_FAILED (400), VERSION_EXISTS (409) or UNPROCESSABLE (422). The message is the first
 * failing check of that status; `details` holds the scan's errors for 422, else the failing checks.
 *
 * @example throw gateError(result) ?? new Error('unreachable') // in a publish handler, after `if (!result.ok)`
 */
export function gateError(result: GateResult): RegistryError | null {
  const status = gateStatus(result);
  if (status === null) return null;
  const failing = result.checks.filter((c) => c.type === 'fail');
  const first = failing.find((c) => (c.status ?? 400) === status) ?? failing[0]!;
  const others = failing.length - 1;
  const message = others > 0 ? `${first.message} (and ${others} more problem${others === 1 ? '' : 's'})` : first.message;
  const details: unknown =
    status === 422 ? (result.scan?.errors ?? []).map(findingDetail) : failing.map((c) => ({ code: c.code, message: c.message, ...(c.details !== undefined ? { details: c.details } : {}) }));
  return new RegistryError(ERROR_CODE_OF[status], message, { details });
}

function findingDetail(f: Finding): Record<string, unknown> {
  return { code: f.code, severity: f.severity, message: f.message, ...(f.file !== undefined ? { file: f.file } : {}), ...(f.line !== undefined ? { line: f.line } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The owners file

/** The owners file at the root of the registry repository. */
export const OWNERS_FILE = 'OWNERS.json';

/** Namespace (lower case) → logins (lower case) that may publish in it besides its owner. */
export type OwnersMap = ReadonlyMap<string, readonly string[]>;

/**
 * Read the owners file (`OWNERS.json`): an object from namespace to the GitHub logins that may
 * publish in it besides the login of the same name, e.g. `{ "acme": ["alice", "bob"] }`; keys
 * starting with "$" (such as "$comment") are ignored. Invalid entries are skipped and reported.
 *
 * @example parseOwnersFile('{ "acme": ["Alice"] }').owners.get('acme') // ['alice']
 */
export function parseOwnersFile(text: string | null | undefined, options: { officialNamespace?: string } = {}): { owners: OwnersMap; problems: string[] } {
  const owners = new Map<string, string[]>();
  const problems: string[] = [];
  if (text === null || text === undefined) return { owners, problems };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { owners, problems: [`${OWNERS_FILE} is not valid JSON; write it as { "namespace": ["login", ...] }`] };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { owners, problems: [`${OWNERS_FILE} must hold a JSON object such as { "acme": ["alice", "bob"] }`] };
  }
  const official = options.officialNamespace !== undefined ? normalizeOwner(options.officialNamespace) : null;
  for (const [key, logins] of Object.entries(value as Record<string, unknown>)) {
    if (key.startsWith('$')) continue;
    const problem = checkOwner(key);
    if (problem !== null) {
      problems.push(`${OWNERS_FILE}: ${problem}`);
      continue;
    }
    if (official !== null && key === official) {
      problems.push(`${OWNERS_FILE}: "${key}" is the official namespace, which only the superusers of registry.config.json may publish in; its entry is ignored`);
      continue;
    }
    if (!Array.isArray(logins)) {
      problems.push(`${OWNERS_FILE}: "${key}" must list GitHub logins, e.g. "${key}": ["alice"]`);
      continue;
    }
    const members: string[] = [];
    for (const login of logins) {
      if (typeof login === 'string' && GITHUB_LOGIN_RE.test(login)) members.push(normalizeOwner(login));
      else problems.push(`${OWNERS_FILE}: ${quoteName(String(login), 40)} under "${key}" is not a GitHub login; remove it`);
    }
    owners.set(key, members);
  }
  return { owners, problems };
}
