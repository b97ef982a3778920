// parseManifest: soul.json (text or value) in, the normalised manifest and every issue out. The one
// place that decides what a manifest problem is, how severe it is and what the message says.
import { validateSoul03, validateSoul04, validateSoul05 } from './validators.generated.js';
import type { GeneratedValidator, ValidatorError } from './validators.generated.js';
import { CORE_FIELDS, EMBODIED_FIELDS, INFERRED_SPEC_VERSION, SPEC_VERSIONS, isSpecVersion } from './schemas.ts';
import type { SpecVersion } from './schemas.ts';
import { MANIFEST_CODES, severityOf } from './issues.ts';
import type { ManifestCode } from './issues.ts';
import { checkLicense, isAllowedLicenseId } from './licenses.ts';
import { convertLegacyEmbodied, checkLawOrder, isPlainObject, sanitizeEmbodied } from './embodied.ts';
import { describeError, escapePointer, show, unescapePointer, valueAt } from './messages.ts';
import { checkFileName, checkSoulName, fileNameKey, quoteName } from '../paths.ts';
import { extensionOf } from '../package.ts';
import type { Manifest, ManifestIssue } from './types.ts';

const VALIDATORS: Record<SpecVersion, GeneratedValidator> = {
  '0.3': validateSoul03,
  '0.4': validateSoul04,
  '0.5': validateSoul05,
};

export interface ParseOptions {
  /** The folder / URL name the soul is published under; `name` must equal it. */
  expectedName?: string;
  /** Names of the package's files; enables the checks of `files` entries. */
  fileNames?: Iterable<string>;
}

export interface ParseResult {
  /** The normalised manifest when there is no error-severity issue, else null. */
  manifest: Manifest | null;
  /** specVersion in effect: the declared one (as a string), or "0.3" when missing. */
  specVersion: string;
  /** The known specVersion whose schema checked the manifest. */
  schemaVersion: SpecVersion;
  /** True when specVersion was missing and 0.3 was assumed. */
  inferred: boolean;
  /** Every problem, in a stable order. */
  issues: ManifestIssue[];
  /** The manifest object after older shapes were converted, even when it has errors; null when not an object. */
  normalized: Record<string, unknown> | null;
}

function issue(code: ManifestCode, path: string, message: string): ManifestIssue {
  return { code, severity: severityOf(code), path, message };
}

function failure(code: ManifestCode, message: string): ParseResult {
  return {
    manifest: null,
    specVersion: INFERRED_SPEC_VERSION,
    schemaVersion: INFERRED_SPEC_VERSION,
    inferred: true,
    issues: [issue(code, '', message)],
    normalized: null,
  };
}

const KNOWN_VERSIONS = `use one of ${SPEC_VERSIONS.map((v) => `"${v}"`).join(', ')}`;
const EMBODIED_LIST: readonly string[] = [...EMBODIED_FIELDS];

/** The known schema an unknown specVersion is checked against: below 0.4 → 0.3, below 0.5 → 0.4, else 0.5. */
export function nearestSpecVersion(declared: string): SpecVersion {
  const m = /^(\d{1,4})(?:\.(\d{1,4}))?/.exec(declared.trim());
  if (!m) return INFERRED_SPEC_VERSION;
  const value = Number(m[1]) + Number(m[2] ?? 0) / 10_000;
  if (value < 0.0004) return '0.3';
  if (value < 0.0005) return '0.4';
  return '0.5';
}

function jsonErrorMessage(text: string, err: unknown): string {
  const raw = err instanceof Error ? err.message : '';
  const pos = /position (\d{1,9})/.exec(raw);
  if (pos) {
    const at = Math.min(Number(pos[1]), text.length);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < at; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    return `soul.json is not valid JSON (error at line ${line}, column ${at - lineStart + 1}); check for a missing comma or quote, a trailing comma, or a comment`;
  }
  if (/end of (?:json )?input/i.test(raw)) return 'soul.json is not valid JSON (it ends too early); check for a missing closing brace or quote';
  return 'soul.json is not valid JSON; check for a missing comma or quote, a trailing comma, or a comment';
}

function topKey(path: string): string {
  const seg = path.slice(1).split('/')[0] ?? '';
  return unescapePointer(seg);
}

function codeFor(keyword: string, path: string, inferred: boolean): ManifestCode {
  const top = topKey(path);
  if (EMBODIED_FIELDS.has(top)) {
    if (keyword === 'type') return MANIFEST_CODES.EMBODIED_SHAPE;
    if (keyword === 'required' && /^\/safety\/laws\/\d{1,4}\/priority$/.test(path)) return MANIFEST_CODES.LAW_PRIORITY;
    return MANIFEST_CODES.EMBODIED_VALUE;
  }
  if (inferred && keyword === 'required' && (path === '/files' || path === '/files/soul')) return MANIFEST_CODES.FILES_MISSING;
  if (!CORE_FIELDS.has(top)) return MANIFEST_CODES.SOFT_FORMAT;
  if (/^\/tags\/\d{1,4}$/.test(path) && keyword !== 'type') return MANIFEST_CODES.SOFT_FORMAT;
  switch (keyword) {
    case 'required':
      return MANIFEST_CODES.REQUIRED;
    case 'type':
      return MANIFEST_CODES.TYPE;
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
    case 'uniqueItems':
    case 'minimum':
    case 'maximum':
      return MANIFEST_CODES.SIZE;
    default:
      return MANIFEST_CODES.FORMAT;
  }
}

function schemaIssues(errors: readonly ValidatorError[], copy: Record<string, unknown>, inferred: boolean): ManifestIssue[] {
  const out: ManifestIssue[] = [];
  const seen = new Set<string>();
  for (const err of errors) {
    const missing = err.keyword === 'required' ? String(err.params['missingProperty'] ?? '') : '';
    const path = err.keyword === 'required' ? `${err.instancePath}/${escapePointer(missing)}` : err.instancePath;
    const key = `${err.keyword}\u0000${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const value = err.keyword === 'required' ? undefined : valueAt(copy, path);
    const parent = err.keyword === 'required' ? valueAt(copy, err.instancePath) : undefined;
    let message = describeError(err, path, value, parent);
    const code = codeFor(err.keyword, path, inferred);
    if (code === MANIFEST_CODES.FILES_MISSING) {
      message = `${path} is missing; add "files": { "soul": "SOUL.md" } and a "specVersion" (older souls without them are accepted with this warning)`;
    }
    out.push(issue(code, path, message));
  }
  return out;
}

function looksLikePackagePath(role: string, value: string): boolean {
  if (role === 'avatarAlt' || value.includes('://') || value.startsWith('data:')) return false;
  return extensionOf(value) !== '';
}

/** Up to this many names, a linear search beats building a Set of them. */
const LINEAR_NAMES = 16;

function fileReferenceIssues(copy: Record<string, unknown>, fileNames: Iterable<string>): ManifestIssue[] {
  const files = copy['files'];
  if (!isPlainObject(files)) return [];
  const list: readonly string[] = Array.isArray(fileNames) ? (fileNames as readonly string[]) : [...fileNames];
  // the names as a set only when there are many (a package's few are searched in place)
  const names: ReadonlySet<string> | null = list.length <= LINEAR_NAMES ? null : new Set<string>(list);
  // The case-folded names, needed only for a reference that is missing.
  let byKey: Map<string, string> | null = null;
  const out: ManifestIssue[] = [];
  for (const role in files) {
    if (!Object.prototype.hasOwnProperty.call(files, role)) continue;
    const value = files[role];
    if (typeof value !== 'string' || value.length === 0) continue;
    if (role !== 'soul' && !looksLikePackagePath(role, value)) continue;
    const problem = checkFileName(value);
    if (problem) {
      const path = `/files/${escapePointer(role)}`;
      out.push(issue(MANIFEST_CODES.SOUL_FILE, path, `${path}: ${quoteName(value)} ${problem}`));
      continue;
    }
    if (names === null ? list.includes(value) : names.has(value)) continue;
    if (byKey === null) {
      byKey = new Map<string, string>();
      for (const n of list) if (typeof n === 'string') byKey.set(fileNameKey(n), n);
    }
    const path = `/files/${escapePointer(role)}`;
    const other = byKey.get(fileNameKey(value));
    const fix = other !== undefined ? `the package has ${quoteName(other)}: use the same case in both places` : role === 'soul' ? 'add the file, or point "soul" at the persona file (usually "SOUL.md")' : 'add the file or remove the entry';
    out.push(issue(role === 'soul' ? MANIFEST_CODES.SOUL_FILE : MANIFEST_CODES.FILE_REFERENCE, path, `${path} names ${quoteName(value)}, which is not in the package; ${fix}`));
  }
  return out;
}

/**
 * Parse and check a soul manifest: JSON syntax, the JSON Schema of its specVersion (precompiled
 * ajv), the license policy, the embodied fields of 0.5 (older shapes converted with a warning),
 * and, when options are given, name matching and the files it names.
 *
 * A soul without specVersion is checked as 0.3 with a warning, and a missing `files` is then a
 * warning too (real published souls lack both). An unknown specVersion is a warning and is
 * checked against the nearest known schema.
 *
 * @example
 * const { manifest, issues } = parseManifest('{"name":"tutor","version":"1.0", ...}');
 * issues[0].message // '/version: "1.0" is not MAJOR.MINOR.PATCH; use e.g. "1.0.0"'
 */
export function parseManifest(input: unknown, options: ParseOptions = {}): ParseResult {
  const fail = failure;
  if (input === undefined) return fail(MANIFEST_CODES.MISSING, 'soul.json is missing; add a manifest with name, displayName, version, description, license, category and files');
  let value: unknown = input;
  if (typeof input === 'string') {
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return fail(MANIFEST_CODES.NOT_JSON, jsonErrorMessage(text, err));
    }
  }
  if (!isPlainObject(value)) {
    return fail(MANIFEST_CODES.NOT_OBJECT, `soul.json holds ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}; it must be a JSON object such as { "name": "my-soul", ... }`);
  }

  const issues: ManifestIssue[] = [];
  const declared = value['specVersion'];
  let specVersion: string;
  let schemaVersion: SpecVersion;
  let inferred = false;
  const known = KNOWN_VERSIONS;
  if (declared === undefined) {
    inferred = true;
    specVersion = INFERRED_SPEC_VERSION;
    schemaVersion = INFERRED_SPEC_VERSION;
    issues.push(issue(MANIFEST_CODES.SPEC_MISSING, '/specVersion', '/specVersion is missing; checked as 0.3. Add "specVersion": "0.4" (or "0.5" for embodied agents)'));
  } else if (isSpecVersion(declared)) {
    specVersion = declared;
    schemaVersion = declared;
  } else {
    specVersion = typeof declared === 'number' && Number.isFinite(declared) ? String(declared) : typeof declared === 'string' ? declared : INFERRED_SPEC_VERSION;
    schemaVersion = isSpecVersion(specVersion) ? specVersion : nearestSpecVersion(specVersion);
    const what = typeof declared === 'string' ? `${show(declared)} is not a known version` : `is ${typeof declared === 'number' ? 'a number' : 'not a string'}`;
    const fix = typeof declared === 'number' && isSpecVersion(specVersion) ? `write it as the string "${specVersion}"` : known;
    issues.push(issue(MANIFEST_CODES.SPEC_UNKNOWN, '/specVersion', `/specVersion ${what}; checked as ${schemaVersion}. ${fix[0]!.toUpperCase()}${fix.slice(1)}`));
  }

  // A working copy: top level cloned, embodied subtrees deep-cloned before conversion.
  const copy: Record<string, unknown> = { ...value, specVersion: schemaVersion };
  const embodiedPresent: string[] = [];
  for (const f of EMBODIED_LIST) if (copy[f] !== undefined) embodiedPresent.push(f);
  for (const f of embodiedPresent) {
    try {
      copy[f] = JSON.parse(JSON.stringify(copy[f]) ?? 'null');
    } catch {
      copy[f] = null; // not JSON data (a cycle, a BigInt): reported as the wrong shape below
    }
  }
  if (schemaVersion === '0.5') {
    convertLegacyEmbodied(copy, issues);
  } else if (embodiedPresent.length > 0) {
    issues.push(
      issue(MANIFEST_CODES.EMBODIED_OUTSIDE_05, `/${embodiedPresent[0]}`, `${embodiedPresent.join(', ')} ${embodiedPresent.length === 1 ? 'is an embodied field' : 'are embodied fields'} of specVersion 0.5 and ${embodiedPresent.length === 1 ? 'is' : 'are'} ignored under ${specVersion}; set "specVersion": "0.5" to have ${embodiedPresent.length === 1 ? 'it' : 'them'} checked`),
    );
  }

  const validate = VALIDATORS[schemaVersion];
  if (!validate(copy)) issues.push(...schemaIssues(validate.errors ?? [], copy, inferred));

  const license = copy['license'];
  // an allowed id as it is (the usual license) has no issue: its verdict's message is not built
  if (typeof license === 'string' && !isAllowedLicenseId(license) && license.trim().length > 0) {
    const verdict = checkLicense(license);
    if (verdict.status === 'disallowed') issues.push(issue(MANIFEST_CODES.LICENSE_DISALLOWED, '/license', `/license: ${verdict.message}`));
    else if (verdict.status === 'unknown') issues.push(issue(MANIFEST_CODES.LICENSE_UNKNOWN, '/license', `/license: ${verdict.message}`));
  }

  const name = copy['name'];
  // An invalid name is already reported; renaming it fixes both.
  if (options.expectedName !== undefined && typeof name === 'string' && name !== options.expectedName && checkSoulName(name) === null) {
    issues.push(
      issue(MANIFEST_CODES.NAME_MISMATCH, '/name', `/name ${show(name)} does not match the folder / URL name ${show(options.expectedName)}; set "name": ${show(options.expectedName)} or publish under ${show(name)}`),
    );
  }

  if (options.fileNames !== undefined) issues.push(...fileReferenceIssues(copy, options.fileNames));

  if (schemaVersion === '0.5') {
    checkLawOrder(copy, issues);
    sanitizeEmbodied(copy);
  } else {
    // deleting a key the object lacks still costs a lookup each; the present ones are these
    for (const f of EMBODIED_LIST) if (Object.prototype.hasOwnProperty.call(copy, f)) delete copy[f];
  }

  // Give the normalised object its declared specVersion back (a number as its string form).
  if (declared === undefined) delete copy['specVersion'];
  else copy['specVersion'] = specVersion;

  const hasError = issues.some((i) => i.severity === 'error');
  return {
    manifest: hasError ? null : (copy as Manifest),
    specVersion,
    schemaVersion,
    inferred,
    issues,
    normalized: copy,
  };
}
